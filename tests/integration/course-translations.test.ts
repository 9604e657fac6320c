// Courses, a class's note and the contact description in three languages (ADR 032, issue 19):
// stored per language in the row's `translations`, read back through the public loaders in the
// request's language with the Vietnamese original where a field is not translated (and named as
// such), saved one language at a time through the real admin actions, and the admin list's
// "not translated into EN/DE" filter.
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { contactConfig, courseClasses, courses } from "~/db/schema";
import { listUpcomingClasses } from "~/models/class-schedule.server";
import {
  getContactConfig,
  saveContactTranslation,
  updateContactConfig,
} from "~/models/contact-config.server";
import { listCoursesForAdmin, saveCourseTranslation } from "~/models/course.server";
import { action as classesAction } from "~/routes/admin/classes";
import { action as coursesAction, loader as coursesAdminLoader } from "~/routes/admin/courses";
import { action as settingsAction } from "~/routes/admin/settings";
import { loader as courseDetailLoader } from "~/routes/site/course-detail";
import { loader as coursesLoader } from "~/routes/site/courses";
import { loader as siteLayoutLoader } from "~/routes/site/layout";
import { createSessionFixture } from "../support/admin-session";
import { createTestDatabase } from "../support/test-database";

/** A save no account made: the revision (ADR 057) names it. */
const tester = { id: null, name: "Kiểm thử" };
const APP_URL = "http://localhost:3997";

const vietnamese = {
  level: "A1",
  title: "Tiếng Đức cơ bản A1",
  description: "Khóa học cho người mới bắt đầu.",
  duration: "3 tháng",
  lessons: "36 buổi",
  price: 2_500_000,
  features: ["Giáo trình Menschen A1", "Lớp tối đa 8 học viên"],
  color: "blue",
  active: true,
};

let database: Database;
let context: AppLoadContext;
let adminCookie: string;
let userCookie: string;
let courseId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const sessions = createSessionFixture(database.db, APP_URL);
  context = sessions.context;
  adminCookie = await sessions.cookieFor("co.lan@lernhaus.test", "Cô Lan", "admin");
  userCookie = await sessions.cookieFor("hoc.vien@lernhaus.test", "Học Viên", "user");
});

beforeEach(async () => {
  await database.db.delete(courseClasses);
  await database.db.delete(courses);
  const [row] = await database.db.insert(courses).values(vietnamese).returning({ id: courses.id });
  courseId = row!.id;
});

/** A public page's loader arguments, in a language chosen by the cookie or the address. */
function pageArgs(path: string, options: { cookie?: string; params?: Record<string, string> } = {}) {
  const headers = new Headers(options.cookie ? { cookie: options.cookie } : {});
  return {
    request: new Request(`${APP_URL}${path}`, { headers }),
    params: options.params ?? {},
    context,
  } as never;
}

type Action = (args: never) => Promise<unknown>;

function post(path: string, run: Action, fields: Record<string, string | string[]>, cookie = adminCookie) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const one of ([] as string[]).concat(value)) body.append(key, one);
  const request = new Request(`${APP_URL}${path}`, {
    method: "POST",
    headers: { cookie, origin: APP_URL },
    body,
  });
  return run({ request, context, params: {} } as never).catch((thrown: unknown) => thrown);
}

const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;

async function storedCourse() {
  const [row] = await database.db.select().from(courses).where(eq(courses.id, courseId));
  return row!;
}

