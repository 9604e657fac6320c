// Issue 19 item 6: a new install's demo content is written in all three languages (ADR 032), so
// the English and German sites show English and German from the first day, not Vietnamese.
import { beforeAll, describe, expect, it } from "vitest";
import {
  aboutInfo,
  contactConfig,
  coreValues,
  courseClasses,
  courses,
  milestones,
  posts,
  teamMembers,
  testimonials,
} from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { slugify } from "~/lib/blog-rules";
import {
  type ContentTranslations,
  contentLanguages,
  localizeContent,
  translationLanguages,
} from "~/lib/content-language";
import { createTestDatabase } from "../support/test-database";

type Row = Record<string, unknown> & { translations: ContentTranslations };

/** What a page in English or German would show in Vietnamese for want of a translation: every
 * seeded text field must have a version in both languages. */
function untranslated(rows: readonly Row[], identify: (row: Row) => unknown, fields: readonly string[]) {
  return rows.flatMap((row) =>
    translationLanguages.flatMap((language) =>
      localizeContent(row, language, fields).fallbackFields.map(
        (field) => `${identify(row)} ${language}.${field}`,
      ),
    ),
  );
}

/** The Markdown's skeleton: its headings and list items, counted. A translation that summarised
 * a post would lose some of them. */
function outline(markdown: string) {
  const lines = markdown.split("\n");
  return {
    headings: lines.filter((line) => /^#{1,6} /.test(line)).length,
    listItems: lines.filter((line) => /^(?:[-*]|\d+\.) /.test(line)).length,
    paragraphs: markdown.split(/\n{2,}/).filter((block) => block.trim() !== "").length,
  };
}

describe("demo content in three languages", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    expect(await seedDemoContent(database.db)).toBe(true);
  });

  it("shows every seeded course in English and German, none of it falling back to Vietnamese", async () => {
    const rows = await database.db.select().from(courses);
    expect(rows.length).toBeGreaterThan(0);
    expect(
      untranslated(rows, (row) => row.level, ["title", "description", "duration", "lessons", "features"]),
    ).toEqual([]);
    for (const row of rows) {
      // Counted by the admin list's language badges (a course counts as translated by its title).
      expect(contentLanguages(row.translations, ["title"]), row.level).toEqual(["vi", "en", "de"]);
      for (const language of translationLanguages) {
        const version = row.translations[language]!;
        expect(version.title, `${row.level} ${language}`).not.toBe(row.title);
        expect(version.title, `${row.level} ${language}`).toContain(row.level);
        expect(version.features, `${row.level} ${language}`).toHaveLength(row.features.length);
      }
      expect(row.translations.de?.title, row.level).not.toBe(row.translations.en?.title);
    }
  });

  it("has every post, draft included, in English and German in full: title, slug, excerpt, body and tags", async () => {
    const rows = await database.db.select().from(posts);
    expect(rows.length).toBeGreaterThan(0);
    expect(untranslated(rows, (row) => row.slug, ["title", "slug", "excerpt", "content", "tags"])).toEqual(
      [],
    );
    for (const row of rows) {
      expect(contentLanguages(row.translations, ["title", "content", "slug"]), row.slug).toEqual([
        "vi",
        "en",
        "de",
      ]);
      for (const language of translationLanguages) {
        const version = row.translations[language]!;
        const label = `${row.slug} ${language}`;
        expect(version.title, label).not.toBe(row.title);
        expect(version.content, label).not.toBe(row.content);
        // The whole body, section by section and point by point, not a summary.
        expect(outline(version.content as string), label).toEqual(outline(row.content));
        expect(version.tags, label).toHaveLength(row.tags.length);
      }
      // Each language its own text, not one copied into the other.
      expect(row.translations.de?.title, row.slug).not.toBe(row.translations.en?.title);
      expect(row.translations.de?.content, row.slug).not.toBe(row.translations.en?.content);
    }
  });

  it("gives each translated post an address of its own: plain slugs, no two alike in any language", async () => {
    const rows = await database.db.select({ slug: posts.slug, translations: posts.translations }).from(posts);
    const slugs = rows.flatMap((row) => [
      row.slug,
      ...translationLanguages.map((language) => row.translations[language]?.slug as string),
    ]);
    expect(slugs).toHaveLength(rows.length * 3);
    expect(new Set(slugs).size, "slugs shared between posts or languages").toBe(slugs.length);
    for (const slug of slugs) {
      expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      // What the blog's slug rule would make of it: the editor would keep it as it is.
      expect(slugify(slug)).toBe(slug);
    }
  });

  it("has the about page, team, values, milestones, testimonials, class notes and contact text in English and German", async () => {
    const db = database.db;
    const about = await db.select().from(aboutInfo);
    const team = await db.select().from(teamMembers);
    const values = await db.select().from(coreValues);
    const steps = await db.select().from(milestones);
    const voices = await db.select().from(testimonials);
    const classes = await db.select().from(courseClasses);
    const contact = await db.select().from(contactConfig);
    for (const rows of [about, team, values, steps, voices, contact]) expect(rows.length).toBeGreaterThan(0);
    expect(classes.some((row) => row.note !== "")).toBe(true);

    expect([
      ...untranslated(about, () => "about", ["mission", "vision", "method", "description", "commitment"]),
      ...untranslated(team, (row) => row.name, [
        "role",
        "experience",
        "education",
        "certifications",
        "specialties",
        "achievements",
      ]),
      ...untranslated(values, (row) => row.title, ["title", "description"]),
      ...untranslated(steps, (row) => row.title, ["title", "description"]),
      ...untranslated(voices, (row) => row.name, ["role", "content", "result"]),
      ...untranslated(classes, (row) => row.note || row.id, ["note"]),
      ...untranslated(contact, () => "contact", ["description"]),
    ]).toEqual([]);

    for (const member of team) {
      for (const language of translationLanguages) {
        const version = member.translations[language]!;
        expect(version.certifications, `${member.name} ${language}`).toHaveLength(
          member.certifications.length,
        );
        expect(version.specialties, `${member.name} ${language}`).toHaveLength(member.specialties.length);
      }
    }
    // A class without a note has nothing to translate either.
    for (const row of classes.filter((row) => row.note === "")) expect(row.translations).toEqual({});
  });

  it("writes the translations only into a fresh install, like the rest of the demo", async () => {
    // Seeding again changes nothing, translations included.
    const before = await database.db.select({ id: posts.id, translations: posts.translations }).from(posts);
    expect(await seedDemoContent(database.db)).toBe(false);
    const after = await database.db.select({ id: posts.id, translations: posts.translations }).from(posts);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).toHaveLength(before.length);
  });
});
