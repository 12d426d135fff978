CREATE TABLE "mistake_entries" (
	"person_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"bank" text NOT NULL,
	"type" text NOT NULL,
	"miss_count" integer DEFAULT 1 NOT NULL,
	"last_given" jsonb NOT NULL,
	"last_missed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_source" text NOT NULL,
	"last_source_title" text DEFAULT '' NOT NULL,
	"right_streak" smallint DEFAULT 0 NOT NULL,
	"last_right_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "mistake_entries_person_id_question_id_pk" PRIMARY KEY("person_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "mistake_exam_attempts" (
	"attempt_id" integer PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"copied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practice_tests" ADD COLUMN "kind" text DEFAULT 'random' NOT NULL;--> statement-breakpoint
ALTER TABLE "mistake_entries" ADD CONSTRAINT "mistake_entries_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mistake_entries" ADD CONSTRAINT "mistake_entries_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mistake_exam_attempts" ADD CONSTRAINT "mistake_exam_attempts_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "exam_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mistake_exam_attempts" ADD CONSTRAINT "mistake_exam_attempts_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mistake_entries_list_idx" ON "mistake_entries" USING btree ("person_id","last_missed_at");--> statement-breakpoint
CREATE INDEX "exam_attempts_person_idx" ON "exam_attempts" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "practice_tests_submitted_idx" ON "practice_tests" USING btree ("person_id","submitted_at") WHERE "practice_tests"."submitted_at" is not null;