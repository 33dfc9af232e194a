CREATE TYPE "public"."vendor_kind" AS ENUM('supplier', 'distributor');--> statement-breakpoint
CREATE TYPE "public"."vendor_order_status" AS ENUM('placing', 'placed', 'confirmed', 'shipped', 'delivered', 'failed');--> statement-breakpoint
CREATE TABLE "price_list_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"vendor_sku" text NOT NULL,
	"description" text NOT NULL,
	"barcode" text DEFAULT '' NOT NULL,
	"manufacturer_code" text DEFAULT '' NOT NULL,
	"pack_size" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"in_stock" boolean DEFAULT true NOT NULL,
	"product_id" uuid,
	CONSTRAINT "price_list_items_pack_size_positive" CHECK ("price_list_items"."pack_size" > 0),
	CONSTRAINT "price_list_items_price_not_negative" CHECK ("price_list_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"company_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_company_id_supplier_id_pk" PRIMARY KEY("company_id","supplier_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_orders" (
	"purchase_order_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"checkout_key" text NOT NULL,
	"vendor_kind" "vendor_kind" NOT NULL,
	"status" "vendor_order_status" NOT NULL,
	"vendor_reference" text,
	"carrier" text,
	"tracking_url" text,
	"error" text,
	"highest_total" numeric(14, 2) NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_orders" ALTER COLUMN "running_list_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "vendor_code" text;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "vendor_sku" text;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_items_company_supplier_sku_unique" ON "price_list_items" USING btree ("company_id","supplier_id","vendor_sku");--> statement-breakpoint
CREATE INDEX "price_list_items_company_product_idx" ON "price_list_items" USING btree ("company_id","product_id");--> statement-breakpoint
CREATE INDEX "price_list_items_company_supplier_description_idx" ON "price_list_items" USING btree ("company_id","supplier_id","description","id");--> statement-breakpoint
CREATE INDEX "vendor_orders_company_placed_idx" ON "vendor_orders" USING btree ("company_id","placed_at","purchase_order_id");--> statement-breakpoint
CREATE INDEX "vendor_orders_company_checkout_idx" ON "vendor_orders" USING btree ("company_id","checkout_key");--> statement-breakpoint
CREATE INDEX "vendor_orders_company_tracking_idx" ON "vendor_orders" USING btree ("company_id","tracking_url") WHERE "vendor_orders"."tracking_url" is not null;--> statement-breakpoint
CREATE INDEX "vendor_orders_company_reference_idx" ON "vendor_orders" USING btree ("company_id","vendor_reference") WHERE "vendor_orders"."vendor_reference" is not null;--> statement-breakpoint
CREATE INDEX "vendor_orders_open_idx" ON "vendor_orders" USING btree ("updated_at") WHERE "vendor_orders"."vendor_kind" = 'distributor' and "vendor_orders"."status" in ('placing', 'placed', 'confirmed', 'shipped');--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_vendor_code_unique" ON "suppliers" USING btree ("vendor_code");--> statement-breakpoint
CREATE INDEX "products_manufacturer_code_idx" ON "products" USING btree ("manufacturer_code") WHERE "products"."manufacturer_code" <> '';