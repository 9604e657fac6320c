CREATE TABLE "course_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text NOT NULL,
	"duration" text NOT NULL,
	"lessons" text NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"saved_by_id" text,
	"saved_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_revisions" ADD CONSTRAINT "course_revisions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_revisions" ADD CONSTRAINT "course_revisions_saved_by_id_user_id_fk" FOREIGN KEY ("saved_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_revisions_course_id_created_at_idx" ON "course_revisions" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "courses_publish_at_idx" ON "courses" USING btree ("publish_at") WHERE "courses"."publish_at" is not null;--> statement-breakpoint
-- Hand-written (ADR 057). Every course starts its history with the texts it has now, saved when
-- it was last changed, by nobody known (an empty name): the first comparison has something to
-- compare with. course_revisions has no audit trigger, as post_revisions has none (ADR 053): each
-- row comes with a save of a course, which the courses trigger records.
INSERT INTO "course_revisions" ("course_id", "title", "slug", "description", "duration", "lessons", "features", "translations", "saved_by_name", "created_at")
SELECT "id", "title", "slug", "description", "duration", "lessons", "features", "translations", '', "updated_at"
FROM "courses";
