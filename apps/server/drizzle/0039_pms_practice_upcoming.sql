CREATE TABLE "pms_appointment_procedures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"source" "pms_kind" NOT NULL,
	"appointment_ref" text NOT NULL,
	"code" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pms_appointments" (
	"company_id" uuid NOT NULL,
	"source" "pms_kind" NOT NULL,
	"appointment_ref" text NOT NULL,
	"patient_ref" text NOT NULL,
	"day" date NOT NULL,
	"time" text,
	"changed_at" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pms_appointments_company_id_source_appointment_ref_pk" PRIMARY KEY("company_id","source","appointment_ref")
);
--> statement-breakpoint
DROP INDEX "pms_procedures_external_idx";--> statement-breakpoint
ALTER TABLE "pms_connections" ADD COLUMN "practice_key" text;--> statement-breakpoint
ALTER TABLE "pms_procedures" ADD COLUMN "practice_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pms_appointment_procedures" ADD CONSTRAINT "pms_appointment_procedures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_appointments" ADD CONSTRAINT "pms_appointments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pms_appointment_procedures_appointment_idx" ON "pms_appointment_procedures" USING btree ("company_id","source","appointment_ref");--> statement-breakpoint
CREATE INDEX "pms_appointments_day_idx" ON "pms_appointments" USING btree ("company_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "pms_procedures_external_idx" ON "pms_procedures" USING btree ("company_id","source","practice_key","external_id");--> statement-breakpoint
-- Connections saved before practice keys read their procedures under '' (the column's default): they keep it.
UPDATE "pms_connections" SET "practice_key" = '' WHERE "developer_key_encrypted" IS NOT NULL;
