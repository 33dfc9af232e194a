CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."attachment_type" AS ENUM('image', 'video', 'document');--> statement-breakpoint
CREATE TYPE "public"."basic_unit" AS ENUM('oz', 'ml', 'gram', 'mg', 'item', 'cartridge', 'tube');--> statement-breakpoint
CREATE TYPE "public"."container" AS ENUM('bottle', 'unit', 'box', 'cartridge', 'tube', 'bag', 'jar', 'package', 'roll', 'each', 'case', 'vial', 'kit', 'can');--> statement-breakpoint
CREATE TYPE "public"."product_type" AS ENUM('disposable', 'consumable');--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"company_id" uuid,
	"name" text NOT NULL,
	"type" "attachment_type" NOT NULL,
	"value" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_company_settings" (
	"product_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"minimum_stock" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_company_settings_product_id_company_id_pk" PRIMARY KEY("product_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"barcode" text DEFAULT '' NOT NULL,
	"manufacturer_code" text DEFAULT '' NOT NULL,
	"type" "product_type" NOT NULL,
	"container" "container" NOT NULL,
	"basic_unit" "basic_unit" NOT NULL,
	"weight_or_volume" numeric(14, 4),
	"category_id" uuid,
	"supplier_id" uuid,
	"expires_at" date,
	"product_image_url" text,
	"box_image_url" text,
	"is_approved" boolean DEFAULT false NOT NULL,
	"is_usage_tracking_on" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("products"."name" || ' ' || "products"."brand" || ' ' || "products"."barcode" || ' ' || "products"."manufacturer_code")) STORED NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attachments" ADD CONSTRAINT "product_attachments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attachments" ADD CONSTRAINT "product_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attachments" ADD CONSTRAINT "product_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_company_settings" ADD CONSTRAINT "product_company_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_company_settings" ADD CONSTRAINT "product_company_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_unique" ON "categories" USING btree (coalesce("company_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "categories_company_name_idx" ON "categories" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "product_attachments_product_idx" ON "product_attachments" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "product_company_settings_company_idx" ON "product_company_settings" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_unique" ON "products" USING btree (coalesce("company_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name")) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_barcode_unique" ON "products" USING btree (coalesce("company_id", '00000000-0000-0000-0000-000000000000'::uuid),"barcode") WHERE "products"."deleted_at" is null and "products"."barcode" <> '';--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_approved_name_idx" ON "products" USING btree ("is_approved","name");--> statement-breakpoint
CREATE INDEX "products_company_name_idx" ON "products" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_barcode_idx" ON "products" USING btree ("barcode");