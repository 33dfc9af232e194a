CREATE TABLE "report_daily_spend" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"supplier_id" uuid,
	"spend" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "report_daily_spend_key" UNIQUE NULLS NOT DISTINCT("company_id","day","supplier_id")
);
--> statement-breakpoint
CREATE TABLE "report_daily_treatments" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"treatment_id" uuid,
	"performed" integer DEFAULT 0 NOT NULL,
	"cost" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "report_daily_treatments_key" UNIQUE NULLS NOT DISTINCT("company_id","day","treatment_id")
);
--> statement-breakpoint
CREATE TABLE "report_daily_usage" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"units" numeric DEFAULT '0' NOT NULL,
	"cost" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "report_daily_usage_company_id_day_product_id_pk" PRIMARY KEY("company_id","day","product_id")
);
--> statement-breakpoint
DROP INDEX "treatment_logs_company_created_idx";--> statement-breakpoint
ALTER TABLE "report_daily_spend" ADD CONSTRAINT "report_daily_spend_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_daily_treatments" ADD CONSTRAINT "report_daily_treatments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_daily_usage" ADD CONSTRAINT "report_daily_usage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stocks_company_expiry_live_idx" ON "stocks" USING btree ("company_id","expiry_date") WHERE "stocks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "treatment_logs_company_created_idx" ON "treatment_logs" USING btree ("company_id","created_at","patient_id");--> statement-breakpoint
-- Daily rollups for the dashboard (docs/decisions.md, Reports), kept in the same transaction as
-- the rows they sum. Statement triggers fold a whole statement's rows and upsert them in key order,
-- so two visits touching the same rollup rows take their locks in the same order.
CREATE FUNCTION "report_utc_day"(ts timestamptz) RETURNS date LANGUAGE sql STABLE AS $$ SELECT (ts AT TIME ZONE 'UTC')::date $$;--> statement-breakpoint
CREATE FUNCTION "report_add_spend"(p_company uuid, p_day date, p_supplier uuid, p_spend numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "report_daily_spend" ("company_id", "day", "supplier_id", "spend") VALUES (p_company, p_day, p_supplier, p_spend)
  ON CONFLICT ON CONSTRAINT "report_daily_spend_key" DO UPDATE SET "spend" = "report_daily_spend"."spend" + EXCLUDED."spend"
$$;--> statement-breakpoint
-- What one lot adds to purchase spend: an owned lot its price on the day it was received; a
-- consignment lot the units used, on the days they were used.
CREATE FUNCTION "report_stock_spend"(s "stocks", sign numeric) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF s."is_consignment" THEN
    PERFORM "report_add_spend"(s."company_id", d."day", s."supplier_id", sign * d."spend")
      FROM (SELECT "report_utc_day"(u."created_at") AS "day", sum(u."quantity" * u."unit_price") AS "spend"
              FROM "stock_usages" u WHERE u."stock_id" = s."id" AND u."kind" IN ('treatment', 'manual') GROUP BY 1) d;
  ELSE
    PERFORM "report_add_spend"(s."company_id", "report_utc_day"(s."created_at"), s."supplier_id", sign * s."container_quantity" * s."price_per_container");
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "stocks_report_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_stock_spend"(NEW, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stocks_report_insert" AFTER INSERT ON "stocks" FOR EACH ROW EXECUTE FUNCTION "stocks_report_insert"();--> statement-breakpoint
CREATE FUNCTION "stocks_report_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_stock_spend"(OLD, -1);
  PERFORM "report_stock_spend"(NEW, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only a receipt's own figures move spend; the counters the ledger moves never fire it.
CREATE TRIGGER "stocks_report_update" AFTER UPDATE OF "company_id", "supplier_id", "container_quantity", "price_per_container", "is_consignment", "created_at" ON "stocks" FOR EACH ROW
  WHEN (OLD."company_id" IS DISTINCT FROM NEW."company_id" OR OLD."supplier_id" IS DISTINCT FROM NEW."supplier_id" OR OLD."container_quantity" <> NEW."container_quantity"
        OR OLD."price_per_container" <> NEW."price_per_container" OR OLD."is_consignment" <> NEW."is_consignment" OR OLD."created_at" <> NEW."created_at")
  EXECUTE FUNCTION "stocks_report_update"();--> statement-breakpoint
-- Units used (treatment and manual; returns are negative) and consignment spend, per statement.
CREATE FUNCTION "stock_usages_report"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_daily_usage" ("company_id", "day", "product_id", "units", "cost")
    SELECT u."company_id", "report_utc_day"(u."created_at"), u."product_id", sum(u."quantity"), sum(u."quantity" * u."unit_price")
      FROM "new_rows" u WHERE u."kind" IN ('treatment', 'manual')
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("company_id", "day", "product_id") DO UPDATE SET "units" = "report_daily_usage"."units" + EXCLUDED."units", "cost" = "report_daily_usage"."cost" + EXCLUDED."cost";
  INSERT INTO "report_daily_spend" ("company_id", "day", "supplier_id", "spend")
    SELECT u."company_id", "report_utc_day"(u."created_at"), s."supplier_id", sum(u."quantity" * u."unit_price")
      FROM "new_rows" u JOIN "stocks" s ON s."id" = u."stock_id"
     WHERE u."kind" IN ('treatment', 'manual') AND s."is_consignment"
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT "report_daily_spend_key" DO UPDATE SET "spend" = "report_daily_spend"."spend" + EXCLUDED."spend";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stock_usages_report" AFTER INSERT ON "stock_usages" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stock_usages_report"();--> statement-breakpoint
-- Treatments performed, on the visit's day.
CREATE FUNCTION "report_add_treatments"(rows jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "report_daily_treatments" ("company_id", "day", "treatment_id", "performed", "cost")
    SELECT (r->>'company_id')::uuid, (r->>'day')::date, (r->>'treatment_id')::uuid, sum((r->>'performed')::int), sum((r->>'cost')::numeric)
      FROM jsonb_array_elements(rows) r GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 NULLS LAST
  ON CONFLICT ON CONSTRAINT "report_daily_treatments_key" DO UPDATE
    SET "performed" = "report_daily_treatments"."performed" + EXCLUDED."performed", "cost" = "report_daily_treatments"."cost" + EXCLUDED."cost"
$$;--> statement-breakpoint
CREATE FUNCTION "treatment_log_treatments_report"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "report_add_treatments"(coalesce(jsonb_agg(jsonb_build_object('company_id', l."company_id", 'day', "report_utc_day"(l."created_at"), 'treatment_id', r."treatment_id", 'performed', 1, 'cost', 0)), '[]'))
       FROM "changed_rows" r JOIN "treatment_logs" l ON l."id" = r."treatment_log_id";
  ELSE
    PERFORM "report_add_treatments"(coalesce(jsonb_agg(jsonb_build_object('company_id', l."company_id", 'day', "report_utc_day"(l."created_at"), 'treatment_id', r."treatment_id", 'performed', -1, 'cost', 0)), '[]'))
       FROM "changed_rows" r JOIN "treatment_logs" l ON l."id" = r."treatment_log_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "treatment_log_treatments_report_insert" AFTER INSERT ON "treatment_log_treatments" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "treatment_log_treatments_report"();--> statement-breakpoint
CREATE TRIGGER "treatment_log_treatments_report_delete" AFTER DELETE ON "treatment_log_treatments" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "treatment_log_treatments_report"();--> statement-breakpoint
-- The cost of a visit's products, by the treatment whose tray they belong to, on the visit's day.
CREATE FUNCTION "treatment_log_products_report"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "report_add_treatments"(coalesce(jsonb_agg(jsonb_build_object('company_id', l."company_id", 'day', "report_utc_day"(l."created_at"), 'treatment_id', r."treatment_id", 'performed', 0, 'cost', -r."cost")), '[]'))
       FROM "old_rows" r JOIN "treatment_logs" l ON l."id" = r."treatment_log_id";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "report_add_treatments"(coalesce(jsonb_agg(jsonb_build_object('company_id', l."company_id", 'day', "report_utc_day"(l."created_at"), 'treatment_id', r."treatment_id", 'performed', 0, 'cost', r."cost")), '[]'))
       FROM "new_rows" r JOIN "treatment_logs" l ON l."id" = r."treatment_log_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "treatment_log_products_report_insert" AFTER INSERT ON "treatment_log_products" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "treatment_log_products_report"();--> statement-breakpoint
CREATE TRIGGER "treatment_log_products_report_update" AFTER UPDATE ON "treatment_log_products" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "treatment_log_products_report"();--> statement-breakpoint
CREATE TRIGGER "treatment_log_products_report_delete" AFTER DELETE ON "treatment_log_products" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "treatment_log_products_report"();--> statement-breakpoint
-- Rebuilds every rollup from the rows they sum: after this migration, and after a bulk load that
-- bypassed the triggers (bench/). The same definitions as the triggers above.
CREATE FUNCTION "report_rollups_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "report_daily_usage";
  DELETE FROM "report_daily_spend";
  DELETE FROM "report_daily_treatments";
  INSERT INTO "report_daily_usage" ("company_id", "day", "product_id", "units", "cost")
    SELECT "company_id", "report_utc_day"("created_at"), "product_id", sum("quantity"), sum("quantity" * "unit_price")
      FROM "stock_usages" WHERE "kind" IN ('treatment', 'manual') GROUP BY 1, 2, 3;
  INSERT INTO "report_daily_spend" ("company_id", "day", "supplier_id", "spend")
    SELECT "company_id", "day", "supplier_id", sum("spend") FROM (
      SELECT s."company_id", "report_utc_day"(s."created_at") AS "day", s."supplier_id", s."container_quantity" * s."price_per_container" AS "spend"
        FROM "stocks" s WHERE NOT s."is_consignment"
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
$$;--> statement-breakpoint
SELECT "report_rollups_rebuild"();
