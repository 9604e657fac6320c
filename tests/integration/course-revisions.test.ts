// A course's revisions (ADR 057) through the real /admin/courses route: every save of its texts
// (the Vietnamese form, a translation, a restore) keeps one with who and when; opening or closing
// it does not; the loader shows the list and the chosen one; restoring saves the old texts as a new
// revision and keeps the level, price and whether it is open; a restore whose address another
// course has taken since is refused; only staff who edit course texts may restore.
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { courseRevisions, courses } from "~/db/schema";
import { documentText, parseDocument } from "~/lib/rich-text/document";
import { action as coursesAction, loader as coursesLoader } from "~/routes/admin/courses";
import { createSessionFixture } from "../support/admin-session";
import { bodyOf } from "../support/rich-text";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "https://lernhaus.test";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let fixture: ReturnType<typeof createSessionFixture>;
let adminCookie: string;
let editorCookie: string;
let consultantCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = createSessionFixture(database.db, APP_URL);
  adminCookie = await fixture.cookieFor("co.lan@lernhaus.test", "Cô Lan", "admin");
  editorCookie = await fixture.cookieFor("bien.tap@lernhaus.test", "Biên Tập", "editor");
  consultantCookie = await fixture.cookieFor("tu.van@lernhaus.test", "Tư Vấn", "consultant");
});

function courseAction(fields: Record<string, string>, cookie = adminCookie) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  const request = new Request(`${APP_URL}/admin/courses`, {
    method: "POST",
    headers: { cookie, origin: APP_URL },
    body,
  });
  return coursesAction({ request, context: fixture.context, params: {} } as never).catch(
    (thrown: unknown) => thrown,
  );
}
const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;

async function load(search: string) {
  const request = new Request(`${APP_URL}/admin/courses${search}`, { headers: { cookie: adminCookie } });
  return (await coursesLoader({ request, context: fixture.context, params: {} } as never)) as Awaited<
    ReturnType<typeof coursesLoader>
  >;
}

const form = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  level: "B1",
  title: "Tiếng Đức B1",
  description: bodyOf("Ôn thi B1."),
  duration: "4 tháng",
  lessons: "48 buổi",
  price: "4000000",
  "features[0]": "Đề thi thật",
  color: "blue",
  active: "on",
  ...overrides,
});

const revisionsOf = (courseId: string) =>
  database.db
    .select()
    .from(courseRevisions)
    .where(eq(courseRevisions.courseId, courseId))
    .orderBy(asc(courseRevisions.createdAt), asc(courseRevisions.id));

describe("a course's revisions", () => {
  let courseId: string;

  it("keeps one per save of its texts, in any language, with who saved; not for opening or closing it", async () => {
    expect(statusOf(await courseAction(form()))).toBe(302);
    const [course] = await database.db.select().from(courses).where(eq(courses.title, "Tiếng Đức B1"));
    courseId = course!.id;
    // The editor changes the texts; the translation is saved in English.
    const edited = form({ id: courseId, description: bodyOf("Ôn thi B1 trong 4 tháng."), price: "1" });
    expect(statusOf(await courseAction(edited, editorCookie))).toBe(302);
    expect(
      statusOf(
        await courseAction(
          {
            intent: "translate",
            id: courseId,
            language: "en",
            title: "German B1",
            description: bodyOf("B1 exam."),
          },
          editorCookie,
        ),
      ),
    ).toBe(302);
    expect(statusOf(await courseAction({ intent: "toggle-active", id: courseId, active: "false" }))).not.toBe(
      403,
    );
    const revisions = await revisionsOf(courseId);
    expect(revisions.map((revision) => revision.savedByName)).toEqual(["Cô Lan", "Biên Tập", "Biên Tập"]);
    expect(documentText(parseDocument(revisions[1]!.description)!)).toBe("Ôn thi B1 trong 4 tháng.");
    expect(revisions[2]!.translations.en).toMatchObject({ title: "German B1", slug: "german-b1" });
    // The editor's save kept the admin's price (ADR 047); the revision holds texts only.
    const [stored] = await database.db.select().from(courses).where(eq(courses.id, courseId));
    expect(stored).toMatchObject({ price: 4_000_000, active: false });
  });

  it("shows the list and the chosen revision in the history dialog", async () => {
    const [first] = await revisionsOf(courseId);
    const page = await load(`?dialog=edit&id=${courseId}&kind=revisions&revision=${first!.id}`);
    expect(page.revisions?.map((revision) => revision.savedByName)).toEqual([
      "Biên Tập",
      "Biên Tập",
      "Cô Lan",
    ]);
    expect(page.revision?.id).toBe(first!.id);
    // Another course's revision, or none at all, is not shown.
    expect(
      (await load(`?dialog=edit&id=${courseId}&kind=revisions&revision=${crypto.randomUUID()}`)).revision,
    ).toBeUndefined();
  });

  it("restores an old revision's texts as a new save, keeping the course's price and state", async () => {
    const [first] = await revisionsOf(courseId);
    const restored = await courseAction(
      { intent: "restore-revision", id: courseId, revision: first!.id },
      editorCookie,
    );
    expect(statusOf(restored)).toBe(302);
    const [course] = await database.db.select().from(courses).where(eq(courses.id, courseId));
    expect(documentText(parseDocument(course!.description)!)).toBe("Ôn thi B1.");
    // The first save had no English version: restoring it takes the translation away too.
    expect(course!.translations.en).toBeUndefined();
    expect(course).toMatchObject({ price: 4_000_000, active: false, level: "B1" });
    const revisions = await revisionsOf(courseId);
    expect(revisions).toHaveLength(4);
    expect(revisions.at(-1)!.savedByName).toBe("Biên Tập");
  });

  it("refuses a restore whose address another course now has, and a consultant's restore", async () => {
    const revisions = await revisionsOf(courseId);
    const english = revisions.find((revision) => revision.translations.en?.slug === "german-b1")!;
    // The app never gives a course another's address, not even a former one (ADR 052); should one
    // have it anyway (written by hand in the database), the restore is refused, not a 500.
    await database.db.insert(courses).values({
      level: "B1",
      title: "Tiếng Đức B1 cuối tuần",
      description: bodyOf("Cuối tuần."),
      duration: "8 tuần",
      lessons: "32 buổi",
      price: 1,
      color: "red",
      translations: { en: { title: "German B1", slug: "german-b1" } },
    });
    const refused = await courseAction({ intent: "restore-revision", id: courseId, revision: english.id });
    expect(statusOf(refused)).toBe(409);
    expect(JSON.stringify(refused)).toContain("revisions:courseSlugTaken");
    const forbidden = await courseAction(
      { intent: "restore-revision", id: courseId, revision: english.id },
      consultantCookie,
    );
    expect(statusOf(forbidden)).toBe(403);
    expect(await revisionsOf(courseId)).toHaveLength(revisions.length);
  });

  it("goes with the course", async () => {
    await database.db.delete(courses).where(eq(courses.id, courseId));
    expect(await revisionsOf(courseId)).toEqual([]);
  });
});
