ALTER TABLE "pms_connections" ADD COLUMN "use_patient_number" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pms_connections" ADD COLUMN "recheck_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "pms_procedures" ADD COLUMN "chart_picked_by" uuid;--> statement-breakpoint
ALTER TABLE "pms_procedures" ADD COLUMN "rechecked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pms_procedures" ADD CONSTRAINT "pms_procedures_chart_picked_by_users_id_fk" FOREIGN KEY ("chart_picked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pms_procedures_recorded_idx" ON "pms_procedures" USING btree ("company_id","recorded_at") WHERE "pms_procedures"."status" = 'recorded' and "pms_procedures"."source" = 'open_dental';--> statement-breakpoint
-- Issue 50: a procedure of a patient without a chart number was filed under Open Dental's PatNum as
-- if it were one. Those still waiting wait for a person to pick the patient instead (the words are
-- PMS_MESSAGES.chartMissingInPms); recorded ones stay as they were recorded.
UPDATE "pms_procedures" SET "problem" = 'No chart number in Open Dental for patient ' || "patient_ref", "chart_number" = ''
 WHERE "source" = 'open_dental' AND "status" = 'waiting' AND "problem" IS NULL AND "chart_number" = "patient_ref";
