// Readable course addresses (issue 32, ADR 052): /courses/<slug>, /en/courses/<English slug>,
// /de/courses/<German slug>; the uuid addresses of before and an old title's address answer 301
// to the course's address in the language asked for, keeping the query; the admin's own slug is
// checked against every other course's addresses, now and former; the sitemap, hreflang,
// og:url, the share card and the cards on the list pages name the slugs.
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { courseClasses, courseSlugHistory, courses } from "~/db/schema";
import "~/i18n/resources.server";
import { listUpcomingClasses } from "~/models/class-schedule.server";
import { createCourse, deleteCourse, listActiveCourses } from "~/models/course.server";
import { listSitemapEntries } from "~/models/sitemap.server";
import { action as coursesAction } from "~/routes/admin/courses";
import { loader as courseDetailLoader, meta as courseDetailMeta } from "~/routes/site/course-detail";
import { courseSchema } from "~/schemas/course";
import { createSessionFixture } from "../support/admin-session";
import { bodyOf } from "../support/rich-text";
import { createTestDatabase } from "../support/test-database";

/** A save no account made: the revision (ADR 057) names it. */
const tester = { id: null, name: "Kiểm thử" };
const APP_URL = "http://localhost:3996";

const a1 = {
  level: "A1",
  title: "Tiếng Đức cơ bản A1",
  description: bodyOf("Khóa học cho người mới bắt đầu."),
  duration: "3 tháng",
  lessons: "36 buổi",
  price: 2_500_000,
  features: ["Lớp tối đa 8 học viên"],
  color: "blue",
  active: true,
};

let database: Database;
let context: AppLoadContext;
let adminCookie: string;
let editorCookie: string;
let courseId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const sessions = createSessionFixture(database.db, APP_URL);
  context = sessions.context;
  adminCookie = await sessions.cookieFor("co.lan@lernhaus.test", "Cô Lan", "admin");
  editorCookie = await sessions.cookieFor("bien.tap@lernhaus.test", "Biên Tập", "editor");
});

beforeEach(async () => {
  await database.db.delete(courseClasses);
  await database.db.delete(courses);
  const [row] = await database.db
    .insert(courses)
    .values({ ...a1, translations: { en: { title: "German for beginners A1" } } })
    .returning({ id: courses.id });
  courseId = row!.id;
});

type Loaded = Awaited<ReturnType<typeof courseDetailLoader>>;

