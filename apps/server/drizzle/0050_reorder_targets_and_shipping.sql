CREATE TABLE "category_reorder_settings" (
	"company_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"fill_rate" numeric(4, 3) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_reorder_settings_company_id_category_id_pk" PRIMARY KEY("company_id","category_id"),
	CONSTRAINT "category_reorder_settings_fill_rate_range" CHECK ("category_reorder_settings"."fill_rate" >= 0.5 and "category_reorder_settings"."fill_rate" <= 0.999)
);
--> statement-breakpoint
CREATE TABLE "supplier_shipping" (
	"company_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"shipping_fee" numeric(10, 2) NOT NULL,
	"free_shipping_over" numeric(14, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_shipping_company_id_supplier_id_pk" PRIMARY KEY("company_id","supplier_id"),
	CONSTRAINT "supplier_shipping_fee_range" CHECK ("supplier_shipping"."shipping_fee" >= 0 and "supplier_shipping"."shipping_fee" <= 10000),
	CONSTRAINT "supplier_shipping_free_over_positive" CHECK ("supplier_shipping"."free_shipping_over" is null or ("supplier_shipping"."free_shipping_over" > 0 and "supplier_shipping"."free_shipping_over" <= 1000000))
);
--> statement-breakpoint
ALTER TABLE "product_company_settings" ADD COLUMN "fill_rate" numeric(4, 3);--> statement-breakpoint
ALTER TABLE "category_reorder_settings" ADD CONSTRAINT "category_reorder_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_reorder_settings" ADD CONSTRAINT "category_reorder_settings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_shipping" ADD CONSTRAINT "supplier_shipping_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_shipping" ADD CONSTRAINT "supplier_shipping_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_company_settings" ADD CONSTRAINT "product_company_settings_fill_rate_range" CHECK ("product_company_settings"."fill_rate" is null or ("product_company_settings"."fill_rate" >= 0.5 and "product_company_settings"."fill_rate" <= 0.999));