CREATE TABLE "location_job_days" (
	"queue" text NOT NULL,
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_job_days_queue_company_id_pk" PRIMARY KEY("queue","company_id")
);
--> statement-breakpoint
CREATE TABLE "open_dental_paces" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "location_job_days" ADD CONSTRAINT "location_job_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;