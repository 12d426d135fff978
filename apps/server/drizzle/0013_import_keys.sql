ALTER TABLE "courses" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "installs" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "teacher_classes" ADD COLUMN "code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "cities_name_uq" ON "cities" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "organs_name_uq" ON "organs" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_code_uq" ON "courses" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "installs_code_uq" ON "installs" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_classes_code_uq" ON "teacher_classes" USING btree ("code");