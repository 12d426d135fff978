CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_key" text NOT NULL,
	"person_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file" text DEFAULT '' NOT NULL,
	"partial" boolean NOT NULL,
	"phase" text NOT NULL,
	"outcome" text,
	"message" text DEFAULT '' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"bad_rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"rejects" "bytea",
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "certificates_person_install_uq";--> statement-breakpoint
ALTER TABLE "installs" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "replaces_id" integer;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_runs_key_uq" ON "import_runs" USING btree ("person_id","run_key");--> statement-breakpoint
CREATE INDEX "import_runs_started_idx" ON "import_runs" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_replaces_id_certificates_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_replaces_uq" ON "certificates" USING btree ("replaces_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_person_install_uq" ON "certificates" USING btree ("person_id","install_id") WHERE "certificates"."replaces_id" is null;