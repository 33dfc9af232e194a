ALTER TYPE "public"."upload_type" ADD VALUE 'treatment_csv_import';--> statement-breakpoint
ALTER TYPE "public"."upload_type" ADD VALUE 'procedure_csv_import';--> statement-breakpoint
ALTER TYPE "public"."upload_type" ADD VALUE 'schedule_csv_import';--> statement-breakpoint
ALTER TYPE "public"."upload_type" ADD VALUE 'production_csv_import';