-- An enrolment references the course chosen, not only its level: two open courses may share a
-- level (ADR 024). Deleting a course keeps its enrolments, with course_id null and the level.
ALTER TABLE "enrollments" ADD COLUMN "course_id" uuid;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollments_course_id_idx" ON "enrollments" USING btree ("course_id");--> statement-breakpoint
-- Existing enrolments stored only the level ("b1"): each gets the course of that level, open or
-- closed, and the earliest created when there are several.
-- updated_at is left alone: retention counts from the last change a person or an admin made.
UPDATE "enrollments" AS e
SET "course_id" = (
  SELECT c."id" FROM "courses" AS c
  WHERE lower(c."level") = e."course"
  ORDER BY c."created_at", c."id"
  LIMIT 1
)
WHERE e."course" <> 'consultation';
