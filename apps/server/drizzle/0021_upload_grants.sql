ALTER TABLE "uploads" ADD COLUMN "max_bytes" bigint;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_pending_expiry_idx" ON "uploads" USING btree ("expires_at") WHERE "uploads"."completed_at" is null;--> statement-breakpoint
-- Grants handed out before these columns: the 15 minutes and 50 MB every grant had then.
UPDATE "uploads" SET "expires_at" = "created_at" + interval '15 minutes', "max_bytes" = 52428800 WHERE "completed_at" IS NULL;
