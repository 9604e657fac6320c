CREATE INDEX "enrollments_course_idx" ON "enrollments" USING btree ("course","created_at");--> statement-breakpoint
CREATE INDEX "enrollments_status_course_idx" ON "enrollments" USING btree ("status","course","created_at");--> statement-breakpoint
CREATE INDEX "enrollments_full_name_idx" ON "enrollments" USING btree ("full_name","id");