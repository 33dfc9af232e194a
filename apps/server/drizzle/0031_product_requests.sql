CREATE TYPE "public"."product_request_urgency" AS ENUM('routine', 'this_week', 'urgent');--> statement-breakpoint
ALTER TYPE "public"."alert_kind" ADD VALUE 'requested';--> statement-breakpoint
CREATE TABLE "product_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"urgency" "product_request_urgency" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"running_list_product_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_requests_quantity_positive" CHECK ("product_requests"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "product_requests" ADD CONSTRAINT "product_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_requests" ADD CONSTRAINT "product_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_requests" ADD CONSTRAINT "product_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_requests" ADD CONSTRAINT "product_requests_running_list_product_id_running_list_products_id_fk" FOREIGN KEY ("running_list_product_id") REFERENCES "public"."running_list_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_requests_requester_idx" ON "product_requests" USING btree ("company_id","product_id","requested_by","created_at");--> statement-breakpoint
CREATE INDEX "product_requests_line_idx" ON "product_requests" USING btree ("running_list_product_id");