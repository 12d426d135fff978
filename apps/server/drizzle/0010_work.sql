CREATE TABLE "work_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"state" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"practice" jsonb,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"score" numeric(4, 1),
	"comment" text DEFAULT '' NOT NULL,
	"examined_by" integer,
	"examined_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "work_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"practice" jsonb,
	"attachment_ids" jsonb NOT NULL,
	"word_count" integer NOT NULL,
	"late" boolean NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"score" numeric(4, 1),
	"comment" text DEFAULT '' NOT NULL,
	"examined_by" integer,
	"examined_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "works" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"kind" text NOT NULL,
	"course_id" integer,
	"install_id" integer,
	"title" text NOT NULL,
	"requirement" text NOT NULL,
	"min_words" integer DEFAULT 0 NOT NULL,
	"max_words" integer DEFAULT 0 NOT NULL,
	"max_files" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"cutoff_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "works_cutoff_after_due" CHECK ("works"."cutoff_at" is null or "works"."cutoff_at" >= "works"."due_at")
);
--> statement-breakpoint
ALTER TABLE "work_files" ADD CONSTRAINT "work_files_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "works"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_files" ADD CONSTRAINT "work_files_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_submissions" ADD CONSTRAINT "work_submissions_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "works"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_submissions" ADD CONSTRAINT "work_submissions_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_submissions" ADD CONSTRAINT "work_submissions_examined_by_persons_person_id_fk" FOREIGN KEY ("examined_by") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_versions" ADD CONSTRAINT "work_versions_submission_id_work_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "work_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_versions" ADD CONSTRAINT "work_versions_examined_by_persons_person_id_fk" FOREIGN KEY ("examined_by") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_class_id_teacher_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "teacher_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_install_id_installs_id_fk" FOREIGN KEY ("install_id") REFERENCES "installs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_created_by_persons_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_files_owner_idx" ON "work_files" USING btree ("person_id","work_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_submissions_work_person_idx" ON "work_submissions" USING btree ("work_id","person_id");--> statement-breakpoint
CREATE INDEX "work_submissions_person_idx" ON "work_submissions" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "work_submissions_state_idx" ON "work_submissions" USING btree ("work_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "work_versions_submission_version_idx" ON "work_versions" USING btree ("submission_id","version");--> statement-breakpoint
CREATE INDEX "works_class_idx" ON "works" USING btree ("class_id","kind","due_at");