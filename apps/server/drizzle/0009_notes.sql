CREATE TABLE "course_appraisals" (
	"person_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"stars" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_appraisals_person_id_course_id_pk" PRIMARY KEY("person_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "course_criticisms" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"parent_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"anchor" integer,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_appraisals" ADD CONSTRAINT "course_appraisals_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_appraisals" ADD CONSTRAINT "course_appraisals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_criticisms" ADD CONSTRAINT "course_criticisms_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_criticisms" ADD CONSTRAINT "course_criticisms_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_criticisms" ADD CONSTRAINT "course_criticisms_parent_id_course_criticisms_id_fk" FOREIGN KEY ("parent_id") REFERENCES "course_criticisms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_resource_id_course_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "course_resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_appraisals_course_idx" ON "course_appraisals" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_criticisms_course_idx" ON "course_criticisms" USING btree ("course_id","parent_id","created_at");--> statement-breakpoint
CREATE INDEX "course_criticisms_parent_idx" ON "course_criticisms" USING btree ("parent_id","created_at");--> statement-breakpoint
CREATE INDEX "notes_person_course_idx" ON "notes" USING btree ("person_id","course_id");