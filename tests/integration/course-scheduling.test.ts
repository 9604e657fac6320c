// A course scheduled to open (ADR 057) through the real /admin/courses route: unseen by every
// public read and refused by every rule that needs an open course until its time (the lists, its
// page and every address, enrolment, the schedule, seats, the sitemap, the overview), open from that
// moment, and its wait ended by the scheduled job once across instances. A time must be ahead;
// an editor's save keeps it; the list's switch closes a scheduled course and forgets its time.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ChangeBus, startChangeBus } from "~/db/change-bus.server";
import { connectDatabase } from "~/db/client.server";
import { courseClasses, courses, requestLimits } from "~/db/schema";
import type { ChangeTopic } from "~/lib/change-topics";
import { courseState } from "~/lib/course-schedule";
import { vietnamDateTimeInput } from "~/lib/post-schedule";
import { listUpcomingClasses } from "~/models/class-schedule.server";
import { findCourseAddress, listActiveCourses, listCoursesForAdmin } from "~/models/course.server";
import { listEnrollmentCourses } from "~/models/enrollment.server";
import { getOverview } from "~/models/overview.server";
import { openDueCourses, runScheduledPublishing } from "~/models/scheduled-publishing.server";
import { listSitemapEntries } from "~/models/sitemap.server";
import { action as coursesAction } from "~/routes/admin/courses";
import { createSessionFixture } from "../support/admin-session";
import { bodyOf } from "../support/rich-text";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "https://lernhaus.test";
const sending = { appUrl: APP_URL, mailsPerMinute: 6000 };
const HOUR = 60 * 60 * 1000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let fixture: ReturnType<typeof createSessionFixture>;
let adminCookie: string;
let editorCookie: string;
let bus: ChangeBus;
const topics: ChangeTopic[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = createSessionFixture(database.db, APP_URL);
  adminCookie = await fixture.cookieFor("co.lan@lernhaus.test", "Cô Lan", "admin");
  editorCookie = await fixture.cookieFor("bien.tap@lernhaus.test", "Biên Tập", "editor");
  bus = await startChangeBus(database.url);
  bus.subscribe((topic) => topics.push(topic));
});
afterAll(async () => {
  await bus.close();
});
beforeEach(async () => {
  await database.db.delete(courseClasses);
  await database.db.delete(courses);
  // The job's claim of its minute (request_limits): each test's runs start unclaimed.
  await database.db.delete(requestLimits);
  topics.length = 0;
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

const form = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  level: "B2",
  title: "Tiếng Đức B2 mùa thu",
  description: bodyOf("Khóa B2 khai giảng mùa thu."),
  duration: "5 tháng",
  lessons: "60 buổi",
  price: "6000000",
  "features[0]": "Luyện thi Goethe B2",
  color: "teal",
  ...overrides,
});

/** A course the admin scheduled an hour ahead, with a class starting next year. */
async function scheduledCourse() {
  const saved = await courseAction(form({ publishAt: vietnamDateTimeInput(new Date(Date.now() + HOUR)) }));
  expect(statusOf(saved)).toBe(302);
  const [course] = await database.db.select().from(courses);
  await database.db.insert(courseClasses).values({
    courseId: course!.id,
    startsOn: "2099-03-02",
    sessionCount: 20,
    weekdays: [1, 3],
    startTime: "18:00",
    endTime: "19:30",
    capacity: 8,
  });
  return course!;
}

/** What each public read and each rule needing an open course says of it. */
async function publicReads(course: { id: string; slug: string }) {
  const [list, enrolment, classes, sitemap, overview, address] = await Promise.all([
    listActiveCourses(database.db),
    listEnrollmentCourses(database.db),
    listUpcomingClasses(database.db),
    listSitemapEntries(database.db),
    getOverview(database.db),
    findCourseAddress(database.db, course.slug),
  ]);
  return {
    list: list.some((row) => row.id === course.id),
    enrolment: enrolment.some((row) => row.id === course.id),
    schedule: classes.some((row) => row.courseId === course.id),
    sitemap: sitemap.some((entry) => entry.path === `/courses/${course.slug}`),
    overview: overview.activeCourses,
    address: address?.id === course.id,
  };
}
const nowhere = {
  list: false,
  enrolment: false,
  schedule: false,
  sitemap: false,
  overview: 0,
  address: false,
};
const everywhere = { list: true, enrolment: true, schedule: true, sitemap: true, overview: 1, address: true };

