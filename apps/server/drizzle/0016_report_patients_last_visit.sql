ALTER TABLE "patients" ADD COLUMN "last_visit_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "patients_company_last_visit_idx" ON "patients" USING btree ("company_id","last_visit_at");--> statement-breakpoint
CREATE INDEX "report_daily_treatments_figures_idx" ON "report_daily_treatments" USING btree ("company_id","day","treatment_id","performed","cost");--> statement-breakpoint
CREATE INDEX "report_daily_usage_figures_idx" ON "report_daily_usage" USING btree ("company_id","day","product_id","units","cost");--> statement-breakpoint
-- A patient's latest visit, for the dashboard's patients seen: written at commit by a deferred
-- trigger, so the patient's row is locked only while the visit commits.
CREATE FUNCTION "treatment_logs_last_visit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "patients" SET "last_visit_at" = NEW."created_at" WHERE "id" = NEW."patient_id" AND ("last_visit_at" IS NULL OR "last_visit_at" < NEW."created_at");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "treatment_logs_last_visit" AFTER INSERT ON "treatment_logs" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "treatment_logs_last_visit"();--> statement-breakpoint
CREATE FUNCTION "report_patients_rebuild"() RETURNS void LANGUAGE sql AS $$
  UPDATE "patients" p SET "last_visit_at" = v."last" FROM (SELECT "patient_id", max("created_at") AS "last" FROM "treatment_logs" GROUP BY 1) v WHERE p."id" = v."patient_id";
$$;--> statement-breakpoint
SELECT "report_patients_rebuild"();
