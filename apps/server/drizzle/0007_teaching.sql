CREATE TABLE "class_courses" (
	"class_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"required" boolean NOT NULL,
	"added_by" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_courses_class_id_course_id_pk" PRIMARY KEY("class_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "class_members" (
	"class_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_members_class_id_person_id_pk" PRIMARY KEY("class_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "class_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "class_teachers" (
	"class_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	CONSTRAINT "class_teachers_class_id_person_id_pk" PRIMARY KEY("class_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"message_id" bigint NOT NULL,
	"person_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"sms_status" text,
	"sms_at" timestamp with time zone,
	"sms_error" text,
	CONSTRAINT "message_recipients_message_id_person_id_pk" PRIMARY KEY("message_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "teacher_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"install_id" integer,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"required_hours" numeric(6, 1) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_courses" ADD CONSTRAINT "class_courses_class_id_teacher_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "teacher_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_courses" ADD CONSTRAINT "class_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_courses" ADD CONSTRAINT "class_courses_added_by_persons_person_id_fk" FOREIGN KEY ("added_by") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_class_id_teacher_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "teacher_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_messages" ADD CONSTRAINT "class_messages_class_id_teacher_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "teacher_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_messages" ADD CONSTRAINT "class_messages_sender_id_persons_person_id_fk" FOREIGN KEY ("sender_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_class_id_teacher_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "teacher_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_class_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "class_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_classes" ADD CONSTRAINT "teacher_classes_install_id_installs_id_fk" FOREIGN KEY ("install_id") REFERENCES "installs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_members_person_idx" ON "class_members" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "class_messages_class_idx" ON "class_messages" USING btree ("class_id","sent_at");--> statement-breakpoint
CREATE INDEX "class_teachers_person_idx" ON "class_teachers" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "message_recipients_person_idx" ON "message_recipients" USING btree ("person_id","read_at");