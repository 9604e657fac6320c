// ADR 056: a course's description and the about page's story are written in the visual editor.
// Through the real admin actions (multipart, as the editor's form posts) in Vietnamese and in a
// translation, out through every public reader: the course's page renders the document, its
// card, meta description, schedule entry and share card take its words; the about page renders
// the story. What is not allowed (a javascript: link, an event handler) never reaches a page.
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { aboutInfo, courseClasses, courses } from "~/db/schema";
import { type RichDocument, serializeDocument } from "~/lib/rich-text/document";
import { listUpcomingClasses } from "~/models/class-schedule.server";
import { action as aboutAction, loader as aboutAdminLoader } from "~/routes/admin/about";
import { action as coursesAction, loader as coursesAdminLoader } from "~/routes/admin/courses";
import { loader as aboutLoader } from "~/routes/site/about";
import { loader as courseDetailLoader } from "~/routes/site/course-detail";
import { loader as coursesLoader } from "~/routes/site/courses";
import { createSessionFixture } from "../support/admin-session";
import { bodyOf } from "../support/rich-text";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3993";

/** What the editor posts: a heading, bold words, a list, and a link the allow-list refuses. */
const written: RichDocument = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Bạn sẽ học gì" }] },
    {
      type: "paragraph",
      content: [
        { type: "text", text: "Phát âm " },
        { type: "text", text: "chuẩn", marks: [{ type: "bold" }] },
        { type: "text", text: " ngay từ đầu, " },
        {
          type: "text",
          text: "xem thêm",
          marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }],
        },
        { type: "text", text: "." },
      ],
    },
    {
      type: "bulletList",
      content: ["Nghe", "Nói"].map((text) => ({
        type: "listItem",
        content: [{ type: "paragraph", content: [{ type: "text", text }] }],
      })),
    },
  ],
} as RichDocument;

let database: Database;
let context: AppLoadContext;
let adminCookie: string;
let courseId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const sessions = createSessionFixture(database.db, APP_URL);
  context = sessions.context;
  adminCookie = await sessions.cookieFor("co.lan@lernhaus.test", "Cô Lan", "admin");
  const [row] = await database.db
    .insert(courses)
    .values({
      level: "A1",
      title: "Tiếng Đức A1",
      description: bodyOf("Mô tả cũ."),
      duration: "3 tháng",
      lessons: "36 buổi",
      price: 2_500_000,
      color: "blue",
    })
    .returning({ id: courses.id });
  courseId = row!.id;
  await database.db.insert(courseClasses).values({
    courseId,
    startsOn: "2099-01-05",
    sessionCount: 24,
    weekdays: [2, 4],
    startTime: "19:00",
    endTime: "20:30",
    capacity: 8,
  });
});

function pageArgs(path: string, params: Record<string, string> = {}) {
  return { request: new Request(`${APP_URL}${path}`), params, context } as never;
}

function adminArgs(path: string) {
  return {
    request: new Request(`${APP_URL}${path}`, { headers: { cookie: adminCookie } }),
    params: {},
    context,
  } as never;
}

function post(path: string, run: (args: never) => Promise<unknown>, fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  const request = new Request(`${APP_URL}${path}`, {
    method: "POST",
    headers: { cookie: adminCookie, origin: APP_URL },
    body,
  });
  return run({ request, context, params: {} } as never).catch((thrown: unknown) => thrown);
}

const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;

const htmlOf = (body: readonly { kind: string; html?: string }[]) =>
  body.map((piece) => piece.html ?? "").join("");

