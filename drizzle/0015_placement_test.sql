CREATE TABLE "placement_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"question_ids" uuid[] NOT NULL,
	"language" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"answers" jsonb,
	"by_level" jsonb,
	"reached_level" text,
	"start_level" text,
	"email" text,
	"phone" text,
	"name" text,
	CONSTRAINT "placement_attempts_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "placement_attempts_result" CHECK (("placement_attempts"."submitted_at" is null) = ("placement_attempts"."answers" is null and "placement_attempts"."start_level" is null))
);
--> statement-breakpoint
CREATE TABLE "placement_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"level" text NOT NULL,
	"skill" text NOT NULL,
	"kind" text NOT NULL,
	"prompt" text NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"answers" text[] NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placement_questions_level" CHECK ("placement_questions"."level" in ('A1', 'A2', 'B1', 'B2')),
	CONSTRAINT "placement_questions_skill" CHECK ("placement_questions"."skill" in ('grammar', 'vocabulary', 'reading')),
	CONSTRAINT "placement_questions_kind" CHECK (("placement_questions"."kind" = 'choice' and cardinality("placement_questions"."options") between 2 and 6 and cardinality("placement_questions"."answers") = 1
            and "placement_questions"."answers"[1] = any("placement_questions"."options"))
        or ("placement_questions"."kind" = 'cloze' and cardinality("placement_questions"."options") = 0 and cardinality("placement_questions"."answers") >= 1))
);
--> statement-breakpoint
CREATE INDEX "placement_attempts_started_idx" ON "placement_attempts" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "placement_attempts_email_idx" ON "placement_attempts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "placement_questions_order_idx" ON "placement_questions" USING btree ("level","position");--> statement-breakpoint
-- The school's edits of the question bank are recorded like its other content (ADR 014).
CREATE TRIGGER placement_questions_audit AFTER INSERT OR UPDATE OR DELETE ON placement_questions
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
