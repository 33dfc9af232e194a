CREATE TABLE "treatment_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatment_products" (
	"treatment_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	CONSTRAINT "treatment_products_treatment_id_product_id_pk" PRIMARY KEY("treatment_id","product_id"),
	CONSTRAINT "treatment_products_quantity_positive" CHECK ("treatment_products"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "treatments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"category_id" uuid,
	"treatment_code" text NOT NULL,
	"name" text NOT NULL,
	"abbreviation" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "treatment_categories" ADD CONSTRAINT "treatment_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_products" ADD CONSTRAINT "treatment_products_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_products" ADD CONSTRAINT "treatment_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_category_id_treatment_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."treatment_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_categories_name_unique" ON "treatment_categories" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "treatment_products_product_idx" ON "treatment_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "treatments_code_unique" ON "treatments" USING btree ("company_id",lower("treatment_code")) WHERE "treatments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "treatments_company_code_idx" ON "treatments" USING btree ("company_id","treatment_code") WHERE "treatments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "treatments_category_idx" ON "treatments" USING btree ("category_id") WHERE "treatments"."deleted_at" is null;