describe("a course in three languages", () => {
  it("stores a field per language and shows each page its own, the Vietnamese page unchanged", async () => {
    await saveCourseTranslation(
      database.db,
      courseId,
      "en",
      {
        title: "German for beginners A1",
        features: [],
      },
      tester,
    );
    await saveCourseTranslation(
      database.db,
      courseId,
      "de",
      {
        title: "Deutsch für Anfänger A1",
        description: "Ein Kurs für Anfänger.",
        features: ["Lehrwerk Menschen A1"],
      },
      tester,
    );
    // Each translated title gives the course an address in its language (ADR 052).
    expect((await storedCourse()).translations).toEqual({
      en: { title: "German for beginners A1", slug: "german-for-beginners-a1" },
      de: {
        title: "Deutsch für Anfänger A1",
        slug: "deutsch-fuer-anfaenger-a1",
        description: "Ein Kurs für Anfänger.",
        features: ["Lehrwerk Menschen A1"],
      },
    });

    const german = await coursesLoader(pageArgs("/courses", { cookie: "lng=de" }));
    expect(german.courses[0]).toMatchObject({
      title: "Deutsch für Anfänger A1",
      description: "Ein Kurs für Anfänger.",
      features: ["Lehrwerk Menschen A1"],
      duration: "3 tháng",
    });
    const vietnamesePage = await coursesLoader(pageArgs("/courses"));
    expect(vietnamesePage.courses[0]).toMatchObject({
      title: vietnamese.title,
      description: vietnamese.description,
      features: vietnamese.features,
      fallbackFields: [],
    });
    // The page never sees the other languages' versions.
    expect(vietnamesePage.courses[0]).not.toHaveProperty("translations");
  });

  it("falls back to the Vietnamese text where only the title is translated, and says which fields did", async () => {
    await saveCourseTranslation(
      database.db,
      courseId,
      "en",
      {
        title: "German for beginners A1",
        features: [],
      },
      tester,
    );
    const page = await courseDetailLoader(
      pageArgs("/courses/tieng-duc-co-ban-a1", { cookie: "lng=en", params: { slug: "tieng-duc-co-ban-a1" } }),
    );
    expect(page.course).toMatchObject({
      title: "German for beginners A1",
      description: vietnamese.description,
      features: vietnamese.features,
    });
    expect([...(page.course?.fallbackFields ?? [])].sort()).toEqual(
      ["description", "duration", "features", "lessons"].sort(),
    );
    // The address's language wins over the cookie (/en/… once the language routes exist).
    const byAddress = await courseDetailLoader(
      pageArgs("/en/courses/german-for-beginners-a1", {
        cookie: "lng=de",
        params: { slug: "german-for-beginners-a1" },
      }),
    );
    expect(byAddress.course?.title).toBe("German for beginners A1");
  });

  it("names the course in the page's language on /schedule and a closed course's page", async () => {
    await saveCourseTranslation(database.db, courseId, "de", { title: "Deutsch A1", features: [] }, tester);
    await database.db.insert(courseClasses).values({
      courseId,
      startsOn: "2099-01-05",
      weekdays: [1, 3],
      startTime: "19:00",
      endTime: "20:30",
      capacity: 8,
      sessionCount: 24,
    });
    const [item] = await listUpcomingClasses(database.db, { language: "de" });
    expect(item).toMatchObject({ courseTitle: "Deutsch A1", courseDescription: vietnamese.description });
    expect(item?.fallbackFields).toEqual(["courseDescription"]);

    await database.db.update(courses).set({ active: false }).where(eq(courses.id, courseId));
    const closed = await courseDetailLoader(
      pageArgs("/courses/tieng-duc-co-ban-a1", { cookie: "lng=de", params: { slug: "tieng-duc-co-ban-a1" } }),
    );
    expect(closed.closed?.title).toEqual({ title: "Deutsch A1", fallbackFields: [] });
  });

  it("saves English through the dialog's translate intent and leaves German and the Vietnamese columns as they were", async () => {
    await saveCourseTranslation(
      database.db,
      courseId,
      "de",
      {
        title: "Deutsch A1",
        features: ["Kleine Gruppen"],
      },
      tester,
    );
    const before = await storedCourse();
    const result = await post("/admin/courses?dialog=edit&id=x&lang=en", coursesAction, {
      intent: "translate",
      id: courseId,
      language: "en",
      title: "  German A1  ",
      description: "",
      "features[0]": "Small groups",
      "features[1]": "",
    });
    expect(statusOf(result)).toBe(302);
    const after = await storedCourse();
    expect(after.translations).toEqual({
      de: { title: "Deutsch A1", slug: "deutsch-a1", features: ["Kleine Gruppen"] },
      en: { title: "German A1", slug: "german-a1", features: ["Small groups"] },
    });
    const { translations: _before, updatedAt: _t1, ...vietnameseBefore } = before;
    const { translations: _after, updatedAt: _t2, ...vietnameseAfter } = after;
    expect(vietnameseAfter).toEqual(vietnameseBefore);
  });

  it("keeps both languages when English and German are saved at the same moment", async () => {
    await Promise.all(
      Array.from({ length: 5 }, (_, round) => [
        saveCourseTranslation(
          database.db,
          courseId,
          "en",
          { title: `English ${round}`, features: [] },
          tester,
        ),
        saveCourseTranslation(
          database.db,
          courseId,
          "de",
          { title: `Deutsch ${round}`, features: [] },
          tester,
        ),
      ]).flat(),
    );
    const { translations } = await storedCourse();
    expect(translations.en?.title).toMatch(/^English \d$/);
    expect(translations.de?.title).toMatch(/^Deutsch \d$/);
  });

  it("refuses a translation too long, in an unknown language, or from someone not an admin", async () => {
    const base = { intent: "translate", id: courseId, language: "en" };
    expect(statusOf(await post("/admin/courses", coursesAction, { ...base, title: "x".repeat(201) }))).toBe(
      400,
    );
    expect(
      statusOf(await post("/admin/courses", coursesAction, { ...base, language: "fr", title: "Salut" })),
    ).toBe(400);
    expect(statusOf(await post("/admin/courses", coursesAction, { ...base, title: "Hi" }, userCookie))).toBe(
      403,
    );
    expect((await storedCourse()).translations).toEqual({});
  });

  it("lists the languages each course is written in and filters those not yet translated", async () => {
    const [other] = await database.db
      .insert(courses)
      .values({ ...vietnamese, level: "A2", title: "Tiếng Đức A2" })
      .returning({ id: courses.id });
    await saveCourseTranslation(database.db, courseId, "en", { title: "German A1", features: [] }, tester);
    // A description alone does not make the course English: its title is what the list asks for.
    await saveCourseTranslation(
      database.db,
      other!.id,
      "en",
      {
        description: "Only a description",
        features: [],
      },
      tester,
    );

    const all = await listCoursesForAdmin(database.db);
    expect(all.map((course) => [course.title, course.languages])).toEqual([
      [vietnamese.title, ["vi", "en"]],
      ["Tiếng Đức A2", ["vi"]],
    ]);
    expect(all[0]?.progress).toEqual({ en: "partial", de: "missing" });

    const list = async (search: string) => {
      const request = new Request(`${APP_URL}/admin/courses${search}`, { headers: { cookie: adminCookie } });
      const data = await coursesAdminLoader({ request, context, params: {} } as never);
      return data.courses.map((course) => course.title);
    };
    expect(await list("?untranslated=en")).toEqual(["Tiếng Đức A2"]);
    expect(await list("?untranslated=de")).toEqual([vietnamese.title, "Tiếng Đức A2"]);
    expect(await list("?untranslated=fr")).toEqual([vietnamese.title, "Tiếng Đức A2"]);
  });
});

