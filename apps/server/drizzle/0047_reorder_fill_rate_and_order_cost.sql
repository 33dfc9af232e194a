ALTER TABLE "reorder_forecasts" ADD COLUMN "expected_fill" numeric(5, 4);--> statement-breakpoint
ALTER TABLE "reorder_forecasts" ADD COLUMN "why" text;--> statement-breakpoint
ALTER TABLE "reorder_settings" ADD COLUMN "fill_rate" numeric(4, 3) DEFAULT 0.99 NOT NULL;--> statement-breakpoint
ALTER TABLE "reorder_settings" ADD COLUMN "order_cost" numeric(10, 2) DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "reorder_settings" ADD COLUMN "holding_rate" numeric(4, 3) DEFAULT 0.25 NOT NULL;--> statement-breakpoint
ALTER TABLE "suggested_order_lines" ADD COLUMN "why" text;--> statement-breakpoint
ALTER TABLE "reorder_settings" ADD CONSTRAINT "reorder_settings_fill_rate_range" CHECK ("reorder_settings"."fill_rate" >= 0.5 and "reorder_settings"."fill_rate" <= 0.999);--> statement-breakpoint
ALTER TABLE "reorder_settings" ADD CONSTRAINT "reorder_settings_order_cost_range" CHECK ("reorder_settings"."order_cost" >= 0 and "reorder_settings"."order_cost" <= 10000);--> statement-breakpoint
ALTER TABLE "reorder_settings" ADD CONSTRAINT "reorder_settings_holding_rate_range" CHECK ("reorder_settings"."holding_rate" > 0 and "reorder_settings"."holding_rate" <= 1);