CREATE TABLE "trial_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trial_session_id" uuid,
	"class_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"level" text NOT NULL,
	"language" text DEFAULT 'vi' NOT NULL,
	"source" text DEFAULT 'direct' NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"enrollment_id" uuid,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_bookings_slot" CHECK (("trial_bookings"."trial_session_id" is null) <> ("trial_bookings"."class_id" is null)),
	CONSTRAINT "trial_bookings_status" CHECK ("trial_bookings"."status" in ('booked', 'cancelled', 'attended', 'no-show')),
	CONSTRAINT "trial_bookings_times" CHECK ("trial_bookings"."ends_at" > "trial_bookings"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "trial_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" smallint DEFAULT 60 NOT NULL,
	"teacher_id" uuid,
	"capacity" smallint DEFAULT 6 NOT NULL,
	"meeting_url" text DEFAULT '' NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_sessions_capacity" CHECK ("trial_sessions"."capacity" between 1 and 30),
	CONSTRAINT "trial_sessions_duration" CHECK ("trial_sessions"."duration_minutes" between 15 and 240)
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "trial_offer" text DEFAULT 'sessions' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "trial_class_seats" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "trial_bookings" ADD CONSTRAINT "trial_bookings_trial_session_id_trial_sessions_id_fk" FOREIGN KEY ("trial_session_id") REFERENCES "public"."trial_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_bookings" ADD CONSTRAINT "trial_bookings_class_id_course_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."course_classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_bookings" ADD CONSTRAINT "trial_bookings_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_bookings" ADD CONSTRAINT "trial_bookings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_sessions" ADD CONSTRAINT "trial_sessions_teacher_id_team_members_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trial_bookings_starts_idx" ON "trial_bookings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "trial_bookings_session_idx" ON "trial_bookings" USING btree ("trial_session_id");--> statement-breakpoint
CREATE INDEX "trial_bookings_class_idx" ON "trial_bookings" USING btree ("class_id","starts_at");--> statement-breakpoint
CREATE INDEX "trial_bookings_email_idx" ON "trial_bookings" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "trial_bookings_user_idx" ON "trial_bookings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trial_bookings_created_idx" ON "trial_bookings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trial_bookings_enrollment_idx" ON "trial_bookings" USING btree ("enrollment_id");--> statement-breakpoint
CREATE INDEX "trial_sessions_starts_idx" ON "trial_sessions" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_trial_offer" CHECK ("school_settings"."trial_offer" in ('sessions', 'classes', 'both'));--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_trial_class_seats" CHECK ("school_settings"."trial_class_seats" between 1 and 8);--> statement-breakpoint
-- The school's trial sessions and its handling of bookings (attended, note) are recorded like
-- its other changes (ADR 014); a visitor's booking carries no actor and is not.
CREATE TRIGGER trial_sessions_audit AFTER INSERT OR UPDATE OR DELETE ON trial_sessions
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER trial_bookings_audit AFTER INSERT OR UPDATE OR DELETE ON trial_bookings
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
