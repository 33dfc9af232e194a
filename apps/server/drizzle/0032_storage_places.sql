ALTER TYPE "public"."usage_kind" ADD VALUE 'move';--> statement-breakpoint
CREATE TABLE "storage_places" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_places_id_company_unique" UNIQUE("id","company_id")
);
--> statement-breakpoint
CREATE TABLE "stock_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"from_stock_id" uuid NOT NULL,
	"to_stock_id" uuid NOT NULL,
	"from_place_id" uuid NOT NULL,
	"to_place_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_moves_quantity_positive" CHECK ("stock_moves"."quantity" > 0),
	CONSTRAINT "stock_moves_places_differ" CHECK ("stock_moves"."from_place_id" <> "stock_moves"."to_place_id")
);
--> statement-breakpoint
ALTER TABLE "stocks" ADD COLUMN "place_id" uuid;--> statement-breakpoint
ALTER TABLE "stocks" ADD COLUMN "moved_from_stock_id" uuid;--> statement-breakpoint
ALTER TABLE "storage_places" ADD CONSTRAINT "storage_places_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_from_stock_id_stocks_id_fk" FOREIGN KEY ("from_stock_id") REFERENCES "public"."stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_to_stock_id_stocks_id_fk" FOREIGN KEY ("to_stock_id") REFERENCES "public"."stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_from_place_id_storage_places_id_fk" FOREIGN KEY ("from_place_id") REFERENCES "public"."storage_places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_to_place_id_storage_places_id_fk" FOREIGN KEY ("to_place_id") REFERENCES "public"."storage_places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_places_live_name_unique" ON "storage_places" USING btree ("company_id",lower("name")) WHERE "storage_places"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_places_default_unique" ON "storage_places" USING btree ("company_id") WHERE "storage_places"."is_default";--> statement-breakpoint
CREATE INDEX "storage_places_company_idx" ON "storage_places" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_moves_from_idx" ON "stock_moves" USING btree ("from_stock_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_moves_to_idx" ON "stock_moves" USING btree ("to_stock_id","created_at");--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_place_fk" FOREIGN KEY ("place_id","company_id") REFERENCES "public"."storage_places"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_moved_from_fk" FOREIGN KEY ("moved_from_stock_id") REFERENCES "public"."stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stocks_company_place_idx" ON "stocks" USING btree ("company_id","place_id") WHERE "stocks"."deleted_at" is null;--> statement-breakpoint
-- Every location has its default place, and every lot on the books goes there.
INSERT INTO "storage_places" ("company_id", "name", "is_default") SELECT "id", 'Main storage', true FROM "companies";--> statement-breakpoint
UPDATE "stocks" s SET "place_id" = p."id" FROM "storage_places" p WHERE p."company_id" = s."company_id" AND p."is_default";--> statement-breakpoint
ALTER TABLE "stocks" ALTER COLUMN "place_id" SET NOT NULL;--> statement-breakpoint
-- A location created since gets its default place with it, whichever way it is created (signup,
-- an organization adding a location, the demo, the tests' factories).
CREATE FUNCTION "companies_default_place"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "storage_places" ("company_id", "name", "is_default") VALUES (NEW."id", 'Main storage', true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "companies_default_place" AFTER INSERT ON "companies" FOR EACH ROW EXECUTE FUNCTION "companies_default_place"();--> statement-breakpoint
-- A lot received without a place goes to its location's default place (Add Stock, receiving,
-- imports and the bench's bulk loads name none unless asked).
CREATE FUNCTION "stocks_default_place"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."place_id" IS NULL THEN
    SELECT "id" INTO NEW."place_id" FROM "storage_places" WHERE "company_id" = NEW."company_id" AND "is_default";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "stocks_default_place" BEFORE INSERT ON "stocks" FOR EACH ROW EXECUTE FUNCTION "stocks_default_place"();--> statement-breakpoint
-- Units moved to another place leave their lot as removed units (the lot's CHECKs hold them) and
-- are never usage, waste or spend: the reports sum 'treatment' and 'manual' rows only.
CREATE OR REPLACE FUNCTION "stock_usages_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stocks" SET
    "units_used" = "units_used" + CASE WHEN NEW."kind" = 'treatment' THEN NEW."quantity" ELSE 0 END,
    "units_consumed" = "units_consumed" + CASE WHEN NEW."kind" IN ('manual', 'reconciliation') THEN NEW."quantity" ELSE 0 END,
    "units_removed" = "units_removed" + CASE WHEN NEW."kind" IN ('removal', 'disposal', 'return', 'move') THEN NEW."quantity" ELSE 0 END,
    "updated_at" = now()
  WHERE "id" = NEW."stock_id";
  RETURN NEW;
END $$;--> statement-breakpoint
-- A lot made by a move was bought once, as the lot it came from: it adds nothing to spend.
CREATE OR REPLACE FUNCTION "report_stock_spend"(s "stocks", sign numeric) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF s."is_consignment" THEN
    PERFORM "report_add_spend"(s."company_id", d."day", s."supplier_id", sign * d."spend")
      FROM (SELECT "report_utc_day"(u."created_at") AS "day", sum(u."quantity" * u."unit_price") AS "spend"
              FROM "stock_usages" u WHERE u."stock_id" = s."id" AND u."kind" IN ('treatment', 'manual') GROUP BY 1) d;
  ELSIF s."moved_from_stock_id" IS NULL THEN
    PERFORM "report_add_spend"(s."company_id", "report_utc_day"(s."created_at"), s."supplier_id", sign * s."container_quantity" * s."price_per_container");
  END IF;
END $$;--> statement-breakpoint
-- The rebuild sums spend as the trigger does: lots made by a move add none.
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
        FROM "stocks" s WHERE NOT s."is_consignment" AND s."moved_from_stock_id" IS NULL
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