describe("a course's description written in the visual editor", () => {
  it("is saved from the admin form and shown on its page as written, on its card as words", async () => {
    const saved = await post("/admin/courses", coursesAction, {
      intent: "save",
      id: courseId,
      level: "A1",
      title: "Tiếng Đức A1",
      description: serializeDocument(written),
      duration: "3 tháng",
      lessons: "36 buổi",
      price: "2500000",
      color: "blue",
      active: "on",
    });
    expect(statusOf(saved)).toBe(302);

    const [stored] = await database.db.select().from(courses).where(eq(courses.id, courseId));
    // Stored as the allow-list keeps it: the javascript: link is gone, its words stay.
    expect(stored!.description).not.toContain("javascript:");
    expect(stored!.description).toContain("xem thêm");

    const page = await courseDetailLoader(pageArgs("/courses/tieng-duc-a1", { slug: "tieng-duc-a1" }));
    const html = htmlOf(page.course!.body);
    expect(html).toContain("<h2");
    expect(html).toContain("<strong>chuẩn</strong>");
    expect(html).toMatch(/<ul>\s*<li>(<p>)?Nghe/);
    expect(html).not.toMatch(/javascript:|<a /);
    // The card, the meta description and the structured data take the words, never the JSON.
    const list = await coursesLoader(pageArgs("/courses"));
    const card = list.courses.find((course) => course.id === courseId)!;
    expect(card.description).toBe("Bạn sẽ học gì Phát âm chuẩn ngay từ đầu, xem thêm. Nghe Nói");
    expect(page.course!.description).toBe(card.description);
    const [entry] = await listUpcomingClasses(database.db, { courseId });
    expect(entry!.courseDescription).toBe(card.description);
  });

  it("is given back to the editor as the document it stored", async () => {
    const admin = (await coursesAdminLoader(adminArgs(`/admin/courses?dialog=edit&id=${courseId}`))) as {
      courses: { id: string; description: string }[];
    };
    const [stored] = await database.db.select().from(courses).where(eq(courses.id, courseId));
    expect(admin.courses.find((course) => course.id === courseId)?.description).toBe(stored!.description);
  });

  it("is translated in the editor too, each page showing its language", async () => {
    const english: RichDocument = {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "Clear ", marks: [{ type: "italic" }] },
            { type: "text", text: "pronunciation." },
          ],
        },
      ],
    } as RichDocument;
    const saved = await post("/admin/courses", coursesAction, {
      intent: "translate",
      id: courseId,
      language: "en",
      title: "German A1",
      description: serializeDocument(english),
    });
    expect(statusOf(saved)).toBe(302);
    const page = await courseDetailLoader(pageArgs("/en/courses/german-a1", { slug: "german-a1" }));
    expect(htmlOf(page.course!.body)).toBe("<p><em>Clear </em>pronunciation.</p>");
    expect(page.course!.description).toBe("Clear pronunciation.");
    expect(page.course!.fallbackFields).not.toContain("description");
  });

  it("refuses a description that is not a document, and one that says nothing, with the form's errors", async () => {
    for (const [description, error] of [
      ["<p>Mô tả</p>", "validation.invalidDocument"],
      [bodyOf(" "), "validation.required"],
    ] as const) {
      const refused = (await post("/admin/courses", coursesAction, {
        intent: "save",
        id: courseId,
        level: "A1",
        title: "Tiếng Đức A1",
        description,
        duration: "3 tháng",
        lessons: "36 buổi",
        price: "2500000",
        color: "blue",
      })) as { data?: { error?: Record<string, string[]> } };
      expect(statusOf(refused)).toBe(400);
      expect(JSON.stringify(refused)).toContain(error);
    }
    const [stored] = await database.db.select().from(courses).where(eq(courses.id, courseId));
    expect(stored!.description).toContain("Phát âm");
  });
});

describe("the about page's story written in the visual editor", () => {
  it("is saved from the general info tab and shown rendered; the short texts stay text", async () => {
    const saved = await post("/admin/about", aboutAction, {
      intent: "save-info",
      mission: "Sứ mệnh <b>không đậm</b>",
      description: serializeDocument(written),
      commitment: "",
    });
    expect(statusOf(saved)).toBe(302);
    const page = await aboutLoader(pageArgs("/about"));
    const info = page.page.info!;
    expect(info.mission).toBe("Sứ mệnh <b>không đậm</b>");
    expect(htmlOf(info.story)).toContain("<strong>chuẩn</strong>");
    expect(htmlOf(info.story)).not.toContain("javascript:");
    const admin = (await aboutAdminLoader(adminArgs("/admin/about"))) as {
      info: { description: string };
    };
    const [row] = await database.db.select().from(aboutInfo);
    expect(admin.info.description).toBe(row!.description);
  });

  it("may be left empty: the page shows no story", async () => {
    const saved = await post("/admin/about", aboutAction, {
      intent: "save-info",
      mission: "Sứ mệnh",
      description: bodyOf(""),
    });
    expect(statusOf(saved)).toBe(302);
    const [row] = await database.db.select().from(aboutInfo);
    expect(row!.description).toBe("");
    expect((await aboutLoader(pageArgs("/about"))).page.info!.story).toEqual([]);
  });
});
