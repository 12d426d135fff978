CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "column_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"column_id" integer NOT NULL,
	"course_id" integer,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"duration_seconds" integer,
	"media_url" text,
	"pages" integer,
	"min_read_seconds" integer,
	"live_start" timestamp with time zone,
	"live_end" timestamp with time zone,
	"stream_url" text,
	"replay_url" text
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"lecturer" text NOT NULL,
	"lecturer_title" text DEFAULT '' NOT NULL,
	"category_id" integer NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"credit_hours" numeric(6, 1) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'published' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"install_id" integer,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"pass_score" smallint NOT NULL,
	"total_score" smallint DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installs" (
	"id" serial PRIMARY KEY NOT NULL,
	"year_id" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"organizer" text DEFAULT '' NOT NULL,
	"apply_start" timestamp with time zone NOT NULL,
	"apply_end" timestamp with time zone NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"required_hours" numeric(6, 1) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_columns" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_courses" (
	"person_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_courses_person_id_course_id_pk" PRIMARY KEY("person_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "plan_courses" (
	"plan_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"required" boolean NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_courses_plan_id_course_id_pk" PRIMARY KEY("plan_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"install_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"required_hours" numeric(6, 1) DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_years" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "training_years_year_unique" UNIQUE("year")
);
--> statement-breakpoint
CREATE TABLE "about_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"cert_no" text NOT NULL,
	"person_id" integer NOT NULL,
	"install_id" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hours" numeric(6, 1) NOT NULL,
	"verify_code" text NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "college_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"file_name" text NOT NULL,
	"file_url" text NOT NULL,
	"size" integer NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"group_sort" integer DEFAULT 0 NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flash_news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "friendly_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"size" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_items" ADD CONSTRAINT "column_items_column_id_learning_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "learning_columns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_items" ADD CONSTRAINT "column_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_resources" ADD CONSTRAINT "course_resources_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_install_id_installs_id_fk" FOREIGN KEY ("install_id") REFERENCES "installs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installs" ADD CONSTRAINT "installs_year_id_training_years_id_fk" FOREIGN KEY ("year_id") REFERENCES "training_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_courses" ADD CONSTRAINT "person_courses_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_courses" ADD CONSTRAINT "person_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_courses" ADD CONSTRAINT "plan_courses_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_courses" ADD CONSTRAINT "plan_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_install_id_installs_id_fk" FOREIGN KEY ("install_id") REFERENCES "installs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_install_id_installs_id_fk" FOREIGN KEY ("install_id") REFERENCES "installs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_attachments" ADD CONSTRAINT "notice_attachments_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "column_items_column_idx" ON "column_items" USING btree ("column_id","sort");--> statement-breakpoint
CREATE INDEX "course_resources_course_idx" ON "course_resources" USING btree ("course_id","sort");--> statement-breakpoint
CREATE INDEX "courses_published_idx" ON "courses" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "courses_popularity_idx" ON "courses" USING btree ("popularity","id");--> statement-breakpoint
CREATE INDEX "courses_category_idx" ON "courses" USING btree ("category_id","published_at");--> statement-breakpoint
CREATE INDEX "exams_end_idx" ON "exams" USING btree ("end_at","start_at");--> statement-breakpoint
CREATE INDEX "installs_year_idx" ON "installs" USING btree ("year_id","start_at");--> statement-breakpoint
CREATE INDEX "learning_columns_published_idx" ON "learning_columns" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "person_courses_course_idx" ON "person_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "plan_courses_course_idx" ON "plan_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "plans_install_idx" ON "plans" USING btree ("install_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_no_uq" ON "certificates" USING btree ("cert_no");--> statement-breakpoint
CREATE INDEX "certificates_issued_idx" ON "certificates" USING btree ("issued_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_person_install_uq" ON "certificates" USING btree ("person_id","install_id");--> statement-breakpoint
CREATE INDEX "downloads_sort_idx" ON "downloads" USING btree ("category","sort");--> statement-breakpoint
CREATE INDEX "faqs_sort_idx" ON "faqs" USING btree ("group_sort","sort");--> statement-breakpoint
CREATE INDEX "flash_news_published_idx" ON "flash_news" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "notice_attachments_notice_idx" ON "notice_attachments" USING btree ("notice_id","sort");--> statement-breakpoint
CREATE INDEX "notices_channel_idx" ON "notices" USING btree ("channel","pinned","published_at","id");--> statement-breakpoint
CREATE INDEX "realtime_notices_published_idx" ON "realtime_notices" USING btree ("published_at");