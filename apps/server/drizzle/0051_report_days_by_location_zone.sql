-- Issue 53: the reports' days are the location's calendar days (companies.time_zone, UTC without
-- one), as "today" already is (src/db/location-day.ts): a visit at 7 pm in California counts on
-- that day, not on the next UTC day. The rollups' writers and their rebuild ask one function.
-- The same rule as src/db/location-day.ts, for SQL: the location's day at an instant, and the
-- instant its day begins (a range of days as instants, for the indexes on timestamps).
CREATE FUNCTION "location_day"(p_company uuid, ts timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (ts AT TIME ZONE coalesce((SELECT "time_zone" FROM "companies" WHERE "id" = p_company), 'UTC'))::date
$$;--> statement-breakpoint
CREATE FUNCTION "location_day_start"(p_company uuid, d date) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT d::timestamp AT TIME ZONE coalesce((SELECT "time_zone" FROM "companies" WHERE "id" = p_company), 'UTC')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_stock_spend"(s "stocks", sign numeric) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF s."is_consignment" THEN
    PERFORM "report_add_spend"(s."company_id", d."day", s."supplier_id", sign * d."spend")
      FROM (SELECT "location_day"(u."company_id", u."created_at") AS "day", sum(u."quantity" * u."unit_price") AS "spend"
              FROM "stock_usages" u WHERE u."stock_id" = s."id" AND u."kind" IN ('treatment', 'manual') GROUP BY 1) d;
  ELSIF s."moved_from_stock_id" IS NULL AND s."found_in_count_id" IS NULL AND s."transferred_from_stock_id" IS NULL THEN
    PERFORM "report_add_spend"(s."company_id", "location_day"(s."company_id", s."created_at"), s."supplier_id", sign * s."container_quantity" * s."price_per_container");
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "stock_usages_report"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_daily_usage" ("company_id", "day", "product_id", "units", "cost")
    SELECT u."company_id", "location_day"(u."company_id", u."created_at"), u."product_id", sum(u."quantity"), sum(u."quantity" * u."unit_price")
      FROM "new_rows" u WHERE u."kind" IN ('treatment', 'manual')
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("company_id", "day", "product_id") DO UPDATE SET "units" = "report_daily_usage"."units" + EXCLUDED."units", "cost" = "report_daily_usage"."cost" + EXCLUDED."cost";
  INSERT INTO "report_daily_spend" ("company_id", "day", "supplier_id", "spend")
    SELECT u."company_id", "location_day"(u."company_id", u."created_at"), s."supplier_id", sum(u."quantity" * u."unit_price")
      FROM "new_rows" u JOIN "stocks" s ON s."id" = u."stock_id"
     WHERE u."kind" IN ('treatment', 'manual') AND s."is_consignment"
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT "report_daily_spend_key" DO UPDATE SET "spend" = "report_daily_spend"."spend" + EXCLUDED."spend";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "treatment_log_treatments_report"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "report_add_treatments"(coalesce(jsonb_agg(jsonb_build_object('company_id', l."company_id", 'day', "location_day"(l."company_id", l."created_at"), 'treatment_id', r."treatment_id", 'performed', 1, 'cost', 0)), '[]'))
       FROM "changed_rows" r JOIN "treatment_logs" l ON l."id" = r."treatment_log_id";
  ELSE
    PERFORM "report_add_treatments"(coalesce(jsonb_agg(jsonb_build_object('company_id', l."company_id", 'day', "location_day"(l."company_id", l."created_at"), 'treatment_id', r."treatment_id", 'performed', -1, 'cost', 0)), '[]'))
       FROM "changed_rows" r JOIN "treatment_logs" l ON l."id" = r."treatment_log_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "treatment_log_products_report"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "report_add_treatments"(coalesce(jsonb_agg(jsonb_build_object('company_id', l."company_id", 'day', "location_day"(l."company_id", l."created_at"), 'treatment_id', r."treatment_id", 'performed', 0, 'cost', -r."cost")), '[]'))
       FROM "old_rows" r JOIN "treatment_logs" l ON l."id" = r."treatment_log_id";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "report_add_treatments"(coalesce(jsonb_agg(jsonb_build_object('company_id', l."company_id", 'day', "location_day"(l."company_id", l."created_at"), 'treatment_id', r."treatment_id", 'performed', 0, 'cost', r."cost")), '[]'))
       FROM "new_rows" r JOIN "treatment_logs" l ON l."id" = r."treatment_log_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The rebuild, now for one location (its zone changed: PATCH /company) or, without one, for all.
DROP FUNCTION "report_rollups_rebuild"();--> statement-breakpoint
CREATE FUNCTION "report_rollups_rebuild"(p_company uuid DEFAULT NULL) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "report_daily_usage" WHERE p_company IS NULL OR "company_id" = p_company;
  DELETE FROM "report_daily_spend" WHERE p_company IS NULL OR "company_id" = p_company;
  DELETE FROM "report_daily_treatments" WHERE p_company IS NULL OR "company_id" = p_company;
  DELETE FROM "report_monthly_usage" WHERE p_company IS NULL OR "company_id" = p_company;
  DELETE FROM "report_monthly_spend" WHERE p_company IS NULL OR "company_id" = p_company;
  DELETE FROM "report_monthly_treatments" WHERE p_company IS NULL OR "company_id" = p_company;
  INSERT INTO "report_daily_usage" ("company_id", "day", "product_id", "units", "cost")
    SELECT "company_id", "location_day"("company_id", "created_at"), "product_id", sum("quantity"), sum("quantity" * "unit_price")
      FROM "stock_usages" WHERE "kind" IN ('treatment', 'manual') AND (p_company IS NULL OR "company_id" = p_company) GROUP BY 1, 2, 3;
  INSERT INTO "report_daily_spend" ("company_id", "day", "supplier_id", "spend")
    SELECT "company_id", "day", "supplier_id", sum("spend") FROM (
      SELECT s."company_id", "location_day"(s."company_id", s."created_at") AS "day", s."supplier_id", s."container_quantity" * s."price_per_container" AS "spend"
        FROM "stocks" s WHERE NOT s."is_consignment" AND s."moved_from_stock_id" IS NULL AND s."found_in_count_id" IS NULL AND s."transferred_from_stock_id" IS NULL
          AND (p_company IS NULL OR s."company_id" = p_company)
      UNION ALL
      SELECT u."company_id", "location_day"(u."company_id", u."created_at"), s."supplier_id", u."quantity" * u."unit_price"
        FROM "stock_usages" u JOIN "stocks" s ON s."id" = u."stock_id" WHERE s."is_consignment" AND u."kind" IN ('treatment', 'manual') AND (p_company IS NULL OR u."company_id" = p_company)
    ) x GROUP BY 1, 2, 3;
  INSERT INTO "report_daily_treatments" ("company_id", "day", "treatment_id", "performed", "cost")
    SELECT "company_id", "day", "treatment_id", sum("performed"), sum("cost") FROM (
      SELECT l."company_id", "location_day"(l."company_id", l."created_at") AS "day", t."treatment_id", 1 AS "performed", 0::numeric AS "cost"
        FROM "treatment_log_treatments" t JOIN "treatment_logs" l ON l."id" = t."treatment_log_id" WHERE p_company IS NULL OR l."company_id" = p_company
      UNION ALL
      SELECT l."company_id", "location_day"(l."company_id", l."created_at"), p."treatment_id", 0, p."cost"
        FROM "treatment_log_products" p JOIN "treatment_logs" l ON l."id" = p."treatment_log_id" WHERE p_company IS NULL OR l."company_id" = p_company
    ) x GROUP BY 1, 2, 3;
$$;--> statement-breakpoint
DROP FUNCTION "report_utc_day"(timestamptz);--> statement-breakpoint
-- Locations that already have a zone: their rows move to their own days.
DO $$
DECLARE c uuid;
BEGIN
  FOR c IN SELECT "id" FROM "companies" WHERE "time_zone" IS NOT NULL AND "time_zone" <> 'UTC' ORDER BY "id" LOOP
    PERFORM "report_rollups_rebuild"(c);
  END LOOP;
END $$;
