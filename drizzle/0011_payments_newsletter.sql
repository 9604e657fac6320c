-- A payment reference no other enrolment has (ADR 028): "LH" and six characters without
-- look-alikes (no 0/O, 1/I/L), 31^6 ≈ 887 million of them. Unqualified names resolve in the
-- instance's own schema (search_path), like audit_row_change().
CREATE FUNCTION new_payment_reference() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  candidate text;
BEGIN
  LOOP
    candidate := 'LH';
    FOR i IN 1..6 LOOP
      candidate := candidate || substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1);
    END LOOP;
    IF NOT EXISTS (SELECT 1 FROM enrollments WHERE payment_reference = candidate) THEN
      RETURN candidate;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TABLE "newsletter_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"sent_by_id" text,
	"recipient_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"bank_bin" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"account_holder" text DEFAULT '' NOT NULL,
	"transfer_prefix" text DEFAULT '' NOT NULL,
	"first_course_discount" boolean DEFAULT false NOT NULL,
	"statement_columns" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"statement_line" text,
	"recorded_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_method" CHECK ("payments"."method" in ('transfer', 'cash', 'card', 'other'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "payment_reference" text;--> statement-breakpoint
UPDATE "enrollments" SET "payment_reference" = new_payment_reference();--> statement-breakpoint
ALTER TABLE "enrollments" ALTER COLUMN "payment_reference" SET DEFAULT new_payment_reference();--> statement-breakpoint
ALTER TABLE "enrollments" ALTER COLUMN "payment_reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "payment_amount" integer;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD CONSTRAINT "newsletter_campaigns_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD CONSTRAINT "newsletter_campaigns_sent_by_id_user_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_id_user_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_campaigns_post_idx" ON "newsletter_campaigns" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "payments_enrollment_idx" ON "payments" USING btree ("enrollment_id");--> statement-breakpoint
CREATE INDEX "payments_paid_on_idx" ON "payments" USING btree ("paid_on");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_campaign_id_newsletter_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."newsletter_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_campaign_idx" ON "email_outbox" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_payment_reference_idx" ON "enrollments" USING btree ("payment_reference");;--> statement-breakpoint
-- Payments, the payment settings and newsletter sends are admin edits: the audit log records
-- them (ADR 014).
CREATE TRIGGER payments_audit AFTER INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER payment_settings_audit AFTER INSERT OR UPDATE OR DELETE ON payment_settings
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER newsletter_campaigns_audit AFTER INSERT OR UPDATE OR DELETE ON newsletter_campaigns
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
