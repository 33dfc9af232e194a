CREATE TYPE "public"."transcription_status" AS ENUM('in_progress', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "transcription_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"treatment_log_id" uuid NOT NULL,
	"status" "transcription_status" DEFAULT 'in_progress' NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcription_jobs" ADD CONSTRAINT "transcription_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcription_jobs" ADD CONSTRAINT "transcription_jobs_treatment_log_id_treatment_logs_id_fk" FOREIGN KEY ("treatment_log_id") REFERENCES "public"."treatment_logs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcription_jobs_log_created_idx" ON "transcription_jobs" USING btree ("treatment_log_id","created_at");--> statement-breakpoint
CREATE INDEX "transcription_jobs_pending_idx" ON "transcription_jobs" USING btree ("created_at") WHERE "transcription_jobs"."status" = 'in_progress';