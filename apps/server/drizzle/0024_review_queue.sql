CREATE TABLE "work_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"version" integer NOT NULL,
	"outcome" text NOT NULL,
	"score" numeric(4, 1),
	"comment" text DEFAULT '' NOT NULL,
	"teacher_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	"final_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "work_reviews" ADD CONSTRAINT "work_reviews_submission_id_work_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "work_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_reviews" ADD CONSTRAINT "work_reviews_teacher_id_persons_person_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_reviews" ADD CONSTRAINT "work_reviews_class_id_teacher_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "teacher_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_reviews_live_uq" ON "work_reviews" USING btree ("submission_id") WHERE "work_reviews"."applied_at" is null and "work_reviews"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "work_reviews_due_idx" ON "work_reviews" USING btree ("final_at") WHERE "work_reviews"."applied_at" is null and "work_reviews"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "work_submissions_waiting_idx" ON "work_submissions" USING btree ("work_id","submitted_at","id") WHERE "work_submissions"."state" = 'submitted';