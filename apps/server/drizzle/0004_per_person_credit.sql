ALTER TABLE "study_sessions" ADD COLUMN "credit_from" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD COLUMN "credit_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD COLUMN "debt_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Sessions opened before this migration earn from when they began, as they did.
UPDATE "study_sessions" SET "credit_from" = "started_at";
