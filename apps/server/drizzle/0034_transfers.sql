CREATE TYPE "public"."transfer_status" AS ENUM('requested', 'in_transit', 'received', 'canceled');--> statement-breakpoint
ALTER TYPE "public"."usage_kind" ADD VALUE 'transfer';--> statement-breakpoint
CREATE TABLE "stock_transfer_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "stock_transfer_items_units_positive" CHECK ("stock_transfer_items"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"source_stock_id" uuid NOT NULL,
	"units_shipped" integer NOT NULL,
	"unit_price" numeric(16, 5) NOT NULL,
	"units_received" integer,
	"units_written_off" integer,
	"write_off_reason" text,
	"received_stock_id" uuid,
	CONSTRAINT "stock_transfer_lines_units_positive" CHECK ("stock_transfer_lines"."units_shipped" > 0),
	CONSTRAINT "stock_transfer_lines_received_adds_up" CHECK (("stock_transfer_lines"."units_received" is null and "stock_transfer_lines"."units_written_off" is null) or ("stock_transfer_lines"."units_received" >= 0 and "stock_transfer_lines"."units_written_off" >= 0 and "stock_transfer_lines"."units_received" + "stock_transfer_lines"."units_written_off" = "stock_transfer_lines"."units_shipped"))
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"from_company_id" uuid NOT NULL,
	"to_company_id" uuid NOT NULL,
	"status" "transfer_status" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone,
	"shipped_by" uuid,
	"shipped_at" timestamp with time zone,
	"received_by" uuid,
	"received_at" timestamp with time zone,
	"canceled_by" uuid,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_transfers_locations_differ" CHECK ("stock_transfers"."from_company_id" <> "stock_transfers"."to_company_id"),
	CONSTRAINT "stock_transfers_note_length" CHECK (char_length("stock_transfers"."note") <= 300)
);
--> statement-breakpoint
ALTER TABLE "stocks" ADD COLUMN "transferred_from_stock_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_transfer_items" ADD CONSTRAINT "stock_transfer_items_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_items" ADD CONSTRAINT "stock_transfer_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_source_stock_id_stocks_id_fk" FOREIGN KEY ("source_stock_id") REFERENCES "public"."stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_received_stock_id_stocks_id_fk" FOREIGN KEY ("received_stock_id") REFERENCES "public"."stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_company_id_companies_id_fk" FOREIGN KEY ("from_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_company_id_companies_id_fk" FOREIGN KEY ("to_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_shipped_by_users_id_fk" FOREIGN KEY ("shipped_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_canceled_by_users_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_transfer_items_transfer_idx" ON "stock_transfer_items" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "stock_transfer_lines_transfer_idx" ON "stock_transfer_lines" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "stock_transfer_lines_source_idx" ON "stock_transfer_lines" USING btree ("source_stock_id");--> statement-breakpoint
CREATE INDEX "stock_transfers_from_idx" ON "stock_transfers" USING btree ("from_company_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_transfers_to_idx" ON "stock_transfers" USING btree ("to_company_id","created_at");--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_transferred_from_fk" FOREIGN KEY ("transferred_from_stock_id") REFERENCES "public"."stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stocks_transferred_from_idx" ON "stocks" USING btree ("transferred_from_stock_id") WHERE "stocks"."transferred_from_stock_id" is not null;--> statement-breakpoint
-- Hand-written below. Both ends of a transfer are locations of its organization, whatever a bug
-- upstream sends: a transfer to another organization's location is refused by the database too.
CREATE FUNCTION "stock_transfers_same_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM "companies" WHERE "id" IN (NEW."from_company_id", NEW."to_company_id") AND "organization_id" = NEW."organization_id") <> 2 THEN
    RAISE EXCEPTION 'a transfer stays within one organization' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "stock_transfers_same_organization" BEFORE INSERT OR UPDATE OF "organization_id", "from_company_id", "to_company_id" ON "stock_transfers" FOR EACH ROW EXECUTE FUNCTION "stock_transfers_same_organization"();--> statement-breakpoint
-- Units shipped to another location leave their lot as removed units (the lot's CHECKs hold them),
-- as moved units do, and are never usage, waste or spend: the reports sum 'treatment' and 'manual'
-- rows (and 'disposal'/'return' for waste). The 0032 version, with 'transfer' added.
CREATE OR REPLACE FUNCTION "stock_usages_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stocks" SET
    "units_used" = "units_used" + CASE WHEN NEW."kind" = 'treatment' THEN NEW."quantity" ELSE 0 END,
    "units_consumed" = "units_consumed" + CASE WHEN NEW."kind" IN ('manual', 'reconciliation') THEN NEW."quantity" ELSE 0 END,
    "units_removed" = "units_removed" + CASE WHEN NEW."kind" IN ('removal', 'disposal', 'return', 'move', 'count', 'transfer') THEN NEW."quantity" ELSE 0 END,
    "updated_at" = now()
  WHERE "id" = NEW."stock_id";
  RETURN NEW;
END $$;--> statement-breakpoint
-- A lot received through a transfer was bought once, by the location that shipped it: it adds
-- nothing to spend, as a lot made by a move adds none (the 0032 version, with the transfer added).
-- A consignment lot still counts what is used of it, where it is used.
CREATE OR REPLACE FUNCTION "report_stock_spend"(s "stocks", sign numeric) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF s."is_consignment" THEN
    PERFORM "report_add_spend"(s."company_id", d."day", s."supplier_id", sign * d."spend")
      FROM (SELECT "report_utc_day"(u."created_at") AS "day", sum(u."quantity" * u."unit_price") AS "spend"
              FROM "stock_usages" u WHERE u."stock_id" = s."id" AND u."kind" IN ('treatment', 'manual') GROUP BY 1) d;
  ELSIF s."moved_from_stock_id" IS NULL AND s."found_in_count_id" IS NULL AND s."transferred_from_stock_id" IS NULL THEN
    PERFORM "report_add_spend"(s."company_id", "report_utc_day"(s."created_at"), s."supplier_id", sign * s."container_quantity" * s."price_per_container");
  END IF;
END $$;--> statement-breakpoint
-- The rebuild sums spend as the trigger does: lots made by a move or received by a transfer add none.
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
-- Units shipped leave their lot positive, as every removing kind but a count's surplus (0033).
ALTER TABLE "stock_usages" DROP CONSTRAINT "stock_usages_removals_positive";--> statement-breakpoint
ALTER TABLE "stock_usages" ADD CONSTRAINT "stock_usages_removals_positive" CHECK ("stock_usages"."kind"::text NOT IN ('removal', 'disposal', 'return', 'move', 'transfer') OR "stock_usages"."quantity" > 0);
