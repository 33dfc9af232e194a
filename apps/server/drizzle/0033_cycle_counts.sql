CREATE TYPE "public"."count_scope" AS ENUM('location', 'category', 'place', 'a_items');--> statement-breakpoint
CREATE TYPE "public"."count_status" AS ENUM('open', 'submitted', 'approved', 'canceled');--> statement-breakpoint
ALTER TYPE "public"."usage_kind" ADD VALUE 'count';--> statement-breakpoint
CREATE TABLE "stock_count_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"count_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"stock_id" uuid,
	"place_id" uuid,
	"lot_number" text DEFAULT '' NOT NULL,
	"expiry_date" date,
	"unit_price" numeric(16, 5) NOT NULL,
	"is_found" boolean DEFAULT false NOT NULL,
	"counted_units" numeric(14, 3),
	"expected_units" numeric(14, 3),
	"counted_by" uuid,
	"counted_at" timestamp with time zone,
	"adjusted_units" numeric(14, 3),
	CONSTRAINT "stock_count_lines_counted_not_negative" CHECK ("stock_count_lines"."counted_units" is null or "stock_count_lines"."counted_units" >= 0),
	CONSTRAINT "stock_count_lines_found_units_positive" CHECK (not "stock_count_lines"."is_found" or "stock_count_lines"."counted_units" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_counts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"scope" "count_scope" NOT NULL,
	"category_id" uuid,
	"place_id" uuid,
	"status" "count_status" DEFAULT 'open' NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"canceled_by" uuid,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "stock_counts_scope_target" CHECK (("stock_counts"."scope"::text = 'category') = ("stock_counts"."category_id" is not null) and ("stock_counts"."scope"::text = 'place') = ("stock_counts"."place_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "stocks" DROP CONSTRAINT "stocks_counters_not_negative";--> statement-breakpoint
ALTER TABLE "stocks" ADD COLUMN "found_in_count_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_stock_id_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_place_fk" FOREIGN KEY ("place_id","company_id") REFERENCES "public"."storage_places"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_canceled_by_users_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_place_fk" FOREIGN KEY ("place_id","company_id") REFERENCES "public"."storage_places"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_count_lines_count_stock_unique" ON "stock_count_lines" USING btree ("count_id","stock_id") WHERE "stock_count_lines"."stock_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_count_lines_count_idx" ON "stock_count_lines" USING btree ("count_id","product_id","expiry_date");--> statement-breakpoint
CREATE INDEX "stock_count_lines_stock_idx" ON "stock_count_lines" USING btree ("stock_id") WHERE "stock_count_lines"."stock_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_counts_one_under_way" ON "stock_counts" USING btree ("company_id") WHERE "stock_counts"."status" in ('open', 'submitted');--> statement-breakpoint
CREATE INDEX "stock_counts_company_started_idx" ON "stock_counts" USING btree ("company_id","started_at");--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_counters_not_negative" CHECK ("stocks"."units_used" >= 0 and "stocks"."units_consumed" >= 0);--> statement-breakpoint
-- Hand-written below (issue 34, cycle counts; docs/decisions.md, Cycle counts).
-- A lot found by a count points at it; the schema file cannot name stock_counts (it imports stocks).
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_found_in_count_fk" FOREIGN KEY ("found_in_count_id") REFERENCES "public"."stock_counts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A count's adjustment leaves (or, negative, comes back to) its lot as removed units: the balance
-- CHECK holds the lot, and it is never usage, waste or spend (the reports sum other kinds).
CREATE OR REPLACE FUNCTION "stock_usages_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stocks" SET
    "units_used" = "units_used" + CASE WHEN NEW."kind" = 'treatment' THEN NEW."quantity" ELSE 0 END,
    "units_consumed" = "units_consumed" + CASE WHEN NEW."kind" IN ('manual', 'reconciliation') THEN NEW."quantity" ELSE 0 END,
    "units_removed" = "units_removed" + CASE WHEN NEW."kind" IN ('removal', 'disposal', 'return', 'move', 'count') THEN NEW."quantity" ELSE 0 END,
    "updated_at" = now()
  WHERE "id" = NEW."stock_id";
  RETURN NEW;
END $$;--> statement-breakpoint
-- Only a count's surplus takes units_removed below zero: every other removing kind is positive.
ALTER TABLE "stock_usages" ADD CONSTRAINT "stock_usages_removals_positive" CHECK ("stock_usages"."kind"::text NOT IN ('removal', 'disposal', 'return', 'move') OR "stock_usages"."quantity" > 0);--> statement-breakpoint
-- A lot found on the shelf by a count was never bought here: it adds nothing to spend, as a lot
-- made by a move adds nothing.
CREATE OR REPLACE FUNCTION "report_stock_spend"(s "stocks", sign numeric) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF s."is_consignment" THEN
    PERFORM "report_add_spend"(s."company_id", d."day", s."supplier_id", sign * d."spend")
      FROM (SELECT "report_utc_day"(u."created_at") AS "day", sum(u."quantity" * u."unit_price") AS "spend"
              FROM "stock_usages" u WHERE u."stock_id" = s."id" AND u."kind" IN ('treatment', 'manual') GROUP BY 1) d;
  ELSIF s."moved_from_stock_id" IS NULL AND s."found_in_count_id" IS NULL THEN
    PERFORM "report_add_spend"(s."company_id", "report_utc_day"(s."created_at"), s."supplier_id", sign * s."container_quantity" * s."price_per_container");
  END IF;
END $$;--> statement-breakpoint
-- The rebuild sums spend as the trigger does: lots made by a move or found by a count add none.
CREATE OR REPLACE FUNCTION "report_rollups_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "report_daily_usage";
  DELETE FROM "report_daily_spend";
  DELETE FROM "report_daily_treatments";
  INSERT INTO "report_daily_usage" ("company_id", "day", "product_id", "units", "cost")
    SELECT "company_id", "report_utc_day"("created_at"), "product_id", sum("quantity"), sum("quantity" * "unit_price")
      FROM "stock_usages" WHERE "kind" IN ('treatment', 'manual') GROUP BY 1, 2, 3;
  INSERT INTO "report_daily_spend" ("company_id", "day", "supplier_id", "spend")
    SELECT "company_id", "day", "supplier_id", sum("spend") FROM (
      SELECT s."company_id", "report_utc_day"(s."created_at") AS "day", s."supplier_id", s."container_quantity" * s."price_per_container" AS "spend"
        FROM "stocks" s WHERE NOT s."is_consignment" AND s."moved_from_stock_id" IS NULL AND s."found_in_count_id" IS NULL
      UNION ALL
      SELECT u."company_id", "report_utc_day"(u."created_at"), s."supplier_id", u."quantity" * u."unit_price"
        FROM "stock_usages" u JOIN "stocks" s ON s."id" = u."stock_id" WHERE s."is_consignment" AND u."kind" IN ('treatment', 'manual')
    ) x GROUP BY 1, 2, 3;
  INSERT INTO "report_daily_treatments" ("company_id", "day", "treatment_id", "performed", "cost")
    SELECT "company_id", "day", "treatment_id", sum("performed"), sum("cost") FROM (
      SELECT l."company_id", "report_utc_day"(l."created_at") AS "day", t."treatment_id", 1 AS "performed", 0::numeric AS "cost"
        FROM "treatment_log_treatments" t JOIN "treatment_logs" l ON l."id" = t."treatment_log_id"
      UNION ALL
      SELECT l."company_id", "report_utc_day"(l."created_at"), p."treatment_id", 0, p."cost"
        FROM "treatment_log_products" p JOIN "treatment_logs" l ON l."id" = p."treatment_log_id"
    ) x GROUP BY 1, 2, 3;
$$;
