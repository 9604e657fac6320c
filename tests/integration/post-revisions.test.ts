// A post's revisions (ADR 053) through the real /admin/posts route: every save (the Vietnamese
// post, a translation, a restore) keeps one with who and when; the loader shows the list and the
// chosen one; restoring saves the old texts as a new revision, keeping the post's state; only the
// newest 50 are kept and they go with the post; only staff who edit posts may restore.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postRevisions, posts } from "~/db/schema";
import { storedBodyOutline } from "~/lib/rich-text/document";
import { REVISIONS_KEPT, recordRevision } from "~/models/revision-history.server";
import { action as postsAction, loader as postsLoader } from "~/routes/admin/posts";
import { createSessionFixture } from "../support/admin-session";
import { bodyOf } from "../support/rich-text";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "https://lernhaus.test";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let fixture: ReturnType<typeof createSessionFixture>;
let editorCookie: string;
let teacherCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = createSessionFixture(database.db, APP_URL);
  editorCookie = await fixture.cookieFor("bien.tap@lernhaus.test", "Biên Tập", "editor");
  teacherCookie = await fixture.cookieFor("giao.vien@lernhaus.test", "Giáo Viên", "teacher");
});

function postAction(fields: Record<string, string>, cookie = editorCookie) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  const request = new Request(`${APP_URL}/admin/posts`, {
    method: "POST",
    headers: { cookie, origin: APP_URL },
    body,
  });
  return postsAction({ request, context: fixture.context, params: {} } as never).catch(
    (thrown: unknown) => thrown,
  );
}
const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;

async function load(search: string) {
  const request = new Request(`${APP_URL}/admin/posts${search}`, { headers: { cookie: editorCookie } });
  return (await postsLoader({ request, context: fixture.context, params: {} } as never)) as Awaited<
    ReturnType<typeof postsLoader>
  >;
}

const fields = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  title: "Ôn thi B1",
  slug: "on-thi-b1",
  category: "tips",
  excerpt: "Tóm tắt.",
  content: bodyOf("Dòng một", "Dòng hai"),
  published: "on",
  ...overrides,
});

/** A stored body as the comparison shows it: a paragraph a line (ADR 055). */
const lf = (text: string | undefined) => (text === undefined ? undefined : storedBodyOutline(text));

const revisionsOf = (postId: string) =>
  database.db
    .select()
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(sql`${postRevisions.createdAt} desc`);

describe("post revisions", () => {
  it("keeps one per save, shows them, and restores one as a new save", async () => {
    await postAction(fields());
    const [post] = await database.db.select().from(posts).where(eq(posts.slug, "on-thi-b1"));
    await postAction(fields({ id: post!.id, content: bodyOf("Dòng một", "Dòng hai đã sửa") }));
    await postAction({
      intent: "translate",
      id: post!.id,
      language: "en",
      title: "B1 exam",
      content: bodyOf("Line"),
    });
    const saved = await revisionsOf(post!.id);
    expect(saved.map((revision) => [lf(revision.content), revision.savedByName])).toEqual([
      ["Dòng một\nDòng hai đã sửa", "Biên Tập"],
      ["Dòng một\nDòng hai đã sửa", "Biên Tập"],
      ["Dòng một\nDòng hai", "Biên Tập"],
    ]);
    expect(saved[0]!.translations.en?.title).toBe("B1 exam");

    const first = saved[2]!;
    const shown = await load(`?dialog=edit&id=${post!.id}&kind=revisions&revision=${first.id}`);
    expect(shown.revisions?.map((revision) => revision.id)).toEqual(saved.map((revision) => revision.id));
    expect(lf(shown.revision?.content)).toBe("Dòng một\nDòng hai");

    // A teacher may not restore; an editor may.
    expect(
      statusOf(
        await postAction({ intent: "restore-revision", id: post!.id, revision: first.id }, teacherCookie),
      ),
    ).toBe(403);
    const restored = await postAction({ intent: "restore-revision", id: post!.id, revision: first.id });
    expect(statusOf(restored)).toBe(302);
    const [after] = await database.db.select().from(posts).where(eq(posts.id, post!.id));
    expect(after).toMatchObject({ published: true });
    expect(lf(after!.content)).toBe("Dòng một\nDòng hai");
    // The translation saved after that revision is undone too: a revision is every language.
    expect(after!.translations.en).toBeUndefined();
    const now = await revisionsOf(post!.id);
    expect(now).toHaveLength(4);
    expect(lf(now[0]!.content)).toBe("Dòng một\nDòng hai");

    // Another post's revision, or none, is refused.
    expect(statusOf(await postAction({ intent: "restore-revision", id: post!.id, revision: "nope" }))).toBe(
      409,
    );
  });

  it("keeps only the newest revisions and erases them with the post", async () => {
    await postAction(fields({ slug: "nhieu-lan-luu", title: "Nhiều lần lưu" }));
    const [post] = await database.db.select().from(posts).where(eq(posts.slug, "nhieu-lan-luu"));
    for (let i = 0; i < REVISIONS_KEPT + 5; i++) {
      await database.db.transaction((tx) =>
        recordRevision(tx, "post", post!.id, { id: post!.authorId!, name: "Biên Tập" }),
      );
    }
    expect(await revisionsOf(post!.id)).toHaveLength(REVISIONS_KEPT);
    await postAction({ intent: "delete", id: post!.id });
    expect(await revisionsOf(post!.id)).toHaveLength(0);
  });

  it("gives the editor a document even for a body an earlier version wrote in Markdown, so a save keeps it", async () => {
    await postAction(fields({ slug: "ban-cu-markdown", title: "Bản cũ" }));
    const [post] = await database.db.select().from(posts).where(eq(posts.slug, "ban-cu-markdown"));
    // As an instance of the previous version writes it during a rolling update (ADR 055).
    await database.db
      .update(posts)
      .set({
        content: "## Mục tiêu\n\nHọc **đều**.",
        translations: { en: { title: "Old", content: "Study *daily*." } },
      })
      .where(eq(posts.id, post!.id));
    const shown = await load(`?dialog=edit&id=${post!.id}`);
    expect(lf(shown.editing?.content)).toBe("## Mục tiêu\nHọc **đều**.");
    expect(lf(String(shown.editing?.translations.en?.content))).toBe("Study _daily_.");
    // Saved as the form posts it back untouched: the body is kept, now as a document.
    const saved = await postAction(
      fields({ id: post!.id, slug: "ban-cu-markdown", title: "Bản cũ", content: shown.editing!.content }),
    );
    expect(statusOf(saved)).toBe(302);
    const [after] = await database.db.select().from(posts).where(eq(posts.id, post!.id));
    expect(lf(after!.content)).toBe("## Mục tiêu\nHọc **đều**.");
  });
});
