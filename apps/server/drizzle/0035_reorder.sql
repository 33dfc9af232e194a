ALTER TYPE "public"."alert_kind" ADD VALUE 'runs_out';--> statement-breakpoint
CREATE TABLE "reorder_forecasts" (
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"method" text NOT NULL,
	"daily_use" numeric(14, 4) NOT NULL,
	"lead_time_days" numeric(6, 1) NOT NULL,
	"reorder_point" integer NOT NULL,
	"order_up_to" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reorder_forecasts_company_id_product_id_pk" PRIMARY KEY("company_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "reorder_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"service_level" numeric(4, 3) DEFAULT 0.98 NOT NULL,
	"review_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reorder_settings_service_level_range" CHECK ("reorder_settings"."service_level" >= 0.5 and "reorder_settings"."service_level" <= 0.999),
	CONSTRAINT "reorder_settings_review_days_range" CHECK ("reorder_settings"."review_days" between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "product_company_settings" ADD COLUMN "pinned_reorder_point" integer;--> statement-breakpoint
ALTER TABLE "product_company_settings" ADD COLUMN "pinned_order_up_to" integer;--> statement-breakpoint
ALTER TABLE "reorder_forecasts" ADD CONSTRAINT "reorder_forecasts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_forecasts" ADD CONSTRAINT "reorder_forecasts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_settings" ADD CONSTRAINT "reorder_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reorder_forecasts_company_use_idx" ON "reorder_forecasts" USING btree ("company_id") WHERE "reorder_forecasts"."daily_use" > 0;--> statement-breakpoint
ALTER TABLE "product_company_settings" ADD CONSTRAINT "product_company_settings_pinned_levels" CHECK (("product_company_settings"."pinned_reorder_point" is null) = ("product_company_settings"."pinned_order_up_to" is null) and ("product_company_settings"."pinned_reorder_point" is null or ("product_company_settings"."pinned_reorder_point" >= 0 and "product_company_settings"."pinned_order_up_to" >= "product_company_settings"."pinned_reorder_point")));