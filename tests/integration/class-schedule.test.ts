import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { courseClasses, courses, enrollments, teamMembers } from "~/db/schema";
import { calendarDayInVietnam } from "~/lib/format";
import {
  getClassForCalendar,
  groupClassesByLevel,
  listUpcomingClasses,
  type PublicClass,
} from "~/models/class-schedule.server";
import { listSitemapEntries } from "~/models/sitemap.server";
import { loader as scheduleLoader } from "~/routes/site/schedule";
import { loader as calendarLoader } from "~/routes/site/schedule.calendar";
import { loaderArgs } from "../support/loader-args";
import { createTestDatabase } from "../support/test-database";

const MEETING = "https://meet.example/secret-room";

/** The calendar day `offset` days from today in Vietnam. */
function day(offset: number) {
  const today = new Date(`${calendarDayInVietnam()}T00:00:00Z`);
  return new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
}

describe("the public class schedule", () => {
  let database: Database;
  const course: Record<string, string> = {};
  const klass: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const base = {
      description: "Mô tả",
      duration: "10 tuần",
      lessons: "30 buổi",
      features: [],
      color: "blue",
    };
    const rows = await db
      .insert(courses)
      .values([
        { ...base, level: "B1", title: "B1 course", price: 3_500_000 },
        { ...base, level: "A1", title: "A1 course", price: 2_500_000 },
        { ...base, level: "A2", title: "A2 course", price: 3_000_000 },
        { ...base, level: "A1", title: "A1 closed", price: 2_500_000, active: false },
      ])
      .returning({ id: courses.id, title: courses.title });
    for (const row of rows) course[row.title] = row.id;
    const [teacher] = await db
      .insert(teamMembers)
      .values({ name: "Nguyễn Thị Hương", role: "Giáo viên", experience: "5 năm" })
      .returning({ id: teamMembers.id });
    const [hidden] = await db
      .insert(teamMembers)
      .values({ name: "Người đã nghỉ", role: "Giáo viên", experience: "1 năm", active: false })
      .returning({ id: teamMembers.id });
    const lesson = {
      weekdays: [1, 3, 5],
      startTime: "19:00",
      endTime: "20:30",
      sessionCount: 24,
      meetingUrl: MEETING,
      teacherId: teacher!.id,
    };
    const classRows: (Partial<typeof courseClasses.$inferInsert> & {
      key: string;
      courseId: string;
      startsOn: string;
    })[] = [
      { key: "a1 later", courseId: course["A1 course"]!, startsOn: day(30), capacity: 3 },
      { key: "a1 soon", courseId: course["A1 course"]!, startsOn: day(10), capacity: 2 },
      { key: "a1 today", courseId: course["A1 course"]!, startsOn: day(0), teacherId: hidden!.id },
      { key: "b1 full", courseId: course["B1 course"]!, startsOn: day(5), status: "full" },
      { key: "a2", courseId: course["A2 course"]!, startsOn: day(20), sessionCount: null, endsOn: day(80) },
      { key: "started", courseId: course["A2 course"]!, startsOn: day(-1) },
      { key: "running", courseId: course["A2 course"]!, startsOn: day(3), status: "running" },
      { key: "finished", courseId: course["A2 course"]!, startsOn: day(3), status: "finished" },
      { key: "cancelled", courseId: course["A2 course"]!, startsOn: day(3), status: "cancelled" },
      { key: "closed course", courseId: course["A1 closed"]!, startsOn: day(3) },
    ];
    for (const { key, ...values } of classRows) {
      const [row] = await db
        .insert(courseClasses)
        .values({ ...lesson, ...values })
        .returning({ id: courseClasses.id });
      klass[key] = row!.id;
    }
    const person = {
      fullName: "Học viên",
      phone: "0901234567",
      email: "hv@example.com",
      schedule: "evening",
    };
    await db.insert(enrollments).values([
      // "a1 later" (capacity 3): two seats held; a cancelled one and a waitlisted one hold none.
      { ...person, course: "a1", classId: klass["a1 later"]!, status: "new" },
      { ...person, course: "a1", classId: klass["a1 later"]!, status: "enrolled" },
      { ...person, course: "a1", classId: klass["a1 later"]!, status: "cancelled" },
      { ...person, course: "a1", classId: klass["a1 later"]!, status: "new", waitlistRank: 1 },
      // "a1 soon" (capacity 2) holds three: never fewer than 0 seats left.
      { ...person, course: "a1", classId: klass["a1 soon"]! },
      { ...person, course: "a1", classId: klass["a1 soon"]! },
      { ...person, course: "a1", classId: klass["a1 soon"]! },
    ]);
  });

  const byId = (list: PublicClass[], key: string) => list.find((item) => item.id === klass[key]);

  it("counts seats held by enrolments that are neither cancelled nor waitlisted", async () => {
    const list = await listUpcomingClasses(database.db);
    expect(byId(list, "a1 later")).toMatchObject({ seatsLeft: 1, full: false });
    expect(byId(list, "a1 soon")).toMatchObject({ seatsLeft: 0, full: true });
    expect(byId(list, "a2")).toMatchObject({ seatsLeft: 8, full: false });
    // Status full means the waitlist even with seats free.
    expect(byId(list, "b1 full")).toMatchObject({ seatsLeft: 8, full: true });
  });

  it("lists only open and full classes of open courses from today on, by level then date", async () => {
    const list = await listUpcomingClasses(database.db);
    expect(list.map((item) => item.id)).toEqual(
      ["a1 today", "a1 soon", "a1 later", "a2", "b1 full"].map((key) => klass[key]),
    );
    expect(groupClassesByLevel(list).map((group) => [group.level, group.classes.length])).toEqual([
      ["A1", 3],
      ["A2", 1],
      ["B1", 1],
    ]);
    // A class starting today is listed but no longer takes enrolments.
    expect(byId(list, "a1 today")).toMatchObject({ enrolling: false, teacherName: null });
    expect(byId(list, "a1 soon")).toMatchObject({
      enrolling: true,
      teacherName: "Nguyễn Thị Hương",
      courseTitle: "A1 course",
      startTime: "19:00:00",
      endTime: "20:30:00",
      weekdays: [1, 3, 5],
      sessionCount: 24,
    });
    expect(JSON.stringify(list)).not.toContain(MEETING);
    expect(Object.keys(list[0]!)).not.toContain("meetingUrl");
  });

  it("narrows to one course, and a malformed course id finds nothing", async () => {
    const a2 = await listUpcomingClasses(database.db, { courseId: course["A2 course"]! });
    expect(a2.map((item) => item.id)).toEqual([klass.a2]);
    expect(await listUpcomingClasses(database.db, { courseId: "nope" })).toEqual([]);
    expect(await listUpcomingClasses(database.db, { courseId: course["A1 closed"]! })).toEqual([]);
  });

  it("gives /schedule its classes grouped by level", async () => {
    const data = await scheduleLoader(loaderArgs<typeof scheduleLoader>(database));
    expect(data.groups.map((group) => group.level)).toEqual(["A1", "A2", "B1"]);
  });

  it("serves a class's calendar without its meeting link; cancelled and unknown are 404", async () => {
    const response = (await calendarLoader(
      loaderArgs<typeof calendarLoader>(database, { id: klass["a1 later"]! }),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const text = await response.text();
    expect(text).not.toContain("secret-room");
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
    expect(vevent.getFirstPropertyValue("summary")).toBe("A1 course");
    expect(vevent.getFirstPropertyValue("uid")).toBe(`class-${klass["a1 later"]}@lernhaus.test`);
    expect(String(vevent.getFirstPropertyValue("description"))).toContain("Nguyễn Thị Hương");

    for (const id of [klass.cancelled!, "00000000-0000-4000-8000-000000000000", "nope"]) {
      const thrown = await calendarLoader(loaderArgs<typeof calendarLoader>(database, { id })).catch(
        (error: unknown) => error,
      );
      expect((thrown as Response).status, id).toBe(404);
    }
    // Learners of a running or finished class keep its file.
    expect(await getClassForCalendar(database.db, klass.finished!)).toBeDefined();
    expect(await getClassForCalendar(database.db, klass.running!)).toBeDefined();
  });

  it("serves the calendar in English or German under /en and /de, with the course's translated title", async () => {
    await database.db
      .update(courses)
      .set({ translations: { en: { title: "A1 for beginners" } } })
      .where(eq(courses.id, course["A1 course"]!));
    const calendarIn = async (prefix: string) => {
      const args = loaderArgs<typeof calendarLoader>(database, { id: klass["a1 later"]! });
      const request = new Request(
        `https://lernhaus.test${prefix}/schedule/${klass["a1 later"]}/calendar.ics`,
      );
      const response = (await calendarLoader({ ...args, request })) as Response;
      return new ICAL.Component(ICAL.parse(await response.text())).getFirstSubcomponent("vevent")!;
    };
    try {
      const english = await calendarIn("/en");
      expect(english.getFirstPropertyValue("summary")).toBe("A1 for beginners");
      expect(english.getFirstPropertyValue("location")).toBe("Online");
      expect(String(english.getFirstPropertyValue("description"))).toContain("Teacher: Nguyễn Thị Hương");
      // The course's page at its address in that language (ADR 052).
      expect(english.getFirstPropertyValue("url")).toBe("https://lernhaus.test/en/courses/a1-for-beginners");
      // Not translated into German: the Vietnamese title in a German file.
      const german = await calendarIn("/de");
      expect(german.getFirstPropertyValue("summary")).toBe("A1 course");
      expect(String(german.getFirstPropertyValue("description"))).toContain("Lehrkraft: Nguyễn Thị Hương");
      const vietnamese = await calendarIn("");
      expect(vietnamese.getFirstPropertyValue("summary")).toBe("A1 course");
      expect(vietnamese.getFirstPropertyValue("url")).toBe("https://lernhaus.test/courses/a1-course");
      expect(german.getFirstPropertyValue("url")).toBe("https://lernhaus.test/de/courses/a1-course");
    } finally {
      await database.db.update(courses).set({ translations: {} }).where(eq(courses.id, course["A1 course"]!));
    }
  });

  it("puts /schedule in the sitemap", async () => {
    const paths = (await listSitemapEntries(database.db)).map((entry) => entry.path);
    expect(paths).toContain("/schedule");
  });
});
