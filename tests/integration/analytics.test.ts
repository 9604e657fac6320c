import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, courses, enrollments, newsletterSubscribers, posts, postViews } from "~/db/schema";
import { getAnalytics } from "~/models/analytics.server";
import { parseAnalyticsRange } from "~/schemas/analytics";
import { createTestDatabase } from "../support/test-database";

// Times are in Vietnam (UTC+7): 2026-03-02 is a Monday.
const at = (local: string) => new Date(`${local}+07:00`);

describe("analytics", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    const base = { phone: "0900000000", email: "a@b.vn" };
    // Two courses at one level: the analytics count each course on its own.
    const course = { level: "B1", description: "x", duration: "x", lessons: "x", color: "blue" };
    const [evening, weekend] = await database.db
      .insert(courses)
      .values([
        { ...course, title: "B1 buổi tối", price: 3_500_000 },
        { ...course, title: "B1 cấp tốc cuối tuần", price: 5_000_000 },
      ])
      .returning({ id: courses.id });
    const enrol = (
      local: string,
      course: string,
      schedule: string,
      status: string,
      hearAbout: string | null,
      courseId: string | null = null,
    ) => ({
      ...base,
      fullName: `Học viên ${local}`,
      course,
      schedule,
      status,
      hearAbout,
      courseId,
      createdAt: at(local),
    });
    await database.db.insert(enrollments).values([
      enrol("2026-03-02T08:00:00", "a1", "evening", "new", "facebook"),
      enrol("2026-03-08T23:30:00", "a1", "evening", "contacted", "facebook"), // Sunday night: week 1
      enrol("2026-03-09T00:10:00", "b1", "weekend", "trial", "google", weekend!.id), // Monday: week 2
      enrol("2026-03-10T10:00:00", "b1", "evening", "enrolled", null, evening!.id),
      enrol("2026-03-20T10:00:00", "consultation", "flexible", "cancelled", "friend"),
      enrol("2026-03-01T23:59:00", "a2", "morning", "enrolled", "other"), // the day before: outside
    ]);
    const message = (local: string, responseTime: number | null) => ({
      name: "Lan",
      email: "lan@b.vn",
      phone: "0900000000",
      subject: "pricing",
      message: "?",
      responseTime,
      createdAt: at(local),
    });
    await database.db
      .insert(contactMessages)
      .values([
        message("2026-03-03T09:00:00", 1800),
        message("2026-03-04T09:00:00", 5400),
        message("2026-03-11T09:00:00", 10800),
        message("2026-03-12T09:00:00", null),
      ]);
    const [post] = await database.db
      .insert(posts)
      .values({
        title: "Mẹo thi B1",
        slug: "meo-thi-b1",
        excerpt: "x",
        content: "x",
        category: "tips",
        author: "A",
        views: 40,
      })
      .returning();
    await database.db.insert(postViews).values([
      { postId: post!.id, visitor: "v1", day: "2026-03-05" },
      { postId: post!.id, visitor: "v2", day: "2026-03-05" },
      { postId: post!.id, visitor: "v1", day: "2026-04-05" },
    ]);
    await database.db.insert(newsletterSubscribers).values([
      { email: "x@b.vn", token: "t1", status: "confirmed", confirmedAt: at("2026-03-03T10:00:00") },
      {
        email: "y@b.vn",
        token: "t2",
        status: "unsubscribed",
        confirmedAt: at("2026-03-04T10:00:00"),
        unsubscribedAt: at("2026-03-10T10:00:00"),
      },
      { email: "z@b.vn", token: "t3", status: "pending" },
    ]);
  });

  it("counts per week in the school's time zone, by course, schedule and source, within the range", async () => {
    const a = await getAnalytics(database.db, { from: "2026-03-02", to: "2026-03-22" });
    expect(a.enrollmentsPerWeek).toEqual([
      { week: "2026-03-02", count: 2 },
      { week: "2026-03-09", count: 2 },
      { week: "2026-03-16", count: 1 },
    ]);
    // Legacy rows without a course keep their level as the key, with no title.
    expect(a.byCourse).toEqual([
      { key: "a1", title: null, count: 2 },
      { key: "b1", title: "B1 buổi tối", count: 1 },
      { key: "b1", title: "B1 cấp tốc cuối tuần", count: 1 },
      { key: "consultation", title: null, count: 1 },
    ]);
    expect(a.bySchedule[0]).toEqual({ key: "evening", count: 3 });
    expect(a.bySource).toContainEqual({ key: "", count: 1 });
    expect(a.bySource).toContainEqual({ key: "facebook", count: 2 });
  });

  it("builds the funnel from the furthest step each enrolment reached", async () => {
    const { funnel } = await getAnalytics(database.db, { from: "2026-03-02", to: "2026-03-22" });
    expect(funnel).toEqual({ total: 5, contacted: 3, trial: 2, enrolled: 1, cancelled: 1 });
  });

  it("gives messages per week and the median response time against the 2-hour promise", async () => {
    const a = await getAnalytics(database.db, { from: "2026-03-02", to: "2026-03-15" });
    expect(a.messagesPerWeek).toEqual([
      { week: "2026-03-02", count: 2 },
      { week: "2026-03-09", count: 2 },
    ]);
    expect(a.responses).toEqual({ total: 4, answered: 3, medianSeconds: 5400, withinPromise: 2 });
  });

  it("ranks posts by views in the range and follows confirmed subscribers week by week", async () => {
    const a = await getAnalytics(database.db, { from: "2026-03-02", to: "2026-03-15" });
    expect(a.topPosts).toEqual([expect.objectContaining({ title: "Mẹo thi B1", views: 2, total: 40 })]);
    expect(a.newsletterPerWeek).toEqual([
      { week: "2026-03-02", count: 2 },
      { week: "2026-03-09", count: 1 },
    ]);
  });

  it("reads the range from the URL, defaulting to the last 12 weeks and correcting nonsense", () => {
    const now = new Date("2026-11-22T03:00:00Z"); // a Sunday in Vietnam
    expect(parseAnalyticsRange(new URLSearchParams(), now)).toEqual({ from: "2026-08-31", to: "2026-11-22" });
    expect(parseAnalyticsRange(new URLSearchParams("from=2026-10-05&to=2026-10-01"), now).from).toBe(
      "2026-07-13",
    );
    expect(parseAnalyticsRange(new URLSearchParams("from=bad&to=2026-03-22"), now)).toEqual({
      from: "2025-12-29",
      to: "2026-03-22",
    });
  });
});
