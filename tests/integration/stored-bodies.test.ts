// ADR 055/056: a database of an earlier version holds Markdown bodies and plain course and about
// texts; the start that migrates it converts every one — the Vietnamese column, its translations,
// its revisions — into documents, once, and the page then shows what it showed before.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "~/db/migrate.server";
import { aboutInfo, auditLog, courses, postRevisions, posts } from "~/db/schema";
import { convertStoredBodies } from "~/db/stored-bodies.server";
import { renderMarkdown } from "~/lib/markdown.server";
import { documentText, parseDocument } from "~/lib/rich-text/document";
import { renderDocumentHtml, renderStoredBody } from "~/lib/rich-text/render.server";
import { getPublishedPostBySlug } from "~/models/post.server";
import { createTestDatabase } from "../support/test-database";

const markdown = [
  "## Mục tiêu",
  "",
  "Học **đều** mỗi ngày:",
  "",
  "- nghe",
  "- nói",
  "",
  "| A1 | A2 |",
  "| --- | --- |",
  "| 8 | 10 |",
].join("\n");
const english = "## Goal\n\nStudy *every* day, see [our courses](/courses).";
const courseText = "# Không phải tiêu đề\n\n2 * 3 = 6 <b>không đậm</b>\ndòng mới\n\n\n- không phải danh sách";
const layout = (html: string) => html.replace(/>\s+</g, "><").replace(/\s+/g, " ").trim();

describe("converting the long texts of earlier versions at start", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const updatedAt = new Date("2026-01-05T03:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase();
    const [post] = await database.db
      .insert(posts)
      .values({
        title: "Học đều",
        slug: "hoc-deu",
        excerpt: "Mỗi ngày một chút.",
        content: markdown,
        category: "tips",
        author: "Cô Hà",
        published: true,
        readTime: 7,
        updatedAt,
        translations: { en: { title: "Study daily", slug: "study-daily", content: english } },
      })
      .returning({ id: posts.id });
    await database.db.insert(postRevisions).values({
      postId: post!.id,
      title: "Học đều",
      slug: "hoc-deu",
      excerpt: "Mỗi ngày một chút.",
      content: "Bản **cũ**.",
      category: "tips",
      savedByName: "Cô Hà",
      translations: { de: { title: "Täglich", content: "Die *alte* Fassung." } },
    });
    // A plain text is not Markdown: its stars, hashes and angle brackets are words.
    await database.db.insert(courses).values({
      level: "A1",
      title: "Tiếng Đức A1",
      description: courseText,
      duration: "3 tháng",
      lessons: "36 buổi",
      price: 1000,
      color: "blue",
      translations: { en: { title: "German A1", description: "Line one\nline two" } },
    });
    await database.db.insert(aboutInfo).values({
      id: 1,
      mission: "Sứ mệnh",
      description: "",
      translations: { de: { description: "Wir *lehren*." } },
    });
  });

  it("turns every body into a document that renders as its Markdown did", async () => {
    const audited = await database.db.select({ n: count() }).from(auditLog);
    await migrateDatabase(database.db);

    const [row] = await database.db.select().from(posts).where(eq(posts.slug, "hoc-deu"));
    const vi = parseDocument(row!.content);
    const en = parseDocument(String(row!.translations.en?.content));
    expect(vi && en).toBeTruthy();
    expect(layout(renderDocumentHtml(vi!))).toBe(layout(renderMarkdown(markdown)));
    expect(layout(renderDocumentHtml(en!))).toBe(layout(renderMarkdown(english)));
    // The read time is counted again, of the words (not of "##" and "|"); nothing else moves.
    expect(row!.readTime).toBe(1);
    expect(row!.updatedAt).toEqual(updatedAt);
    expect(row!.translations.en?.slug).toBe("study-daily");
    const [revision] = await database.db.select().from(postRevisions);
    expect(parseDocument(revision!.content)).toBeTruthy();
    expect(parseDocument(String(revision!.translations.de?.content))).toBeTruthy();
    // A conversion by the system is not an admin's edit: the audit log has nothing new.
    expect(await database.db.select({ n: count() }).from(auditLog)).toEqual(audited);
  });

  it("turns plain course and about texts into paragraphs and line breaks, markup left as words", async () => {
    const [course] = await database.db.select().from(courses);
    const document = parseDocument(course!.description)!;
    expect(document.content.map((block) => block.type)).toEqual(["paragraph", "paragraph", "paragraph"]);
    expect(documentText(document)).toBe(courseText.replace(/\n\n\n/, "\n\n"));
    expect(renderDocumentHtml(document)).toContain("&lt;b&gt;không đậm&lt;/b&gt;<br");
    expect(documentText(parseDocument(String(course!.translations.en?.description))!)).toBe(
      "Line one\nline two",
    );
    const [about] = await database.db.select().from(aboutInfo);
    // An empty story stays empty (the page hides it); the translation's becomes a document.
    expect(about!.description).toBe("");
    expect(about!.mission).toBe("Sứ mệnh");
    expect(documentText(parseDocument(String(about!.translations.de?.description))!)).toBe("Wir *lehren*.");
  });

  it("shows the converted post on its page in each language", async () => {
    const vi = await getPublishedPostBySlug(database.db, "hoc-deu", "vi");
    const en = await getPublishedPostBySlug(database.db, "study-daily", "en");
    const html = (body: string) =>
      renderStoredBody(body, "markdown")
        .map((piece) => (piece.kind === "html" ? piece.html : ""))
        .join("");
    expect(html(vi!.content)).toContain("<li>nói</li>");
    expect(html(en!.content)).toContain('<a href="/courses">our courses</a>');
  });

  it("finds nothing left on the next start", async () => {
    const before = await Promise.all([
      database.db.select().from(posts),
      database.db.select().from(courses),
      database.db.select().from(aboutInfo),
    ]);
    const client = await database.pool.connect();
    try {
      expect(await convertStoredBodies(client)).toBe(0);
    } finally {
      client.release();
    }
    expect(
      await Promise.all([
        database.db.select().from(posts),
        database.db.select().from(courses),
        database.db.select().from(aboutInfo),
      ]),
    ).toEqual(before);
  });
});
