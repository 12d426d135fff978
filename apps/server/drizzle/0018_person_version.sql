ALTER TABLE "organs" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;