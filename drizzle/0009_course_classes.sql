-- Classes of a course with start dates, weekdays, times and seats; enrolments into a class,
-- its waitlist and the account that enrolled; mails queued at most once (ADR 026).
CREATE TABLE "course_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"session_count" smallint,
	"ends_on" date,
	"weekdays" smallint[] NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"teacher_id" uuid,
	"capacity" smallint DEFAULT 8 NOT NULL,
	"meeting_url" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_classes_capacity" CHECK ("course_classes"."capacity" between 1 and 8),
	CONSTRAINT "course_classes_length" CHECK ("course_classes"."session_count" is not null or "course_classes"."ends_on" is not null),
	CONSTRAINT "course_classes_session_count" CHECK ("course_classes"."session_count" is null or "course_classes"."session_count" between 1 and 500),
	CONSTRAINT "course_classes_ends_after_start" CHECK ("course_classes"."ends_on" is null or "course_classes"."ends_on" >= "course_classes"."starts_on"),
	CONSTRAINT "course_classes_weekdays" CHECK (cardinality("course_classes"."weekdays") between 1 and 7 and "course_classes"."weekdays" <@ '{1,2,3,4,5,6,7}'::smallint[]),
	CONSTRAINT "course_classes_times" CHECK ("course_classes"."end_time" > "course_classes"."start_time"),
	CONSTRAINT "course_classes_status" CHECK ("course_classes"."status" in ('open', 'full', 'running', 'finished', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "once_key" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "class_id" uuid;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "waitlist_rank" integer;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "seat_offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "course_classes" ADD CONSTRAINT "course_classes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_classes" ADD CONSTRAINT "course_classes_teacher_id_team_members_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_classes_course_idx" ON "course_classes" USING btree ("course_id","starts_on");--> statement-breakpoint
CREATE INDEX "course_classes_status_idx" ON "course_classes" USING btree ("status","starts_on");--> statement-breakpoint
CREATE INDEX "course_classes_teacher_idx" ON "course_classes" USING btree ("teacher_id");--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_class_id_course_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."course_classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_once_key_idx" ON "email_outbox" USING btree ("once_key");--> statement-breakpoint
CREATE INDEX "enrollments_class_idx" ON "enrollments" USING btree ("class_id","waitlist_rank");--> statement-breakpoint
CREATE INDEX "enrollments_user_id_idx" ON "enrollments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "enrollments_email_idx" ON "enrollments" USING btree (lower("email"));;--> statement-breakpoint
-- Classes are admin edits like courses: the audit log records them (ADR 014).
CREATE TRIGGER course_classes_audit AFTER INSERT OR UPDATE OR DELETE ON course_classes
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();