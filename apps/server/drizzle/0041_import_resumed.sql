ALTER TABLE "product_imports" ADD COLUMN "resumed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "resumed_after_rows" integer;