const timeComes = (id: string) =>
  database.db.execute(sql`update courses set publish_at = now() - interval '1 second' where id = ${id}`);

describe("a course scheduled to open", () => {
  it("is stored open with its time, and unseen everywhere until then", async () => {
    const course = await scheduledCourse();
    // The time opens it whatever the "open" box said (left unticked here).
    expect(course.active).toBe(true);
    expect(course.publishAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await publicReads(course)).toEqual(nowhere);
    const [row] = await listCoursesForAdmin(database.db);
    expect(courseState(row!)).toBe("scheduled");
  });

  it("opens at its minute even before the job runs, and the job tells the pages once", async () => {
    const course = await scheduledCourse();
    expect(await runScheduledPublishing(database.db, { ...sending, periodSeconds: 0 })).toEqual({
      published: 0,
      opened: 0,
      newsletters: 0,
    });
    await timeComes(course.id);
    expect(await publicReads(course)).toEqual(everywhere);
    topics.length = 0;
    // The run above had the minute: the next minute's runs start unclaimed.
    await database.db.delete(requestLimits);
    const other = connectDatabase(database.url, { max: 2 });
    try {
      // Two instances in the same minute: one of them runs it; each step is once only anyway.
      const runs = await Promise.all([
        runScheduledPublishing(database.db, sending),
        runScheduledPublishing(other.db, sending),
      ]);
      expect(runs.filter((run) => run !== null)).toEqual([{ published: 0, opened: 1, newsletters: 0 }]);
      await timeComes(course.id);
      const opened = await Promise.all([openDueCourses(database.db), openDueCourses(other.db)]);
      expect(opened.flat()).toEqual([course.id]);
    } finally {
      await other.close();
    }
    await expect.poll(() => topics.includes("courses"), { timeout: 5_000 }).toBe(true);
    const [after] = await database.db.select().from(courses).where(eq(courses.id, course.id));
    expect(after).toMatchObject({ active: true, publishAt: null });
  });

  it("refuses a time already past or not a time at all, with the field's message", async () => {
    for (const [publishAt, message] of [
      [vietnamDateTimeInput(new Date(Date.now() - HOUR)), "admin:courses.validation.publishAtPast"],
      ["2026-02-30T10:00", "admin:courses.validation.publishAt"],
    ] as const) {
      const refused = await courseAction(form({ publishAt }));
      expect(statusOf(refused)).toBe(400);
      expect(JSON.stringify(refused)).toContain(message);
    }
    expect(await database.db.select().from(courses)).toEqual([]);
  });

  it("keeps its time through an editor's save; the list's switch closes it and forgets the time", async () => {
    const course = await scheduledCourse();
    const edited = await courseAction(form({ id: course.id, title: "Tiếng Đức B2 (mới)" }), editorCookie);
    expect(statusOf(edited)).toBe(302);
    const [kept] = await database.db.select().from(courses).where(eq(courses.id, course.id));
    expect(kept).toMatchObject({ title: "Tiếng Đức B2 (mới)", active: true, publishAt: course.publishAt });
    // An admin's save without a time ends the schedule as the box says.
    expect(statusOf(await courseAction(form({ id: course.id, active: "on" })))).toBe(302);
    const [now] = await database.db.select().from(courses).where(eq(courses.id, course.id));
    expect(now).toMatchObject({ active: true, publishAt: null });
    await database.db
      .update(courses)
      .set({ publishAt: new Date(Date.now() + HOUR) })
      .where(eq(courses.id, course.id));
    await courseAction({ intent: "toggle-active", id: course.id, active: "false" });
    const [closed] = await database.db.select().from(courses).where(eq(courses.id, course.id));
    expect(closed).toMatchObject({ active: false, publishAt: null });
  });
});
