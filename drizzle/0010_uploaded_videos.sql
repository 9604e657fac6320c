-- Uploaded MP4 videos, in chunks so that a Range request reads only what it needs (ADR 027).
CREATE TABLE "uploaded_video_chunks" (
	"name" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "uploaded_video_chunks_name_seq_pk" PRIMARY KEY("name","seq")
);
--> statement-breakpoint
CREATE TABLE "uploaded_videos" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"chunk_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_videos_name" CHECK ("uploaded_videos"."name" ~ '^[0-9a-f]{32}\.mp4$')
);
--> statement-breakpoint
ALTER TABLE "uploaded_video_chunks" ADD CONSTRAINT "uploaded_video_chunks_name_uploaded_videos_name_fk" FOREIGN KEY ("name") REFERENCES "public"."uploaded_videos"("name") ON DELETE cascade ON UPDATE no action;;--> statement-breakpoint
-- MP4 is compressed already: TOAST should not try again, and substring reads stay cheap.
ALTER TABLE "uploaded_video_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;