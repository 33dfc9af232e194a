ALTER TABLE "stocks" ALTER COLUMN "units_used" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "stocks" ALTER COLUMN "units_consumed" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "stocks" ALTER COLUMN "units_removed" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "treatment_logs" ALTER COLUMN "total_cost" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "report_daily_spend" ALTER COLUMN "spend" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "report_daily_treatments" ALTER COLUMN "cost" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "report_daily_usage" ALTER COLUMN "units" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "report_daily_usage" ALTER COLUMN "cost" SET DEFAULT 0;