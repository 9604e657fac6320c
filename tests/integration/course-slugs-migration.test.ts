// Migration 0019 gives the courses of an existing database their readable addresses (ADR 052):
// a slug from the Vietnamese title, and one from each translated title, by spec §9's rule, the
// oldest course first, a later one alike getting -2, -3…; a slug is no other course's in any
// language. Nothing else of a course changes, its last change included.
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { slugify, uniqueSlug } from "~/lib/blog-rules";
import { createMigrationDatabase, migrationFiles } from "../support/migration-database";

let client: pg.Client;
let apply: (file: string) => Promise<void>;

beforeAll(async () => {
  ({ client, apply } = await createMigrationDatabase("slugs"));
  // The schema as it was before courses had slugs.
  for (const file of migrationFiles().filter((f) => f < "0019")) await apply(file);
});

interface OldCourse {
  title: string;
  translations?: Record<string, Record<string, unknown>>;
}

async function insertCourse(course: OldCourse, createdAt: string) {
  const { rows } = await client.query<{ id: string }>(
    `insert into courses (level, title, description, duration, lessons, price, color, translations, created_at, updated_at)
     values ('A1', $1, 'Mô tả', '10 tuần', '30 buổi', 1000000, 'blue', $2, $3, '2026-01-05T00:00:00Z') returning id`,
    [course.title, JSON.stringify(course.translations ?? {}), createdAt],
  );
  return rows[0]!.id;
}

const fallback = { vi: "khoa-hoc", en: "course", de: "kurs" } as const;

/** What the rule gives the courses, oldest first: each language's slug free among the other
 * courses' slugs in every language. */
function expectedSlugs(courses: readonly OldCourse[]) {
  const all: { vi: string; en?: string; de?: string }[] = [];
  for (const course of courses) {
    const taken = all.flatMap((other) => Object.values(other));
    const vi = uniqueSlug(slugify(course.title) || fallback.vi, taken);
    const slugs: { vi: string; en?: string; de?: string } = { vi };
    for (const language of ["en", "de"] as const) {
      const title = course.translations?.[language]?.title;
      if (typeof title !== "string" || title.trim() === "") continue;
      slugs[language] = uniqueSlug(slugify(title, language) || fallback[language], taken);
    }
    all.push(slugs);
  }
  return all;
}

describe("migration 0019: readable course addresses", () => {
  it("makes each course's slugs from its titles, the oldest first, and changes nothing else", async () => {
    const courses: OldCourse[] = [
      { title: "Tiếng Đức cơ bản A1", translations: { en: { title: "German for beginners A1" } } },
      // The same title later: the second gets -2.
      { title: "Tiếng Đức cơ bản A1", translations: { de: { title: "Deutsch für Anfänger A1" } } },
      // Its English title is the first course's Vietnamese slug: taken, so -2 (then -3: the
      // second course holds -2).
      {
        title: "Luyện thi B1 — Prüfung!",
        translations: {
          en: { title: "  Tieng Duc co ban A1  ", description: "Same words" },
          de: { title: "Prüfungsvorbereitung B1 für Berufstätige" },
        },
      },
      // No letter or digit in the title: the word for "course".
      { title: "!!! ???", translations: { en: { title: "—" } } },
      // A German version without a title has no address of its own.
      { title: "Tiếng Đức giao tiếp", translations: { de: { description: "Nur eine Beschreibung" } } },
    ];
    const ids: string[] = [];
    for (const [index, course] of courses.entries()) {
      ids.push(await insertCourse(course, `2025-0${index + 1}-01T00:00:00Z`));
    }

    await apply(migrationFiles().find((file) => file.startsWith("0019"))!);

    const { rows } = await client.query<{
      id: string;
      slug: string;
      translations: Record<string, Record<string, unknown>>;
      updated_at: Date;
    }>("select id, slug, translations, updated_at from courses");
    const byId = new Map(rows.map((row) => [row.id, row]));
    const stored = ids.map((id) => {
      const row = byId.get(id)!;
      return {
        vi: row.slug,
        ...(row.translations.en?.slug ? { en: row.translations.en.slug } : {}),
        ...(row.translations.de?.slug ? { de: row.translations.de.slug } : {}),
      };
    });
    expect(stored).toEqual(expectedSlugs(courses));
    expect(stored).toEqual([
      { vi: "tieng-duc-co-ban-a1", en: "german-for-beginners-a1" },
      { vi: "tieng-duc-co-ban-a1-2", de: "deutsch-fuer-anfaenger-a1" },
      {
        vi: "luyen-thi-b1-prufung",
        en: "tieng-duc-co-ban-a1-3",
        de: "pruefungsvorbereitung-b1-fuer-berufstaetige",
      },
      { vi: "khoa-hoc", en: "course" },
      { vi: "tieng-duc-giao-tiep" },
    ]);
    // The translations keep their texts; only the slugs are added.
    expect(byId.get(ids[2]!)!.translations.en).toEqual({
      title: "  Tieng Duc co ban A1  ",
      description: "Same words",
      slug: "tieng-duc-co-ban-a1-3",
    });
    expect(byId.get(ids[4]!)!.translations).toEqual({ de: { description: "Nur eine Beschreibung" } });
    expect(rows.map((row) => row.updated_at.toISOString())).toEqual(
      Array(5).fill("2026-01-05T00:00:00.000Z"),
    );
    // No address has moved yet, and no admin acted: nothing in the history or the audit log.
    expect((await client.query("select * from course_slug_history")).rows).toEqual([]);
    expect((await client.query("select * from audit_log where entity = 'courses'")).rows).toEqual([]);
  });

  it("then keeps them unique and well-formed, and keeps a renamed course's old address", async () => {
    await expect(
      client.query("update courses set slug = 'khoa-hoc' where slug = 'tieng-duc-giao-tiep'"),
    ).rejects.toThrow(/courses_slug_idx/);
    await expect(
      client.query("update courses set slug = 'Not A Slug' where slug = 'tieng-duc-giao-tiep'"),
    ).rejects.toThrow(/courses_slug_format/);

    await client.query(
      "update courses set title = 'Tiếng Đức giao tiếp hằng ngày' where slug = 'tieng-duc-giao-tiep'",
    );
    const { rows } = await client.query<{ slug: string; language: string }>(
      "select h.slug, h.language from course_slug_history h join courses c on c.id = h.course_id where c.slug = 'tieng-duc-giao-tiep-hang-ngay'",
    );
    expect(rows).toEqual([{ slug: "tieng-duc-giao-tiep", language: "vi" }]);
  });
});
