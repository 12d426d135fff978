CREATE TABLE "course_completions" (
	"person_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"year" integer NOT NULL,
	"hours" numeric(6, 1) NOT NULL,
	CONSTRAINT "course_completions_person_id_course_id_pk" PRIMARY KEY("person_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"person_id" integer NOT NULL,
	"install_id" integer NOT NULL,
	"status" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "enrolments_person_id_install_id_pk" PRIMARY KEY("person_id","install_id")
);
--> statement-breakpoint
CREATE TABLE "progress_reports" (
	"report_id" uuid PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"session_id" bigint NOT NULL,
	"resource_id" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_time" text NOT NULL,
	"event" text NOT NULL,
	"position" integer NOT NULL,
	"played_seconds" integer NOT NULL,
	"credited_seconds" integer NOT NULL,
	"seek_refused" boolean DEFAULT false NOT NULL,
	"clipped" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_progress" (
	"person_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"learned_seconds" integer DEFAULT 0 NOT NULL,
	"max_position" integer DEFAULT 0 NOT NULL,
	"last_position" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_progress_person_id_resource_id_pk" PRIMARY KEY("person_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "study_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"credited_seconds" integer DEFAULT 0 NOT NULL,
	"last_report_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "course_completions" ADD CONSTRAINT "course_completions_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_completions" ADD CONSTRAINT "course_completions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_install_id_installs_id_fk" FOREIGN KEY ("install_id") REFERENCES "installs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_progress" ADD CONSTRAINT "resource_progress_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_progress" ADD CONSTRAINT "resource_progress_resource_id_course_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "course_resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_progress" ADD CONSTRAINT "resource_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD CONSTRAINT "study_sessions_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD CONSTRAINT "study_sessions_resource_id_course_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "course_resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD CONSTRAINT "study_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_completions_year_idx" ON "course_completions" USING btree ("year","completed_at");--> statement-breakpoint
CREATE INDEX "enrolments_install_idx" ON "enrolments" USING btree ("install_id","status");--> statement-breakpoint
CREATE INDEX "progress_reports_person_idx" ON "progress_reports" USING btree ("person_id","resource_id","received_at");--> statement-breakpoint
CREATE INDEX "resource_progress_course_idx" ON "resource_progress" USING btree ("person_id","course_id");--> statement-breakpoint
CREATE INDEX "study_sessions_person_idx" ON "study_sessions" USING btree ("person_id","superseded_at");