CREATE TABLE "report_monthly_spend" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"supplier_id" uuid,
	"spend" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "report_monthly_spend_key" UNIQUE NULLS NOT DISTINCT("company_id","month","supplier_id")
);
--> statement-breakpoint
CREATE TABLE "report_monthly_treatments" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"treatment_id" uuid,
	"performed" integer DEFAULT 0 NOT NULL,
	"cost" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "report_monthly_treatments_key" UNIQUE NULLS NOT DISTINCT("company_id","month","treatment_id")
);
--> statement-breakpoint
CREATE TABLE "report_monthly_usage" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"product_id" uuid NOT NULL,
	"units" numeric DEFAULT 0 NOT NULL,
	"cost" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "report_monthly_usage_company_id_month_product_id_pk" PRIMARY KEY("company_id","month","product_id")
);
--> statement-breakpoint
ALTER TABLE "report_monthly_spend" ADD CONSTRAINT "report_monthly_spend_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_monthly_treatments" ADD CONSTRAINT "report_monthly_treatments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_monthly_usage" ADD CONSTRAINT "report_monthly_usage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_monthly_treatments_figures_idx" ON "report_monthly_treatments" USING btree ("company_id","month","treatment_id","performed","cost");--> statement-breakpoint
CREATE INDEX "report_monthly_usage_figures_idx" ON "report_monthly_usage" USING btree ("company_id","month","product_id","units","cost");--> statement-breakpoint
-- Monthly rollups (issue 37, docs/decisions.md, Reports): each daily table's rows summed by calendar
-- month. Statement triggers on the daily tables fold a statement's changed rows by month and
-- upsert them in key order, as the daily triggers do (0015), so every writer of a daily row (the
-- ledger's, the stocks', the visits' triggers, the rebuild) moves its month in the same
-- transaction. An upsert of daily rows fires both the INSERT trigger (new keys) and the UPDATE one.
CREATE FUNCTION "report_month"(d date) RETURNS date LANGUAGE sql IMMUTABLE AS $$ SELECT date_trunc('month', d)::date $$;--> statement-breakpoint
CREATE FUNCTION "report_monthly_usage_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "report_monthly_usage" ("company_id", "month", "product_id", "units", "cost")
      SELECT "company_id", "report_month"("day"), "product_id", sum("units"), sum("cost") FROM (SELECT "company_id", "day", "product_id", "units", "cost" FROM "new_rows") x
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 NULLS LAST
    ON CONFLICT ("company_id", "month", "product_id") DO UPDATE SET "units" = "report_monthly_usage"."units" + EXCLUDED."units", "cost" = "report_monthly_usage"."cost" + EXCLUDED."cost";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "report_monthly_usage" ("company_id", "month", "product_id", "units", "cost")
      SELECT "company_id", "report_month"("day"), "product_id", sum("units"), sum("cost") FROM (SELECT "company_id", "day", "product_id", "units", "cost" FROM "new_rows" UNION ALL SELECT "company_id", "day", "product_id", -"units" AS "units", -"cost" AS "cost" FROM "old_rows") x
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 NULLS LAST
    ON CONFLICT ("company_id", "month", "product_id") DO UPDATE SET "units" = "report_monthly_usage"."units" + EXCLUDED."units", "cost" = "report_monthly_usage"."cost" + EXCLUDED."cost";
  ELSE
    INSERT INTO "report_monthly_usage" ("company_id", "month", "product_id", "units", "cost")
      SELECT "company_id", "report_month"("day"), "product_id", sum("units"), sum("cost") FROM (SELECT "company_id", "day", "product_id", -"units" AS "units", -"cost" AS "cost" FROM "old_rows") x
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 NULLS LAST
    ON CONFLICT ("company_id", "month", "product_id") DO UPDATE SET "units" = "report_monthly_usage"."units" + EXCLUDED."units", "cost" = "report_monthly_usage"."cost" + EXCLUDED."cost";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "report_monthly_usage_insert" AFTER INSERT ON "report_daily_usage" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_monthly_usage_apply"();--> statement-breakpoint
CREATE TRIGGER "report_monthly_usage_update" AFTER UPDATE ON "report_daily_usage" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_monthly_usage_apply"();--> statement-breakpoint
CREATE TRIGGER "report_monthly_usage_delete" AFTER DELETE ON "report_daily_usage" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_monthly_usage_apply"();--> statement-breakpoint
CREATE FUNCTION "report_monthly_spend_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "report_monthly_spend" ("company_id", "month", "supplier_id", "spend")
      SELECT "company_id", "report_month"("day"), "supplier_id", sum("spend") FROM (SELECT "company_id", "day", "supplier_id", "spend" FROM "new_rows") x
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 NULLS LAST
    ON CONFLICT ON CONSTRAINT "report_monthly_spend_key" DO UPDATE SET "spend" = "report_monthly_spend"."spend" + EXCLUDED."spend";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "report_monthly_spend" ("company_id", "month", "supplier_id", "spend")
      SELECT "company_id", "report_month"("day"), "supplier_id", sum("spend") FROM (SELECT "company_id", "day", "supplier_id", "spend" FROM "new_rows" UNION ALL SELECT "company_id", "day", "supplier_id", -"spend" AS "spend" FROM "old_rows") x
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 NULLS LAST
    ON CONFLICT ON CONSTRAINT "report_monthly_spend_key" DO UPDATE SET "spend" = "report_monthly_spend"."spend" + EXCLUDED."spend";
  ELSE
    INSERT INTO "report_monthly_spend" ("company_id", "month", "supplier_id", "spend")
      SELECT "company_id", "report_month"("day"), "supplier_id", sum("spend") FROM (SELECT "company_id", "day", "supplier_id", -"spend" AS "spend" FROM "old_rows") x
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 NULLS LAST
    ON CONFLICT ON CONSTRAINT "report_monthly_spend_key" DO UPDATE SET "spend" = "report_monthly_spend"."spend" + EXCLUDED."spend";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "report_monthly_spend_insert" AFTER INSERT ON "report_daily_spend" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_monthly_spend_apply"();--> statement-breakpoint
CREATE TRIGGER "report_monthly_spend_update" AFTER UPDATE ON "report_daily_spend" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_monthly_spend_apply"();--> statement-breakpoint
CREATE TRIGGER "report_monthly_spend_delete" AFTER DELETE ON "report_daily_spend" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_monthly_spend_apply"();--> statement-breakpoint
CREATE FUNCTION "report_monthly_treatments_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "report_monthly_treatments" ("company_id", "month", "treatment_id", "performed", "cost")
      SELECT "company_id", "report_month"("day"), "treatment_id", sum("performed"), sum("cost") FROM (SELECT "company_id", "day", "treatment_id", "performed", "cost" FROM "new_rows") x
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 NULLS LAST
    ON CONFLICT ON CONSTRAINT "report_monthly_treatments_key" DO UPDATE SET "performed" = "report_monthly_treatments"."performed" + EXCLUDED."performed", "cost" = "report_monthly_treatments"."cost" + EXCLUDED."cost";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "report_monthly_treatments" ("company_id", "month", "treatment_id", "performed", "cost")
      SELECT "company_id", "report_month"("day"), "treatment_id", sum("performed"), sum("cost") FROM (SELECT "company_id", "day", "treatment_id", "performed", "cost" FROM "new_rows" UNION ALL SELECT "company_id", "day", "treatment_id", -"performed" AS "performed", -"cost" AS "cost" FROM "old_rows") x
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 NULLS LAST
    ON CONFLICT ON CONSTRAINT "report_monthly_treatments_key" DO UPDATE SET "performed" = "report_monthly_treatments"."performed" + EXCLUDED."performed", "cost" = "report_monthly_treatments"."cost" + EXCLUDED."cost";
  ELSE
    INSERT INTO "report_monthly_treatments" ("company_id", "month", "treatment_id", "performed", "cost")
      SELECT "company_id", "report_month"("day"), "treatment_id", sum("performed"), sum("cost") FROM (SELECT "company_id", "day", "treatment_id", -"performed" AS "performed", -"cost" AS "cost" FROM "old_rows") x
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 NULLS LAST
    ON CONFLICT ON CONSTRAINT "report_monthly_treatments_key" DO UPDATE SET "performed" = "report_monthly_treatments"."performed" + EXCLUDED."performed", "cost" = "report_monthly_treatments"."cost" + EXCLUDED."cost";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "report_monthly_treatments_insert" AFTER INSERT ON "report_daily_treatments" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_monthly_treatments_apply"();--> statement-breakpoint
CREATE TRIGGER "report_monthly_treatments_update" AFTER UPDATE ON "report_daily_treatments" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_monthly_treatments_apply"();--> statement-breakpoint
CREATE TRIGGER "report_monthly_treatments_delete" AFTER DELETE ON "report_daily_treatments" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_monthly_treatments_apply"();--> statement-breakpoint
-- The rebuild empties the months too (the daily deletes leave them at zero), then the inserts refill them.
CREATE OR REPLACE FUNCTION "report_rollups_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "report_daily_usage";
  DELETE FROM "report_daily_spend";
  DELETE FROM "report_daily_treatments";
  DELETE FROM "report_monthly_usage";
  DELETE FROM "report_monthly_spend";
  DELETE FROM "report_monthly_treatments";
  INSERT INTO "report_daily_usage" ("company_id", "day", "product_id", "units", "cost")
    SELECT "company_id", "report_utc_day"("created_at"), "product_id", sum("quantity"), sum("quantity" * "unit_price")
      FROM "stock_usages" WHERE "kind" IN ('treatment', 'manual') GROUP BY 1, 2, 3;
  INSERT INTO "report_daily_spend" ("company_id", "day", "supplier_id", "spend")
    SELECT "company_id", "day", "supplier_id", sum("spend") FROM (
      SELECT s."company_id", "report_utc_day"(s."created_at") AS "day", s."supplier_id", s."container_quantity" * s."price_per_container" AS "spend"
        FROM "stocks" s WHERE NOT s."is_consignment" AND s."moved_from_stock_id" IS NULL AND s."found_in_count_id" IS NULL AND s."transferred_from_stock_id" IS NULL
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
-- The months of the rows already summed by day.
INSERT INTO "report_monthly_usage" ("company_id", "month", "product_id", "units", "cost")
  SELECT "company_id", "report_month"("day"), "product_id", sum("units"), sum("cost") FROM "report_daily_usage" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "report_monthly_spend" ("company_id", "month", "supplier_id", "spend")
  SELECT "company_id", "report_month"("day"), "supplier_id", sum("spend") FROM "report_daily_spend" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "report_monthly_treatments" ("company_id", "month", "treatment_id", "performed", "cost")
  SELECT "company_id", "report_month"("day"), "treatment_id", sum("performed"), sum("cost") FROM "report_daily_treatments" GROUP BY 1, 2, 3;
