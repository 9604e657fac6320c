CREATE TABLE "media_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"width" integer,
	"height" integer,
	"unreferenced_since" timestamp with time zone,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_images_key_format" CHECK ("media_images"."key" ~ '^[0-9a-f]{32}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "media_images_key_idx" ON "media_images" USING btree ("key");--> statement-breakpoint
CREATE INDEX "media_images_created_at_idx" ON "media_images" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "media_images_unreferenced_idx" ON "media_images" USING btree ("unreferenced_since");--> statement-breakpoint
-- ADR 054: every image uploaded before the library has its row, dated by its first width; its
-- dimensions are read when the library first lists it. Uploads written later make their row in
-- the transaction that stores their widths.
INSERT INTO "media_images" ("key", "created_at", "updated_at")
  SELECT left("name", 32), min("created_at"), min("created_at") FROM "uploaded_images" GROUP BY 1
  ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
-- An admin's alt text, replacement and deletion are audited like every admin write (ADR 014);
-- the nightly sweep runs without an actor and is not.
CREATE TRIGGER media_images_audit AFTER INSERT OR UPDATE OR DELETE ON media_images
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
