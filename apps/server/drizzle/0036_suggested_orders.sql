CREATE TYPE "public"."reorder_digest_frequency" AS ENUM('daily', 'weekly');--> statement-breakpoint
CREATE TYPE "public"."suggested_order_status" AS ENUM('open', 'ordered');--> statement-breakpoint
CREATE TABLE "reorder_digest_subscriptions" (
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"frequency" "reorder_digest_frequency" NOT NULL,
	"token" text NOT NULL,
	"last_sent_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reorder_digest_subscriptions_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "suggested_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"suggested_order_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"vendor_id" uuid,
	"vendor_kind" "vendor_kind",
	"sku" text,
	"description" text DEFAULT '' NOT NULL,
	"pack_size" integer,
	"price" numeric(14, 2),
	"quantity" integer DEFAULT 0 NOT NULL,
	"units_needed" numeric(14, 3) NOT NULL,
	"usable_units" numeric(14, 3) NOT NULL,
	"on_order_units" numeric(14, 3) NOT NULL,
	"reorder_point" integer NOT NULL,
	"order_up_to" integer NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problem" text,
	"edited" boolean DEFAULT false NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"purchase_order_id" uuid,
	CONSTRAINT "suggested_order_lines_quantity_range" CHECK ("suggested_order_lines"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "suggested_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"status" "suggested_order_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ordered_at" timestamp with time zone,
	"ordered_by" uuid
);
--> statement-breakpoint
ALTER TABLE "reorder_settings" ADD COLUMN "auto_send_under" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "reorder_settings" ADD COLUMN "auto_send_by" uuid;--> statement-breakpoint
ALTER TABLE "reorder_digest_subscriptions" ADD CONSTRAINT "reorder_digest_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_digest_subscriptions" ADD CONSTRAINT "reorder_digest_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggested_order_lines" ADD CONSTRAINT "suggested_order_lines_suggested_order_id_suggested_orders_id_fk" FOREIGN KEY ("suggested_order_id") REFERENCES "public"."suggested_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggested_order_lines" ADD CONSTRAINT "suggested_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggested_order_lines" ADD CONSTRAINT "suggested_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggested_order_lines" ADD CONSTRAINT "suggested_order_lines_vendor_id_suppliers_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggested_order_lines" ADD CONSTRAINT "suggested_order_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggested_orders" ADD CONSTRAINT "suggested_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggested_orders" ADD CONSTRAINT "suggested_orders_ordered_by_users_id_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reorder_digest_subscriptions_token_idx" ON "reorder_digest_subscriptions" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "suggested_order_lines_product_idx" ON "suggested_order_lines" USING btree ("suggested_order_id","product_id");--> statement-breakpoint
CREATE INDEX "suggested_order_lines_company_idx" ON "suggested_order_lines" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suggested_orders_one_open_idx" ON "suggested_orders" USING btree ("company_id") WHERE "suggested_orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "suggested_orders_company_idx" ON "suggested_orders" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "reorder_settings" ADD CONSTRAINT "reorder_settings_auto_send_by_users_id_fk" FOREIGN KEY ("auto_send_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_settings" ADD CONSTRAINT "reorder_settings_auto_send_positive" CHECK ("reorder_settings"."auto_send_under" is null or ("reorder_settings"."auto_send_under" > 0 and "reorder_settings"."auto_send_by" is not null));