describe("a class's note in three languages", () => {
  it("saves the German note alone: the Vietnamese note and the meeting link stay", async () => {
    const [klass] = await database.db
      .insert(courseClasses)
      .values({
        courseId,
        startsOn: "2099-01-05",
        weekdays: [1, 3],
        startTime: "19:00",
        endTime: "20:30",
        capacity: 8,
        sessionCount: 24,
        note: "Mang theo sách giáo trình.",
        meetingUrl: "https://meet.example/a1",
      })
      .returning();
    const result = await post("/admin/classes?dialog=edit&lang=de", classesAction, {
      intent: "translate",
      id: klass!.id,
      language: "de",
      note: "Bitte das Lehrbuch mitbringen.",
    });
    expect(statusOf(result)).toBe(302);
    const [stored] = await database.db.select().from(courseClasses).where(eq(courseClasses.id, klass!.id));
    expect(stored).toMatchObject({
      note: "Mang theo sách giáo trình.",
      meetingUrl: "https://meet.example/a1",
      translations: { de: { note: "Bitte das Lehrbuch mitbringen." } },
    });

    // The schedule shows the note in the page's language; English has none, so Vietnamese, marked.
    const shown = async (language: "vi" | "en" | "de") =>
      (await listUpcomingClasses(database.db, { language, courseId })).find((item) => item.id === klass!.id);
    expect(await shown("de")).toMatchObject({ note: "Bitte das Lehrbuch mitbringen." });
    expect((await shown("de"))?.fallbackFields).not.toContain("note");
    expect(await shown("en")).toMatchObject({ note: "Mang theo sách giáo trình." });
    expect((await shown("en"))?.fallbackFields).toContain("note");
    expect(await shown("vi")).toMatchObject({ note: "Mang theo sách giáo trình.", fallbackFields: [] });
    // The meeting link is for the class's learners only: never in what a public page gets.
    expect(JSON.stringify(await shown("de"))).not.toContain("meet.example");
  });
});

describe("the contact description in three languages", () => {
  beforeEach(async () => {
    await database.db.delete(contactConfig);
    await updateContactConfig(database.db, {
      description: "Trung tâm tiếng Đức tại Hà Nội.",
      phone: "0912 345 678",
    });
  });

  it("shows each language its description, the Vietnamese one (marked) where there is none", async () => {
    const saved = await post("/admin/settings?tab=contact&lang=en", settingsAction, {
      intent: "save-contact-translation",
      language: "en",
      description: "A German language school in Hanoi.",
    });
    expect(statusOf(saved)).toBe(302);

    const english = await siteLayoutLoader(pageArgs("/en/contact"));
    expect(english.contact).toMatchObject({
      description: "A German language school in Hanoi.",
      fallbackFields: [],
    });
    const german = await siteLayoutLoader(pageArgs("/de/contact"));
    expect(german.contact).toMatchObject({
      description: "Trung tâm tiếng Đức tại Hà Nội.",
      fallbackFields: ["description"],
    });
    const vietnamesePage = await siteLayoutLoader(pageArgs("/contact"));
    expect(vietnamesePage.contact?.description).toBe("Trung tâm tiếng Đức tại Hà Nội.");
  });

  it("saving one language keeps the other and the Vietnamese details; saving the details keeps both", async () => {
    await saveContactTranslation(database.db, "en", { description: "A school in Hanoi." });
    await saveContactTranslation(database.db, "de", { description: "Eine Schule in Hanoi." });
    await saveContactTranslation(database.db, "en", { description: "A German school in Hanoi." });
    await updateContactConfig(database.db, { description: "Trường tiếng Đức.", phone: "0912 000 000" });
    const [row] = await database.db.select().from(contactConfig);
    expect(row).toMatchObject({
      description: "Trường tiếng Đức.",
      phone: "0912 000 000",
      translations: {
        en: { description: "A German school in Hanoi." },
        de: { description: "Eine Schule in Hanoi." },
      },
    });
    expect((await getContactConfig(database.db, "de"))?.description).toBe("Eine Schule in Hanoi.");
  });
});
