CREATE TABLE "bank_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"transferred_at" timestamp with time zone,
	"paid_on" date NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"enrollment_id" uuid,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" text,
	"resolution_note" text,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_notifications_provider" CHECK ("bank_notifications"."provider" in ('sepay', 'casso')),
	CONSTRAINT "bank_notifications_direction" CHECK ("bank_notifications"."direction" in ('in', 'out')),
	CONSTRAINT "bank_notifications_outcome" CHECK ("bank_notifications"."outcome" in ('paid', 'partial', 'settled', 'unmatched', 'ignored')),
	CONSTRAINT "bank_notifications_resolution" CHECK ("bank_notifications"."resolution" is null or "bank_notifications"."resolution" in ('assigned', 'handled'))
);
--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "bank_feed_provider" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "bank_feed_auth" text DEFAULT 'apikey' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "bank_feed_secret" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "bank_feed_secret_hint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "bank_feed_account" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "bank_feed_refused" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "bank_feed_refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_notification_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_notifications" ADD CONSTRAINT "bank_notifications_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_notifications" ADD CONSTRAINT "bank_notifications_resolved_by_id_user_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_notifications_transaction_idx" ON "bank_notifications" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE INDEX "bank_notifications_created_at_idx" ON "bank_notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bank_notifications_open_idx" ON "bank_notifications" USING btree ("created_at") WHERE "bank_notifications"."outcome" = 'unmatched' and "bank_notifications"."resolution" is null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bank_notification_id_bank_notifications_id_fk" FOREIGN KEY ("bank_notification_id") REFERENCES "public"."bank_notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_bank_notification_idx" ON "payments" USING btree ("bank_notification_id");--> statement-breakpoint
-- A consultant's assignment or "handled" is audited like every admin write (ADR 014); the
-- provider's own inserts carry no actor and are their own record.
CREATE TRIGGER bank_notifications_audit AFTER INSERT OR UPDATE OR DELETE ON bank_notifications
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
