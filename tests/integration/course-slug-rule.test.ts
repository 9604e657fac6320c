// The database makes courses' slugs (migration 0019, ADR 052) with its own copy of spec §9's slug
// rule, the SQL function slugify(); the admin form shows and checks slugs with slugify() in
// app/lib/blog-rules.ts. The two must agree on every title: here over every character of
// Unicode's first plane between two letters (what each one does to a slug), and over generated
// titles (fast-check), in Vietnamese and German.

import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { slugify } from "~/lib/blog-rules";
import { createTestDatabase } from "../support/test-database";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

/** slugify() in SQL over many titles in one query, in their order. */
async function slugifyInSql(titles: readonly string[], language: "vi" | "de") {
  const { rows } = await database.db.execute<{ slug: string }>(sql`
    select slugify(title, ${language}) as slug
    from unnest(${sql.param(titles)}::text[]) with ordinality as t(title, position)
    order by position`);
  return rows.map((row) => row.slug);
}

/** The rule's language as slugify() in TypeScript takes it. */
const tsLanguage = (language: "vi" | "de") => (language === "de" ? "de" : undefined);

describe("slugify in SQL and in TypeScript (spec §9)", () => {
  for (const language of ["vi", "de"] as const) {
    it(`treat every character of the first plane alike (${language})`, async () => {
      // Between two letters, so that each character's effect shows: dropped, kept, folded, a
      // hyphen, or combined with the letter before it (NFC).
      const titles: string[] = [];
      for (let code = 1; code <= 0xffff; code++) {
        if (code >= 0xd800 && code <= 0xdfff) continue; // surrogates are not characters
        titles.push(`x${String.fromCharCode(code)}y`);
      }
      const inSql = await slugifyInSql(titles, language);
      const differing = titles
        .map((title, index) => ({ title, sql: inSql[index], ts: slugify(title, tsLanguage(language)) }))
        .filter((each) => each.sql !== each.ts)
        .map((each) => `U+${each.title.codePointAt(1)!.toString(16)}: sql ${each.sql}, ts ${each.ts}`);
      expect(differing).toEqual([]);
    });
  }

  it("agree on generated titles: Vietnamese, German, punctuation, whitespace and any text", async () => {
    const title = fc.oneof(
      fc
        .array(
          fc.constantFrom(
            "Học",
            "TIẾNG",
            "Đức",
            "Prüfung",
            "ÄÖÜ",
            "u\u0308",
            "Straße",
            "ẞ",
            "B1",
            " ",
            "\t",
            "\u00a0",
            "\u2028",
            "-",
            "—",
            "!",
            "İ",
            "e\u0301",
          ),
          { maxLength: 20 },
        )
        .map((pieces) => pieces.join("")),
      fc.string({ maxLength: 200 }),
      fc.string({ unit: "grapheme", maxLength: 60 }),
    );
    // PostgreSQL's text holds no NUL character.
    const titles = fc.sample(title, 3000).map((text) => text.replaceAll("\u0000", ""));
    for (const language of ["vi", "de"] as const) {
      const inSql = await slugifyInSql(titles, language);
      expect(inSql).toEqual(titles.map((text) => slugify(text, tsLanguage(language))));
    }
  });
});
