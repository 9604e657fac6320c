CREATE TABLE "post_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text NOT NULL,
	"content" text NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"thumbnail" text,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"saved_by_id" text,
	"saved_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "newsletter_on_publish" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "scheduled_by_id" text;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_saved_by_id_user_id_fk" FOREIGN KEY ("saved_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_revisions_post_id_created_at_idx" ON "post_revisions" USING btree ("post_id","created_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_scheduled_by_id_user_id_fk" FOREIGN KEY ("scheduled_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_publish_at_idx" ON "posts" USING btree ("publish_at") WHERE "posts"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "posts_newsletter_on_publish_idx" ON "posts" USING btree ("id") WHERE "posts"."newsletter_on_publish";--> statement-breakpoint
-- Hand-written (ADR 053). Every post starts its history with the text it has now, saved by its
-- author when it was last changed: the first comparison has something to compare with.
-- post_revisions has no audit trigger: each of its rows is written by a save of a post, which
-- the posts trigger already records (ADR 014), and a revision is itself a record of who and when.
INSERT INTO "post_revisions" ("post_id", "title", "slug", "excerpt", "content", "category", "tags", "thumbnail", "translations", "saved_by_id", "saved_by_name", "created_at")
SELECT "id", "title", "slug", "excerpt", "content", "category", "tags", "thumbnail", "translations", "author_id", "author", "updated_at"
FROM "posts";
