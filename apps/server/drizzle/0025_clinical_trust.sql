CREATE TYPE "public"."disposal_reason" AS ENUM('expired', 'damaged', 'recalled', 'other');--> statement-breakpoint
CREATE TYPE "public"."lot_status" AS ENUM('available', 'quarantined', 'recalled');--> statement-breakpoint
ALTER TYPE "public"."alert_kind" ADD VALUE 'recalled';--> statement-breakpoint
ALTER TYPE "public"."usage_kind" ADD VALUE 'disposal';--> statement-breakpoint
ALTER TYPE "public"."usage_kind" ADD VALUE 'return';--> statement-breakpoint
CREATE TABLE "implants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"treatment_log_id" uuid NOT NULL,
	"treatment_log_product_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"stock_id" uuid,
	"udi" text NOT NULL,
	"device_identifier" text NOT NULL,
	"lot_number" text DEFAULT '' NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"expiry_date" date,
	"site" text NOT NULL,
	"implanted_by" uuid,
	"implanted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recall_contacts" (
	"company_id" uuid NOT NULL,
	"recall_key" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"contacted_by" uuid,
	"contacted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recall_contacts_company_id_recall_key_patient_id_pk" PRIMARY KEY("company_id","recall_key","patient_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "implantable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_usages" ADD COLUMN "disposal_reason" "disposal_reason";--> statement-breakpoint
ALTER TABLE "stock_usages" ADD COLUMN "credit_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "stock_usages" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "stocks" ADD COLUMN "status" "lot_status" DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "stocks" ADD COLUMN "status_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stocks" ADD COLUMN "status_reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stocks" ADD COLUMN "status_changed_by" uuid;--> statement-breakpoint
ALTER TABLE "stocks" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "implants" ADD CONSTRAINT "implants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implants" ADD CONSTRAINT "implants_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implants" ADD CONSTRAINT "implants_treatment_log_id_treatment_logs_id_fk" FOREIGN KEY ("treatment_log_id") REFERENCES "public"."treatment_logs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implants" ADD CONSTRAINT "implants_treatment_log_product_id_treatment_log_products_id_fk" FOREIGN KEY ("treatment_log_product_id") REFERENCES "public"."treatment_log_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implants" ADD CONSTRAINT "implants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implants" ADD CONSTRAINT "implants_stock_id_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implants" ADD CONSTRAINT "implants_implanted_by_users_id_fk" FOREIGN KEY ("implanted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_contacts" ADD CONSTRAINT "recall_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_contacts" ADD CONSTRAINT "recall_contacts_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_contacts" ADD CONSTRAINT "recall_contacts_contacted_by_users_id_fk" FOREIGN KEY ("contacted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "implants_line_unique" ON "implants" USING btree ("treatment_log_product_id");--> statement-breakpoint
CREATE INDEX "implants_patient_implanted_idx" ON "implants" USING btree ("patient_id","implanted_at");--> statement-breakpoint
CREATE INDEX "implants_company_serial_idx" ON "implants" USING btree ("company_id",lower("serial_number")) WHERE "implants"."serial_number" <> '';--> statement-breakpoint
CREATE INDEX "implants_company_device_idx" ON "implants" USING btree ("company_id","device_identifier");--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_usages_write_offs_idx" ON "stock_usages" USING btree ("company_id","created_at") WHERE "stock_usages"."disposal_reason" is not null or "stock_usages"."credit_amount" is not null;--> statement-breakpoint
ALTER TABLE "stock_usages" ADD CONSTRAINT "stock_usages_write_off_fields" CHECK (("stock_usages"."kind"::text = 'disposal') = ("stock_usages"."disposal_reason" is not null) and ("stock_usages"."kind"::text = 'return') = ("stock_usages"."credit_amount" is not null) and ("stock_usages"."credit_amount" is null or "stock_usages"."credit_amount" >= 0));--> statement-breakpoint
-- Disposals and returns leave the shelf as removed units: the lot's counters and CHECKs hold them too.
CREATE OR REPLACE FUNCTION "stock_usages_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stocks" SET
    "units_used" = "units_used" + CASE WHEN NEW."kind" = 'treatment' THEN NEW."quantity" ELSE 0 END,
    "units_consumed" = "units_consumed" + CASE WHEN NEW."kind" IN ('manual', 'reconciliation') THEN NEW."quantity" ELSE 0 END,
    "units_removed" = "units_removed" + CASE WHEN NEW."kind" IN ('removal', 'disposal', 'return') THEN NEW."quantity" ELSE 0 END,
    "updated_at" = now()
  WHERE "id" = NEW."stock_id";
  RETURN NEW;
END $$;
