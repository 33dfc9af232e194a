CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"chart_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatment_log_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"treatment_log_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"treatment_id" uuid,
	"product_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"cost" numeric(14, 2) NOT NULL,
	"unit_price" numeric(16, 5) NOT NULL,
	"lot_number" text DEFAULT '' NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	CONSTRAINT "treatment_log_products_quantity_positive" CHECK ("treatment_log_products"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "treatment_log_treatments" (
	"treatment_log_id" uuid NOT NULL,
	"treatment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "treatment_log_treatments_treatment_log_id_treatment_id_pk" PRIMARY KEY("treatment_log_id","treatment_id")
);
--> statement-breakpoint
CREATE TABLE "treatment_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"case_notes" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"recording_transcript" text DEFAULT '' NOT NULL,
	"recording_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_log_products" ADD CONSTRAINT "treatment_log_products_treatment_log_id_treatment_logs_id_fk" FOREIGN KEY ("treatment_log_id") REFERENCES "public"."treatment_logs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_log_products" ADD CONSTRAINT "treatment_log_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_log_products" ADD CONSTRAINT "treatment_log_products_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_log_products" ADD CONSTRAINT "treatment_log_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_log_treatments" ADD CONSTRAINT "treatment_log_treatments_treatment_log_id_treatment_logs_id_fk" FOREIGN KEY ("treatment_log_id") REFERENCES "public"."treatment_logs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_log_treatments" ADD CONSTRAINT "treatment_log_treatments_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_logs" ADD CONSTRAINT "treatment_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_logs" ADD CONSTRAINT "treatment_logs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_logs" ADD CONSTRAINT "treatment_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_chart_number_unique" ON "patients" USING btree ("company_id",lower("chart_number"));--> statement-breakpoint
CREATE INDEX "treatment_log_products_log_idx" ON "treatment_log_products" USING btree ("treatment_log_id");--> statement-breakpoint
CREATE INDEX "treatment_log_treatments_treatment_idx" ON "treatment_log_treatments" USING btree ("treatment_id");--> statement-breakpoint
CREATE INDEX "treatment_logs_patient_created_idx" ON "treatment_logs" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "treatment_logs_company_created_idx" ON "treatment_logs" USING btree ("company_id","created_at");