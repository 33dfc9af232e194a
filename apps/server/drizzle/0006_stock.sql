CREATE TYPE "public"."alert_kind" AS ENUM('low_stock', 'expiring', 'expired');--> statement-breakpoint
CREATE TYPE "public"."usage_kind" AS ENUM('treatment', 'manual', 'reconciliation', 'removal');--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"stock_id" uuid,
	"kind" "alert_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismissed_by" uuid,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "consumption_requests" (
	"company_id" uuid NOT NULL,
	"key" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consumption_requests_company_id_key_pk" PRIMARY KEY("company_id","key")
);
--> statement-breakpoint
CREATE TABLE "stock_usages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"stock_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" "usage_kind" NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_price" numeric(16, 5) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"treatment_log_product_id" uuid,
	"consumption_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_usages_quantity_nonzero" CHECK ("stock_usages"."quantity" <> 0)
);
--> statement-breakpoint
CREATE TABLE "stocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"supplier_id" uuid,
	"container_quantity" integer NOT NULL,
	"units_per_container" integer NOT NULL,
	"price_per_container" numeric(14, 2) NOT NULL,
	"unit_price" numeric(16, 5) NOT NULL,
	"total_units" integer GENERATED ALWAYS AS ("stocks"."container_quantity" * "stocks"."units_per_container") STORED NOT NULL,
	"units_used" numeric(14, 3) DEFAULT '0' NOT NULL,
	"units_consumed" numeric(14, 3) DEFAULT '0' NOT NULL,
	"units_removed" numeric(14, 3) DEFAULT '0' NOT NULL,
	"units_left" numeric(14, 3) GENERATED ALWAYS AS ("stocks"."container_quantity" * "stocks"."units_per_container" - "stocks"."units_used" - "stocks"."units_consumed" - "stocks"."units_removed") STORED NOT NULL,
	"expiry_date" date,
	"lot_number" text DEFAULT '' NOT NULL,
	"is_consignment" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"has_unique_lot" boolean DEFAULT false NOT NULL,
	"running_list_product_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "stocks_balance_not_negative" CHECK ("stocks"."container_quantity" * "stocks"."units_per_container" - "stocks"."units_used" - "stocks"."units_consumed" - "stocks"."units_removed" >= 0),
	CONSTRAINT "stocks_counters_not_negative" CHECK ("stocks"."units_used" >= 0 and "stocks"."units_consumed" >= 0 and "stocks"."units_removed" >= 0),
	CONSTRAINT "stocks_sizes_positive" CHECK ("stocks"."container_quantity" > 0 and "stocks"."units_per_container" > 0 and "stocks"."price_per_container" >= 0),
	CONSTRAINT "stocks_note_length" CHECK (char_length("stocks"."note") <= 300)
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_stock_id_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumption_requests" ADD CONSTRAINT "consumption_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_usages" ADD CONSTRAINT "stock_usages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_usages" ADD CONSTRAINT "stock_usages_stock_id_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_usages" ADD CONSTRAINT "stock_usages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_usages" ADD CONSTRAINT "stock_usages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_live_unique" ON "alerts" USING btree ("company_id","kind","product_id",coalesce("stock_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_open_idx" ON "alerts" USING btree ("company_id","kind","created_at") WHERE "alerts"."resolved_at" is null and "alerts"."dismissed_at" is null;--> statement-breakpoint
CREATE INDEX "stock_usages_stock_idx" ON "stock_usages" USING btree ("stock_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_usages_company_product_created_idx" ON "stock_usages" USING btree ("company_id","product_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_usages_company_created_idx" ON "stock_usages" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "stocks_company_product_created_idx" ON "stocks" USING btree ("company_id","product_id","created_at");--> statement-breakpoint
CREATE INDEX "stocks_live_lots_idx" ON "stocks" USING btree ("company_id","product_id","expiry_date","id") WHERE "stocks"."deleted_at" is null and "stocks"."units_left" > 0;--> statement-breakpoint
CREATE INDEX "stocks_product_live_idx" ON "stocks" USING btree ("product_id") WHERE "stocks"."deleted_at" is null and "stocks"."units_left" > 0;--> statement-breakpoint
-- The ledger is the only way units leave a stock: each usage row moves the stock's counters in
-- the same statement, so the CHECKs on stocks refuse any usage that would overdraw it.
CREATE FUNCTION "stock_usages_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stocks" SET
    "units_used" = "units_used" + CASE WHEN NEW."kind" = 'treatment' THEN NEW."quantity" ELSE 0 END,
    "units_consumed" = "units_consumed" + CASE WHEN NEW."kind" IN ('manual', 'reconciliation') THEN NEW."quantity" ELSE 0 END,
    "units_removed" = "units_removed" + CASE WHEN NEW."kind" = 'removal' THEN NEW."quantity" ELSE 0 END,
    "updated_at" = now()
  WHERE "id" = NEW."stock_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "stock_usages_apply" AFTER INSERT ON "stock_usages" FOR EACH ROW EXECUTE FUNCTION "stock_usages_apply"();--> statement-breakpoint
-- Append-only: history is corrected by new rows (a negative reconciliation), never rewritten.
CREATE FUNCTION "stock_usages_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_usages is append-only';
END $$;--> statement-breakpoint
CREATE TRIGGER "stock_usages_append_only" BEFORE UPDATE OR DELETE ON "stock_usages" FOR EACH ROW EXECUTE FUNCTION "stock_usages_append_only"();