/** The course page's answer to GET `path`: its data, or the Response it threw (a 301, a 404). */
async function open(path: string): Promise<Loaded | Response> {
  const url = new URL(path, APP_URL);
  const slug = decodeURIComponent(url.pathname.split("/").at(-1)!);
  try {
    return await courseDetailLoader({
      request: new Request(url),
      params: { slug },
      context,
    } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Where GET `path` moves to for good; undefined when it does not. */
async function movedTo(path: string) {
  const answer = await open(path);
  if (!(answer instanceof Response)) return undefined;
  expect(answer.status, path).toBe(301);
  return answer.headers.get("Location");
}

async function page(path: string) {
  const answer = await open(path);
  if (answer instanceof Response) throw new Error(`${path} answered ${answer.status}`);
  return answer;
}

type Action = (args: never) => Promise<unknown>;

function post(run: Action, fields: Record<string, string>, cookie = adminCookie) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  const request = new Request(`${APP_URL}/admin/courses?dialog=edit&id=${courseId}`, {
    method: "POST",
    headers: { cookie, origin: APP_URL },
    body,
  });
  return run({ request, context, params: {} } as never).catch((thrown: unknown) => thrown);
}

/** The Vietnamese form as the dialog posts it: every field, the slug as shown (or typed). */
function saveVietnamese(changes: Record<string, string>, cookie = adminCookie) {
  return post(
    coursesAction,
    {
      intent: "save",
      id: courseId,
      level: a1.level,
      title: a1.title,
      description: a1.description,
      duration: a1.duration,
      lessons: a1.lessons,
      price: String(a1.price),
      "features[0]": a1.features[0]!,
      color: a1.color,
      active: "on",
      ...changes,
    },
    cookie,
  );
}

function saveTranslation(language: "en" | "de", changes: Record<string, string>) {
  return post(coursesAction, { intent: "translate", id: courseId, language, ...changes });
}

const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;
const fieldErrors = (result: unknown) =>
  (result as { data?: { error?: Record<string, string[]> } }).data?.error ?? {};

async function stored(id = courseId) {
  const [row] = await database.db.select().from(courses).where(eq(courses.id, id));
  return row!;
}

describe("a course's readable addresses", () => {
  it("are made from its titles: the Vietnamese one, and each translated title's", async () => {
    const course = await stored();
    expect(course.slug).toBe("tieng-duc-co-ban-a1");
    expect(course.translations).toEqual({
      en: { title: "German for beginners A1", slug: "german-for-beginners-a1" },
    });
    expect((await page("/courses/tieng-duc-co-ban-a1")).course?.title).toBe(a1.title);
    expect((await page("/en/courses/german-for-beginners-a1")).course?.title).toBe("German for beginners A1");
    // Not translated into German: the German page at the Vietnamese slug, in Vietnamese.
    expect((await page("/de/courses/tieng-duc-co-ban-a1")).course?.title).toBe(a1.title);
  });

  it("move the uuid addresses of before to the slug, in vi, en and de, keeping the query", async () => {
    expect(await movedTo(`/courses/${courseId}`)).toBe("/courses/tieng-duc-co-ban-a1");
    expect(await movedTo(`/en/courses/${courseId}`)).toBe("/en/courses/german-for-beginners-a1");
    expect(await movedTo(`/de/courses/${courseId}?utm_source=zalo&x=1`)).toBe(
      "/de/courses/tieng-duc-co-ban-a1?utm_source=zalo&x=1",
    );
    expect(await movedTo(`/courses/${courseId.toUpperCase()}`)).toBe("/courses/tieng-duc-co-ban-a1");
    // A day in the browser, not for ever: an address may come back to its course.
    const answer = (await open(`/courses/${courseId}`)) as Response;
    expect(answer.headers.get("Cache-Control")).toBe("max-age=86400");
  });

  it("move another language's slug to this language's", async () => {
    expect(await movedTo("/en/courses/tieng-duc-co-ban-a1?from=home")).toBe(
      "/en/courses/german-for-beginners-a1?from=home",
    );
    expect(await movedTo("/courses/german-for-beginners-a1")).toBe("/courses/tieng-duc-co-ban-a1");
    expect(await movedTo("/de/courses/german-for-beginners-a1")).toBe("/de/courses/tieng-duc-co-ban-a1");
  });

  it("answer 404 to a slug no course ever had, and to an unknown uuid", async () => {
    for (const path of [
      "/courses/khong-co",
      "/en/courses/00000000-0000-4000-8000-000000000000",
      "/courses/Tieng-Duc-Co-Ban-A1",
    ]) {
      const answer = await open(path);
      expect(answer instanceof Response && answer.status, path).toBe(404);
    }
  });

  it("keep an old title's address after a rename: 301 to the new one in each language, through every rename", async () => {
    expect(statusOf(await saveVietnamese({ title: "Tiếng Đức A1 buổi tối" }))).toBe(302);
    expect(statusOf(await saveTranslation("en", { title: "German A1 evening" }))).toBe(302);
    expect(statusOf(await saveTranslation("de", { title: "Deutsch A1 am Abend" }))).toBe(302);
    expect((await stored()).slug).toBe("tieng-duc-a1-buoi-toi");

    expect(await movedTo("/courses/tieng-duc-co-ban-a1")).toBe("/courses/tieng-duc-a1-buoi-toi");
    expect(await movedTo("/en/courses/german-for-beginners-a1")).toBe("/en/courses/german-a1-evening");
    // German had no slug of its own: its old address was the Vietnamese one.
    expect(await movedTo("/de/courses/tieng-duc-co-ban-a1")).toBe("/de/courses/deutsch-a1-am-abend");
    expect(await movedTo("/en/courses/tieng-duc-co-ban-a1")).toBe("/en/courses/german-a1-evening");

    // A second rename: the first address still leads to the course, in one step.
    expect(statusOf(await saveVietnamese({ title: "Tiếng Đức A1 cuối tuần" }))).toBe(302);
    expect(await movedTo("/courses/tieng-duc-co-ban-a1")).toBe("/courses/tieng-duc-a1-cuoi-tuan");
    expect(await movedTo("/courses/tieng-duc-a1-buoi-toi")).toBe("/courses/tieng-duc-a1-cuoi-tuan");
    expect((await page("/courses/tieng-duc-a1-cuoi-tuan")).course?.title).toBe("Tiếng Đức A1 cuối tuần");

    const history = await database.db
      .select({ slug: courseSlugHistory.slug, language: courseSlugHistory.language })
      .from(courseSlugHistory)
      .where(eq(courseSlugHistory.courseId, courseId));
    expect(history.map(({ slug, language }) => `${language}:${slug}`).sort()).toEqual([
      "en:german-for-beginners-a1",
      "vi:tieng-duc-a1-buoi-toi",
      "vi:tieng-duc-co-ban-a1",
    ]);
  });

  it("take back an old address when the old title comes back, and the history lets it go", async () => {
    await saveVietnamese({ title: "Tiếng Đức A1 buổi tối" });
    await saveVietnamese({ title: a1.title });
    expect((await stored()).slug).toBe("tieng-duc-co-ban-a1");
    expect(await movedTo("/courses/tieng-duc-a1-buoi-toi")).toBe("/courses/tieng-duc-co-ban-a1");
    expect((await page("/courses/tieng-duc-co-ban-a1")).course?.title).toBe(a1.title);
    const history = await database.db.select().from(courseSlugHistory);
    expect(history.map((row) => row.slug)).toEqual(["tieng-duc-a1-buoi-toi"]);
  });

  it("keeps the address the admin chose, as typed through the slug rule, when the title changes", async () => {
    expect(statusOf(await saveVietnamese({ slug: "Tiếng Đức — Tối!" }))).toBe(302);
    expect((await stored()).slug).toBe("tieng-duc-toi");
    expect(await movedTo("/courses/tieng-duc-co-ban-a1")).toBe("/courses/tieng-duc-toi");
    // The dialog posts the slug it shows; a new title alone leaves a chosen slug as it is.
    expect(statusOf(await saveVietnamese({ title: "Tiếng Đức A1 tối", slug: "tieng-duc-toi" }))).toBe(302);
    expect((await stored()).slug).toBe("tieng-duc-toi");
    // An editor changes the texts, the address with them (ADR 047).
    expect(statusOf(await saveVietnamese({ slug: "a1-toi" }, editorCookie))).toBe(302);
    expect((await stored()).slug).toBe("a1-toi");
    // A translation's own slug, by its language's rule.
    expect(statusOf(await saveTranslation("de", { title: "Deutsch A1", slug: "Prüfung A1" }))).toBe(302);
    expect((await stored()).translations.de?.slug).toBe("pruefung-a1");
  });

  it("refuses a slug another course has or had, in any language, with a field error, and keeps the course as it was", async () => {
    const other = await createCourse(
      database.db,
      courseSchema.parse({ ...a1, title: "Tiếng Đức A2", price: "3000000" }),
      tester,
    );
    expect(typeof other).toBe("string");
    const otherId = other as string;
    await database.db
      .update(courses)
      .set({ translations: { en: { title: "German A2" } } })
      .where(eq(courses.id, otherId));
    await database.db.update(courses).set({ title: "Tiếng Đức A2 cấp tốc" }).where(eq(courses.id, otherId));
    const before = await stored();

    // The other course's slug now, its English one, and its former one.
    for (const slug of ["tieng-duc-a2-cap-toc", "german-a2", "tieng-duc-a2"]) {
      const refused = await saveVietnamese({ slug });
      expect(statusOf(refused), slug).toBe(400);
      expect(fieldErrors(refused).slug, slug).toEqual(["admin:courses.validation.slugTaken"]);
    }
    const translated = await saveTranslation("de", { title: "Deutsch A2", slug: "tieng-duc-a2" });
    expect(statusOf(translated)).toBe(400);
    expect(fieldErrors(translated).slug).toEqual(["admin:courses.validation.slugTaken"]);
    const { updatedAt: _before, ...kept } = before;
    const { updatedAt: _after, ...now } = await stored();
    expect(now).toEqual(kept);

    // Its own addresses, now or formerly, are the course's to use again.
    expect(statusOf(await saveVietnamese({ slug: "german-for-beginners-a1" }))).toBe(302);
    expect(statusOf(await saveVietnamese({ slug: "tieng-duc-co-ban-a1" }))).toBe(302);
    // A slug with no letter or digit, and a translated slug without a translated title.
    expect(fieldErrors(await saveVietnamese({ slug: "!!!" })).slug).toEqual([
      "admin:courses.validation.slug",
    ]);
    expect(fieldErrors(await saveTranslation("de", { slug: "deutsch" })).slug).toEqual([
      "admin:courses.validation.slugNeedsTitle",
    ]);
  });

  it("gives two courses named alike at the same moment different slugs", async () => {
    const input = courseSchema.parse({ ...a1, title: "Tiếng Đức B1", level: "B1", price: "3500000" });
    const ids = await Promise.all(Array.from({ length: 5 }, () => createCourse(database.db, input, tester)));
    const slugs = await Promise.all(ids.map(async (id) => (await stored(id as string)).slug));
    expect(slugs.sort()).toEqual([
      "tieng-duc-b1",
      "tieng-duc-b1-2",
      "tieng-duc-b1-3",
      "tieng-duc-b1-4",
      "tieng-duc-b1-5",
    ]);
  });

  it("forgets a deleted course's addresses", async () => {
    await saveVietnamese({ title: "Tiếng Đức A1 mới" });
    expect(await deleteCourse(database.db, courseId)).toBe("deleted");
    expect(await database.db.select().from(courseSlugHistory)).toEqual([]);
    const answer = await open("/courses/tieng-duc-co-ban-a1");
    expect(answer instanceof Response && answer.status).toBe(404);
  });

  it("keep leading to a closed course's page", async () => {
    await saveVietnamese({ title: "Tiếng Đức A1 (đã đóng)", active: "" });
    expect(await movedTo(`/courses/${courseId}`)).toBe("/courses/tieng-duc-a1-da-dong");
    expect(await movedTo("/courses/tieng-duc-co-ban-a1")).toBe("/courses/tieng-duc-a1-da-dong");
    expect((await page("/courses/tieng-duc-a1-da-dong")).closed?.title.title).toBe("Tiếng Đức A1 (đã đóng)");
  });
});

describe("every link to a course names its slug", () => {
  it("on the list pages and the schedule, in the page's language", async () => {
    expect((await listActiveCourses(database.db, "vi"))[0]?.slug).toBe("tieng-duc-co-ban-a1");
    expect((await listActiveCourses(database.db, "en"))[0]?.slug).toBe("german-for-beginners-a1");
    expect((await listActiveCourses(database.db, "de"))[0]?.slug).toBe("tieng-duc-co-ban-a1");
    await database.db.insert(courseClasses).values({
      courseId,
      startsOn: "2099-01-05",
      weekdays: [1, 3],
      startTime: "19:00",
      endTime: "20:30",
      capacity: 8,
      sessionCount: 24,
    });
    expect((await listUpcomingClasses(database.db, { language: "en" }))[0]?.courseSlug).toBe(
      "german-for-beginners-a1",
    );
  });

  it("in the sitemap: one address per language, each with its slug", async () => {
    const entry = (await listSitemapEntries(database.db)).find(
      (candidate) => candidate.path === "/courses/tieng-duc-co-ban-a1",
    );
    expect(entry?.alternates).toEqual({
      vi: "/courses/tieng-duc-co-ban-a1",
      en: "/en/courses/german-for-beginners-a1",
      de: "/de/courses/tieng-duc-co-ban-a1",
    });
    const paths = (await listSitemapEntries(database.db)).map((candidate) => candidate.path);
    expect(paths.some((path) => path.includes(courseId))).toBe(false);
  });

  it("in hreflang, the canonical address, og:url and the share card of the page", async () => {
    const loaded = await page("/en/courses/german-for-beginners-a1");
    expect(loaded.alternates).toEqual({
      vi: "/courses/tieng-duc-co-ban-a1",
      en: "/en/courses/german-for-beginners-a1",
      de: "/de/courses/tieng-duc-co-ban-a1",
    });
    const tags = courseDetailMeta({
      loaderData: loaded,
      location: { pathname: "/en/courses/german-for-beginners-a1" },
      matches: [
        { id: "root", data: { language: "en", appUrl: APP_URL } },
        { id: "en/routes/site/course-detail", data: loaded },
      ],
    } as never) as Record<string, string>[];
    const link = (rel: string, hrefLang?: string) =>
      tags.find((tag) => tag.rel === rel && (hrefLang === undefined || tag.hrefLang === hrefLang))?.href;
    const property = (name: string) => tags.find((tag) => tag.property === name)?.content;
    expect(link("canonical")).toBe(`${APP_URL}/en/courses/german-for-beginners-a1`);
    expect(link("alternate", "vi")).toBe(`${APP_URL}/courses/tieng-duc-co-ban-a1`);
    expect(link("alternate", "en")).toBe(`${APP_URL}/en/courses/german-for-beginners-a1`);
    expect(link("alternate", "de")).toBe(`${APP_URL}/de/courses/tieng-duc-co-ban-a1`);
    expect(link("alternate", "x-default")).toBe(`${APP_URL}/courses/tieng-duc-co-ban-a1`);
    expect(property("og:url")).toBe(`${APP_URL}/en/courses/german-for-beginners-a1`);
    expect(property("og:image")).toBe(`${APP_URL}/en/og/courses/german-for-beginners-a1.png`);
  });
});
