CREATE TABLE "lot_hold_stocks" (
	"hold_id" uuid NOT NULL,
	"stock_id" uuid NOT NULL,
	CONSTRAINT "lot_hold_stocks_hold_id_stock_id_pk" PRIMARY KEY("hold_id","stock_id")
);
--> statement-breakpoint
CREATE TABLE "lot_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"stock_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"lot_number" text NOT NULL,
	"status" "lot_status" NOT NULL,
	"whole_lot_number" boolean NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_by" uuid,
	"released_at" timestamp with time zone,
	"release_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "lot_holds_status_stops" CHECK ("lot_holds"."status" <> 'available')
);
--> statement-breakpoint
ALTER TABLE "lot_hold_stocks" ADD CONSTRAINT "lot_hold_stocks_hold_id_lot_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."lot_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_hold_stocks" ADD CONSTRAINT "lot_hold_stocks_stock_id_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_holds" ADD CONSTRAINT "lot_holds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_holds" ADD CONSTRAINT "lot_holds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_holds" ADD CONSTRAINT "lot_holds_stock_id_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_holds" ADD CONSTRAINT "lot_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_holds" ADD CONSTRAINT "lot_holds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_holds" ADD CONSTRAINT "lot_holds_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lot_hold_stocks_stock_idx" ON "lot_hold_stocks" USING btree ("stock_id");--> statement-breakpoint
CREATE INDEX "lot_holds_active_lot_number_idx" ON "lot_holds" USING btree ("organization_id","product_id",lower("lot_number")) WHERE "lot_holds"."released_at" is null and "lot_holds"."whole_lot_number";--> statement-breakpoint
CREATE INDEX "stocks_moved_from_idx" ON "stocks" USING btree ("moved_from_stock_id") WHERE "stocks"."moved_from_stock_id" is not null;--> statement-breakpoint
-- Issue 50, item 1: a lot's status is kept from its active holds. The strongest active hold (a
-- recall before a quarantine, the latest first) gives the status, its reason, reference, who and
-- when; a lot no active hold stops is available, released by `released_by` at `released_at`.
-- Only lots whose standing changes are written.
CREATE FUNCTION "lot_status_refresh"(ids uuid[], released_by uuid, released_at timestamptz) RETURNS void LANGUAGE sql AS $$
  UPDATE "stocks" s SET
    "status" = w.status, "status_reason" = w.reason, "status_reference" = w.reference,
    "status_changed_by" = w.changed_by, "status_changed_at" = w.changed_at, "updated_at" = now()
  FROM (
    SELECT x.id, coalesce(top.status, 'available'::lot_status) AS status, coalesce(top.reason, '') AS reason, coalesce(top.reference, '') AS reference,
           CASE WHEN top.status IS NULL THEN released_by ELSE top.created_by END AS changed_by,
           CASE WHEN top.status IS NULL THEN released_at ELSE top.created_at END AS changed_at
      FROM unnest(ids) AS x(id)
      LEFT JOIN LATERAL (
        SELECT h.status, h.reason, h.reference, h.created_by, h.created_at
          FROM "lot_hold_stocks" m JOIN "lot_holds" h ON h.id = m.hold_id
         WHERE m.stock_id = x.id AND h.released_at IS NULL
         ORDER BY h.status = 'recalled' DESC, h.created_at DESC, h.id DESC
         LIMIT 1) top ON true
  ) w
  WHERE s.id = w.id
    AND (s.status <> w.status OR (w.status <> 'available' AND (s.status_reason, s.status_reference, s.status_changed_at) IS DISTINCT FROM (w.reason, w.reference, w.changed_at)))
$$;--> statement-breakpoint
-- However a lot arrives (a receipt, a part moved to another place, units received by transfer, a
-- lot found in a count, an import), it joins the active holds on its product's lot number in its
-- organization and the holds of the lot it was made from. The shared lock waits for a hold being
-- set on the product (which takes it exclusively, lot-holds in the ledger) and then sees it, so no
-- lot slips between a recall's reading of the lots and its commit.
CREATE FUNCTION "stocks_join_holds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('lot-holds:' || NEW."product_id"::text, 0));
  INSERT INTO "lot_hold_stocks" ("hold_id", "stock_id")
    SELECT h.id, NEW."id" FROM "lot_holds" h JOIN "companies" c ON c.organization_id = h.organization_id
     WHERE c.id = NEW."company_id" AND h.released_at IS NULL AND h.whole_lot_number
       AND h.product_id = NEW."product_id" AND NEW."lot_number" <> '' AND lower(h.lot_number) = lower(NEW."lot_number")
    UNION
    SELECT m.hold_id, NEW."id" FROM "lot_hold_stocks" m JOIN "lot_holds" h ON h.id = m.hold_id
     WHERE h.released_at IS NULL AND m.stock_id IN (NEW."moved_from_stock_id", NEW."transferred_from_stock_id");
  IF FOUND OR NEW."status" <> 'available' THEN
    PERFORM lot_status_refresh(ARRAY[NEW."id"], NULL, NULL);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stocks_join_holds" AFTER INSERT ON "stocks" FOR EACH ROW EXECUTE FUNCTION "stocks_join_holds"();--> statement-breakpoint
-- The lots recalled or quarantined before holds existed: each becomes a hold of its own (a recall
-- of a numbered lot reaching the whole lot number in the organization), so the lots of that number
-- at the other locations, and the parts moved from it, are stopped too.
INSERT INTO "lot_holds" ("id", "organization_id", "company_id", "stock_id", "product_id", "lot_number", "status", "whole_lot_number", "reason", "reference", "created_by", "created_at")
  SELECT s.id, c.organization_id, s.company_id, s.id, s.product_id, s.lot_number, s.status, s.status = 'recalled' AND s.lot_number <> '',
         s.status_reason, s.status_reference, s.status_changed_by, coalesce(s.status_changed_at, s.updated_at)
    FROM "stocks" s JOIN "companies" c ON c.id = s.company_id
   WHERE s.status <> 'available' AND s.deleted_at IS NULL;--> statement-breakpoint
WITH RECURSIVE reached(hold_id, stock_id) AS (
  SELECT h.id, h.stock_id FROM "lot_holds" h
  UNION
  SELECT h.id, s.id FROM "lot_holds" h JOIN "companies" c ON c.organization_id = h.organization_id
    JOIN "stocks" s ON s.company_id = c.id AND s.product_id = h.product_id AND lower(s.lot_number) = lower(h.lot_number)
   WHERE h.whole_lot_number AND s.deleted_at IS NULL
  UNION
  SELECT r.hold_id, s.id FROM reached r JOIN "stocks" s ON s.moved_from_stock_id = r.stock_id OR s.transferred_from_stock_id = r.stock_id
   WHERE s.deleted_at IS NULL
)
INSERT INTO "lot_hold_stocks" ("hold_id", "stock_id") SELECT hold_id, stock_id FROM reached;--> statement-breakpoint
SELECT lot_status_refresh(array_agg(DISTINCT stock_id), NULL, NULL) FROM "lot_hold_stocks";
