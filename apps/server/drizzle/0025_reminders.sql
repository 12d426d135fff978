CREATE TABLE "remind_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"schedule_id" integer,
	"sender_id" integer NOT NULL,
	"title" text NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"message_id" bigint,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remind_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"title" text NOT NULL,
	"template" text NOT NULL,
	"channel" text NOT NULL,
	"weekday" integer NOT NULL,
	"minute_of_day" integer NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"end_reason" text,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "message_recipients" ADD COLUMN "content" text;--> statement-breakpoint
ALTER TABLE "remind_runs" ADD CONSTRAINT "remind_runs_class_id_teacher_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "teacher_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remind_runs" ADD CONSTRAINT "remind_runs_schedule_id_remind_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "remind_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remind_runs" ADD CONSTRAINT "remind_runs_sender_id_persons_person_id_fk" FOREIGN KEY ("sender_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remind_runs" ADD CONSTRAINT "remind_runs_message_id_class_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "class_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remind_schedules" ADD CONSTRAINT "remind_schedules_class_id_teacher_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "teacher_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remind_schedules" ADD CONSTRAINT "remind_schedules_created_by_persons_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remind_runs_class_idx" ON "remind_runs" USING btree ("class_id","ran_at");--> statement-breakpoint
CREATE INDEX "remind_runs_schedule_idx" ON "remind_runs" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "remind_schedules_class_idx" ON "remind_schedules" USING btree ("class_id");