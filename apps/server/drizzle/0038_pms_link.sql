CREATE TYPE "public"."pms_kind" AS ENUM('open_dental', 'csv');--> statement-breakpoint
CREATE TYPE "public"."pms_procedure_status" AS ENUM('waiting', 'recorded', 'dismissed', 'reversed');--> statement-breakpoint
CREATE TYPE "public"."production_source" AS ENUM('typed', 'csv');--> statement-breakpoint
CREATE TABLE "pms_code_mappings" (
	"company_id" uuid NOT NULL,
	"code" text NOT NULL,
	"treatment_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pms_code_mappings_company_id_code_pk" PRIMARY KEY("company_id","code")
);
--> statement-breakpoint
CREATE TABLE "pms_connections" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"kind" "pms_kind" NOT NULL,
	"base_url" text,
	"clinic_num" integer,
	"developer_key_encrypted" text,
	"customer_key_encrypted" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"take_stock_on_complete" boolean DEFAULT false NOT NULL,
	"cursor" jsonb,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"connected_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pms_procedures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"source" "pms_kind" NOT NULL,
	"external_id" text NOT NULL,
	"chart_number" text NOT NULL,
	"patient_ref" text,
	"appointment_ref" text,
	"code" text NOT NULL,
	"fee" numeric(14, 2) DEFAULT 0 NOT NULL,
	"performed_on" date NOT NULL,
	"status" "pms_procedure_status" DEFAULT 'waiting' NOT NULL,
	"problem" text,
	"deleted_in_pms" boolean DEFAULT false NOT NULL,
	"treatment_log_id" uuid,
	"recorded_at" timestamp with time zone,
	"recorded_by" uuid,
	"changed_in_pms_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "production_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" "production_source" NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_days_company_id_day_source_pk" PRIMARY KEY("company_id","day","source")
);
--> statement-breakpoint
ALTER TABLE "pms_code_mappings" ADD CONSTRAINT "pms_code_mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_code_mappings" ADD CONSTRAINT "pms_code_mappings_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_connections" ADD CONSTRAINT "pms_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_connections" ADD CONSTRAINT "pms_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_procedures" ADD CONSTRAINT "pms_procedures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_procedures" ADD CONSTRAINT "pms_procedures_treatment_log_id_treatment_logs_id_fk" FOREIGN KEY ("treatment_log_id") REFERENCES "public"."treatment_logs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_procedures" ADD CONSTRAINT "pms_procedures_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_days" ADD CONSTRAINT "production_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pms_procedures_external_idx" ON "pms_procedures" USING btree ("company_id","source","external_id");--> statement-breakpoint
CREATE INDEX "pms_procedures_waiting_idx" ON "pms_procedures" USING btree ("company_id","performed_on") WHERE "pms_procedures"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "pms_procedures_company_day_idx" ON "pms_procedures" USING btree ("company_id","performed_on");