ALTER TABLE "transcription_jobs" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "transcription_jobs" DROP COLUMN "locked_until";