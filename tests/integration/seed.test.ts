import { and, count, eq, isNotNull, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  account,
  classAttendance,
  classLessons,
  contactConfig,
  courseClasses,
  courses,
  enrollments,
  posts,
  teamMembers,
  testimonials,
  user,
} from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { calendarDayInVietnam } from "~/lib/format";
import { courseSlugOf } from "~/schemas/course";
import { createTestDatabase } from "../support/test-database";

describe("demo content", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });

  it("fills an empty database with the spec's courses, posts and school details", async () => {
    expect(await seedDemoContent(database.db)).toBe(true);
    const rows = await database.db
      .select({ level: courses.level, price: courses.price, active: courses.active })
      .from(courses)
      .orderBy(courses.level);
    // spec §5/§9: A1 2.500.000, A2 3.000.000, B1 3.500.000, B2 4.000.000 VNĐ
    expect(rows).toEqual([
      { level: "A1", price: 2_500_000, active: true },
      { level: "A2", price: 3_000_000, active: true },
      { level: "B1", price: 3_500_000, active: true },
      { level: "B2", price: 4_000_000, active: true },
    ]);
    // Each course's readable address in each language, made from its titles (ADR 052).
    const addresses = await database.db
      .select({ title: courses.title, slug: courses.slug, translations: courses.translations })
      .from(courses);
    for (const course of addresses) {
      expect(course.slug).toBe(courseSlugOf(course.title, "vi"));
      for (const language of ["en", "de"] as const) {
        const title = course.translations[language]?.title;
        expect(course.translations[language]?.slug).toBe(
          typeof title === "string" ? courseSlugOf(title, language) : undefined,
        );
      }
    }
    expect(addresses.map((course) => course.slug)).toContain("tieng-duc-co-ban-a1");
    const published = await database.db
      .select({ category: posts.category, featured: posts.featured })
      .from(posts)
      .where(eq(posts.published, true));
    expect(published.length).toBeGreaterThanOrEqual(8);
    expect(new Set(published.map((p) => p.category)).size).toBeGreaterThanOrEqual(6);
    expect(published.filter((p) => p.featured).length).toBeLessThanOrEqual(2);
    const [team] = await database.db.select({ n: count() }).from(teamMembers);
    expect(team?.n).toBeGreaterThanOrEqual(3);
    const [featured] = await database.db
      .select({ n: count() })
      .from(testimonials)
      .where(eq(testimonials.featured, true));
    expect(featured?.n).toBeGreaterThanOrEqual(1);
    const [contact] = await database.db.select().from(contactConfig);
    expect(contact?.email).toMatch(/@/);
    expect(contact?.address).not.toBe("");
  });

  it("runs one class whose first two sessions have a note and every seated learner's mark, taught by a teacher with an account", async () => {
    const [running, ...others] = await database.db
      .select({ id: courseClasses.id, teacherId: courseClasses.teacherId })
      .from(courseClasses)
      .where(eq(courseClasses.status, "running"));
    expect(others).toEqual([]);
    const lessons = await database.db
      .select()
      .from(classLessons)
      .where(eq(classLessons.classId, running!.id));
    expect(lessons).toHaveLength(2);
    for (const lesson of lessons) expect(lesson.covered.length * lesson.homework.length).toBeGreaterThan(0);
    const seated = await database.db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(eq(enrollments.classId, running!.id), isNull(enrollments.waitlistRank)));
    const marks = await database.db
      .select()
      .from(classAttendance)
      .where(eq(classAttendance.classId, running!.id));
    expect(marks).toHaveLength(seated.length * 2);
    expect(new Set(marks.map((mark) => mark.day))).toEqual(new Set(lessons.map((lesson) => lesson.day)));
    // Its teacher has an account (role teacher, no password: the CLI's `user password` sets one).
    const [teacher] = await database.db
      .select({ userId: teamMembers.userId, role: user.role, userIdOfAccount: user.id })
      .from(teamMembers)
      .innerJoin(user, eq(user.id, teamMembers.userId))
      .where(eq(teamMembers.id, running!.teacherId!));
    expect(teacher?.role).toBe("teacher");
    const passwords = await database.db
      .select()
      .from(account)
      .where(eq(account.userId, teacher!.userIdOfAccount));
    expect(passwords).toEqual([]);
  });

  it("schedules upcoming classes of the open courses, 1–6 weeks ahead, some with seats left and one full", async () => {
    const today = calendarDayInVietnam();
    const plusDays = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const classes = await database.db
      .select({
        id: courseClasses.id,
        startsOn: courseClasses.startsOn,
        capacity: courseClasses.capacity,
        status: courseClasses.status,
        teacherId: courseClasses.teacherId,
        active: courses.active,
      })
      .from(courseClasses)
      .innerJoin(courses, eq(courses.id, courseClasses.courseId));
    expect(classes.length).toBeGreaterThanOrEqual(4);
    const team = new Set(
      (await database.db.select({ id: teamMembers.id }).from(teamMembers)).map((m) => m.id),
    );
    for (const row of classes) {
      expect(row.active).toBe(true);
      // The one class under way (issue 30) began before today; the others are ahead.
      if (row.status === "running") expect(row.startsOn < today).toBe(true);
      else expect(row.startsOn >= plusDays(7) && row.startsOn <= plusDays(42), row.startsOn).toBe(true);
      expect(team.has(row.teacherId ?? "")).toBe(true);
    }
    // Every open course has a class.
    const levels = await database.db.selectDistinct({ courseId: courseClasses.courseId }).from(courseClasses);
    const [open] = await database.db.select({ n: count() }).from(courses).where(eq(courses.active, true));
    expect(levels).toHaveLength(open!.n);

    const seats = async (classId: string) => {
      const [row] = await database.db
        .select({ n: count() })
        .from(enrollments)
        .where(and(eq(enrollments.classId, classId), isNull(enrollments.waitlistRank)));
      return row!.n;
    };
    const full = classes.filter((row) => row.status === "full");
    expect(full).toHaveLength(1);
    expect(await seats(full[0]!.id)).toBe(full[0]!.capacity);
    const waiting = await database.db
      .select({ rank: enrollments.waitlistRank, email: enrollments.email })
      .from(enrollments)
      .where(isNotNull(enrollments.waitlistRank))
      .orderBy(enrollments.waitlistRank);
    expect(waiting.map((row) => row.rank)).toEqual([1, 2]);
    const others = classes.filter((row) => row.status === "open");
    expect(others.length).toBeGreaterThanOrEqual(3);
    for (const row of others) expect(await seats(row.id)).toBeLessThan(row.capacity);

    // Invented people, on addresses that are never delivered.
    const people = await database.db
      .select({ email: enrollments.email, name: enrollments.fullName })
      .from(enrollments);
    for (const person of people) expect(person.email).toMatch(/@example\.com$|\.invalid$/);
  });

  it("never seeds a database that already has content, so deleted demo rows stay deleted", async () => {
    // Classes and their enrolments go first: a course with classes cannot be deleted (ADR 026).
    await database.db.delete(enrollments);
    await database.db.delete(courseClasses);
    await database.db.delete(courses);
    expect(await seedDemoContent(database.db)).toBe(false);
    const [left] = await database.db.select({ n: count() }).from(courses);
    expect(left?.n).toBe(0);
  });

  it("keeps each post's slug unique", async () => {
    const [post] = await database.db.select({ slug: posts.slug }).from(posts).limit(1);
    await expect(
      database.db.insert(posts).values({
        title: "Copy",
        slug: post!.slug,
        excerpt: "x",
        content: "x",
        category: "tips",
        author: "x",
      }),
    ).rejects.toThrow();
  });
});
