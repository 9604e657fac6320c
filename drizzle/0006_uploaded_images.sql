CREATE TABLE "uploaded_images" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_images_name" CHECK ("uploaded_images"."name" ~ '^[0-9a-f]{32}-[0-9]+\.webp$')
);
--> statement-breakpoint
-- Added by hand (drizzle-kit has no storage setting): WebP is compressed already, so TOAST stores
-- the bytes out of line without trying to compress them again.
ALTER TABLE "uploaded_images" ALTER COLUMN "data" SET STORAGE EXTERNAL;
