CREATE TABLE "work_extensions" (
	"work_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"granted_by" integer NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_extensions_work_id_person_id_pk" PRIMARY KEY("work_id","person_id")
);
--> statement-breakpoint
ALTER TABLE "work_extensions" ADD CONSTRAINT "work_extensions_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "works"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_extensions" ADD CONSTRAINT "work_extensions_person_id_persons_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_extensions" ADD CONSTRAINT "work_extensions_granted_by_persons_person_id_fk" FOREIGN KEY ("granted_by") REFERENCES "persons"("person_id") ON DELETE no action ON UPDATE no action;