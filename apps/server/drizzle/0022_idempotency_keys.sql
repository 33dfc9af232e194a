CREATE TABLE "idempotency_keys" (
	"company_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_company_id_operation_key_pk" PRIMARY KEY("company_id","operation","key")
);
--> statement-breakpoint
-- Keys already given keep answering: visit saves were told apart by a 'treatment-log:' prefix.
INSERT INTO "idempotency_keys" ("company_id", "operation", "key", "fingerprint", "response", "created_at")
SELECT "company_id",
       CASE WHEN "key" LIKE 'treatment-log:%' THEN 'treatment_log.create' ELSE 'stock.consume' END,
       CASE WHEN "key" LIKE 'treatment-log:%' THEN substr("key", 15) ELSE "key" END,
       "fingerprint", "response", "created_at"
  FROM "consumption_requests";--> statement-breakpoint
DROP TABLE "consumption_requests" CASCADE;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;