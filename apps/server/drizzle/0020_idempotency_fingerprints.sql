ALTER TABLE "consumption_requests" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "purchase_order_receipts" ADD COLUMN "fingerprint" text;