-- The live-lot indexes name deleted_at only, no longer units_left: every consumption moves the
-- counters (trigger stock_usages_apply), and a column in an index predicate made each of those
-- updates write new entries in every index. Now the update can be HOT (same page, no index writes).
DROP INDEX "stocks_live_lots_idx";--> statement-breakpoint
DROP INDEX "stocks_product_live_idx";--> statement-breakpoint
CREATE INDEX "stocks_live_lots_idx" ON "stocks" USING btree ("company_id","product_id","expiry_date","id") WHERE "stocks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "stocks_product_live_idx" ON "stocks" USING btree ("product_id") WHERE "stocks"."deleted_at" is null;