-- Readable course addresses (issue 32, ADR 052): /courses/<slug> in Vietnamese, and each
-- translation's own slug under /en and /de. The database makes a slug from the title whenever a
-- course has none or its title changes (the trigger below), so every way a course is written —
-- the admin, the demo seed, this migration's backfill — follows one rule, and a slug that stops
-- being a course's address is kept in course_slug_history: shared links never break.
CREATE TABLE "course_slug_history" (
	"slug" text NOT NULL,
	"language" text NOT NULL,
	"course_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_slug_history_slug_language_pk" PRIMARY KEY("slug","language"),
	CONSTRAINT "course_slug_history_language" CHECK ("course_slug_history"."language" in ('vi', 'en', 'de'))
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_slug_history" ADD CONSTRAINT "course_slug_history_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_slug_history_course_idx" ON "course_slug_history" USING btree ("course_id");--> statement-breakpoint
-- spec §9's slug rule, exactly as slugify() in app/lib/blog-rules.ts writes it (the test
-- tests/integration/course-slugs.test.ts compares the two over every character): ß → ss, and for
-- German ä → ae (…); NFC, then the accent-folding table (FOLD_FROM → FOLD_TO there); "İ" is "i"
-- as JavaScript lower-cases it; ASCII lower-casing; every kind of JavaScript whitespace (\s) a
-- space; anything but a-z, 0-9, spaces and hyphens dropped; runs of spaces and hyphens one
-- hyphen, none at either end.
CREATE FUNCTION slugify(title text, lang text DEFAULT 'vi') RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(
    regexp_replace(
      regexp_replace(
        regexp_replace(
          lower(replace(translate(normalize(replace(replace(
            CASE WHEN lang = 'de' THEN
              replace(replace(replace(replace(replace(replace(normalize(title, NFC),
                'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue')
            ELSE title END,
            'ß', 'ss'), 'ẞ', 'ss'), NFC),
            'đĐàÀáÁảẢãÃạẠăĂằẰắẮẳẲẵẴặẶâÂầẦấẤẩẨẫẪậẬèÈéÉẻẺẽẼẹẸêÊềỀếẾểỂễỄệỆìÌíÍỉỈĩĨịỊòÒóÓỏỎõÕọỌôÔồỒốỐổỔỗỖộỘơƠờỜớỚởỞỡỠợỢùÙúÚủỦũŨụỤưƯừỪứỨửỬữỮựỰỳỲýÝỷỶỹỸỵỴäÄëËïÏöÖüÜÿŸîÎûÛçÇñÑåÅ',
            'ddaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeeeeeeeiiiiiiiiiioooooooooooooooooooooooooooooooooouuuuuuuuuuuuuuuuuuuuuuyyyyyyyyyyaaeeiioouuyyiiuuccnnaa'),
            'İ', 'i') COLLATE "C"),
          '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]', ' ', 'g'),
        '[^a-z0-9 -]', '', 'g'),
      '[ -]+', '-', 'g'),
    '-')
$$;
--> statement-breakpoint
-- Whether `slug` is another course's address, now in any language or formerly: a course's
-- address must name that one course (/courses/<slug> finds it whatever the language), and an old
-- address keeps leading to its course. A course's own slugs are free to it.
CREATE FUNCTION course_slug_taken(candidate text, course uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM courses c
    WHERE c.id IS DISTINCT FROM course
      AND (c.slug = candidate OR c.translations -> 'en' ->> 'slug' = candidate
           OR c.translations -> 'de' ->> 'slug' = candidate)
  ) OR EXISTS (
    SELECT 1 FROM course_slug_history h WHERE h.slug = candidate AND h.course_id IS DISTINCT FROM course
  )
$$;
--> statement-breakpoint
-- A course's slug in one language after a write (uniqueSlug() in app/lib/blog-rules.ts, in SQL):
-- - no title in that language: none (an untranslated course has no address of its own there);
-- - a slug written that differs from the stored one: the admin chose it, it stays (the app has
--   checked it is free);
-- - otherwise the stored slug stays, unless there is none or the title changed and the slug was
--   made from the old title (the base or base-2, base-3…): then one is made from the title, the
--   first of base, base-2, base-3… that is free. A slug the admin chose outlives a new title.
CREATE FUNCTION course_slug(lang text, title text, given text, old_slug text, old_title text, course uuid)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  fallback text := CASE lang WHEN 'en' THEN 'course' WHEN 'de' THEN 'kurs' ELSE 'khoa-hoc' END;
  old_base text;
  base text;
  candidate text;
  n integer := 1;
BEGIN
  IF title IS NULL THEN
    RETURN NULL;
  END IF;
  IF given IS NOT NULL AND given IS DISTINCT FROM old_slug THEN
    RETURN given;
  END IF;
  IF old_slug IS NOT NULL THEN
    IF title IS NOT DISTINCT FROM old_title THEN
      RETURN old_slug;
    END IF;
    old_base := coalesce(nullif(slugify(coalesce(old_title, ''), lang), ''), fallback);
    IF old_slug <> old_base AND old_slug !~ ('^' || old_base || '-[0-9]+$') THEN
      RETURN old_slug;
    END IF;
  END IF;
  -- One slug chosen at a time: two courses named alike at once must not both take the base.
  PERFORM pg_advisory_xact_lock(hashtext('lernhaus:course-slugs'));
  base := coalesce(nullif(slugify(title, lang), ''), fallback);
  candidate := base;
  WHILE course_slug_taken(candidate, course) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END
$$;
--> statement-breakpoint
-- A slug that stops being the course's address in `lang` goes into the history; one it takes
-- back leaves it.
CREATE FUNCTION course_slug_moved(course uuid, lang text, old_slug text, new_slug text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF old_slug IS NOT NULL AND old_slug IS DISTINCT FROM new_slug THEN
    INSERT INTO course_slug_history (slug, language, course_id) VALUES (old_slug, lang, course)
      ON CONFLICT (slug, language) DO UPDATE SET course_id = excluded.course_id, created_at = now();
  END IF;
  IF new_slug IS NOT NULL AND new_slug IS DISTINCT FROM old_slug THEN
    DELETE FROM course_slug_history WHERE slug = new_slug AND course_id = course;
  END IF;
END
$$;
--> statement-breakpoint
-- The slugs of a course being written: the column for Vietnamese (empty: make one), `slug` in
-- each translation for English and German.
CREATE FUNCTION courses_slugs() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  lang text;
  old_slug text;
  new_slug text;
BEGIN
  old_slug := CASE WHEN TG_OP = 'UPDATE' THEN nullif(OLD.slug, '') END;
  NEW.slug := course_slug('vi', NEW.title, nullif(NEW.slug, ''), old_slug,
    CASE WHEN TG_OP = 'UPDATE' THEN OLD.title END, NEW.id);
  IF TG_OP = 'UPDATE' THEN
    PERFORM course_slug_moved(NEW.id, 'vi', old_slug, NEW.slug);
  END IF;
  FOREACH lang IN ARRAY ARRAY['en', 'de'] LOOP
    old_slug := CASE WHEN TG_OP = 'UPDATE' THEN nullif(OLD.translations -> lang ->> 'slug', '') END;
    new_slug := course_slug(lang,
      nullif(btrim(NEW.translations -> lang ->> 'title'), ''),
      nullif(NEW.translations -> lang ->> 'slug', ''),
      old_slug,
      CASE WHEN TG_OP = 'UPDATE' THEN nullif(btrim(OLD.translations -> lang ->> 'title'), '') END,
      NEW.id);
    IF new_slug IS NOT NULL THEN
      NEW.translations := jsonb_set(NEW.translations, ARRAY[lang, 'slug'], to_jsonb(new_slug));
    ELSIF NEW.translations -> lang ? 'slug' THEN
      -- A slug without a title: the language goes with the title, or keeps its other texts.
      NEW.translations := NEW.translations #- ARRAY[lang, 'slug'];
      IF NEW.translations -> lang = '{}'::jsonb THEN
        NEW.translations := NEW.translations - lang;
      END IF;
    END IF;
    IF TG_OP = 'UPDATE' THEN
      PERFORM course_slug_moved(NEW.id, lang, old_slug, new_slug);
    END IF;
  END LOOP;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER courses_slugs BEFORE INSERT OR UPDATE OF title, slug, translations ON courses
  FOR EACH ROW EXECUTE FUNCTION courses_slugs();
--> statement-breakpoint
-- The courses there are get their slugs, oldest first (the first of two alike keeps the base,
-- the next gets -2), through the trigger, as a new course would. updated_at is left alone: the
-- courses' content did not change. Nothing is audited: no admin is acting.
DO $$
DECLARE
  each_id uuid;
BEGIN
  FOR each_id IN SELECT id FROM courses ORDER BY created_at, id LOOP
    UPDATE courses SET slug = '' WHERE id = each_id;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE UNIQUE INDEX "courses_slug_idx" ON "courses" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_slug_en_idx" ON "courses" USING btree (("translations" -> 'en' ->> 'slug'));--> statement-breakpoint
CREATE UNIQUE INDEX "courses_slug_de_idx" ON "courses" USING btree (("translations" -> 'de' ->> 'slug'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_slug_format" CHECK ("courses"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_translated_slug_format" CHECK (coalesce("courses"."translations" -> 'en' ->> 'slug', 'x') ~ '^[a-z0-9]+(-[a-z0-9]+)*$'
        and coalesce("courses"."translations" -> 'de' ->> 'slug', 'x') ~ '^[a-z0-9]+(-[a-z0-9]+)*$');
