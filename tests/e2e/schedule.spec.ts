// The public class schedule: classes are inserted straight into the database (each test owns its
// class), the way an admin's save would make them, and announced on the "classes" topic.
import { readFile } from "node:fs/promises";
import { eq, inArray } from "drizzle-orm";
import ICAL from "ical.js";
import type { Database } from "~/db/client.server";
import { courseClasses, courses, enrollments, teamMembers } from "~/db/schema";
import { calendarDayInVietnam } from "~/lib/format";
import { change } from "./courses-changes";
import { expect, test } from "./fixtures";

const MEETING = "https://meet.example/lop-rieng-tu";

/** A Monday at least `weeks` weeks ahead, Vietnam calendar, plus `days`. */
function futureMonday(weeks: number) {
  const today = new Date(`${calendarDayInVietnam()}T00:00:00Z`);
  const toMonday = (8 - (today.getUTCDay() || 7)) % 7;
  return new Date(today.getTime() + (toMonday + 7 * weeks) * 86_400_000).toISOString().slice(0, 10);
}

function dateVi(day: string) {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

/** An open A1 class of the demo's A1 course, capacity `capacity`, removed again by `remove`. */
async function createClass(database: Database, baseURL: string, weeks: number, capacity = 3) {
  const [course] = await database.db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(eq(courses.level, "A1"))
    .limit(1);
  const [teacher] = await database.db
    .select({ id: teamMembers.id, name: teamMembers.name })
    .from(teamMembers)
    .where(eq(teamMembers.active, true))
    .limit(1);
  const startsOn = futureMonday(weeks);
  let id = "";
  await change(database, baseURL, "classes", async (tx) => {
    const [row] = await tx
      .insert(courseClasses)
      .values({
        courseId: course!.id,
        startsOn,
        weekdays: [1, 3, 5],
        startTime: "19:00",
        endTime: "20:30",
        sessionCount: 24,
        capacity,
        teacherId: teacher!.id,
        meetingUrl: MEETING,
      })
      .returning({ id: courseClasses.id });
    id = row!.id;
  });
  const enrol = () =>
    change(database, baseURL, "classes", (tx) =>
      tx.insert(enrollments).values({
        fullName: "Học viên lớp",
        phone: "0912345678",
        email: "hoc.vien.lop@example.com",
        course: "a1",
        courseId: course!.id,
        schedule: "evening",
        classId: id,
      }),
    );
  const remove = () =>
    change(database, baseURL, "classes", async (tx) => {
      await tx.delete(enrollments).where(eq(enrollments.classId, id));
      await tx.delete(courseClasses).where(eq(courseClasses.id, id));
    });
  return {
    id,
    startsOn,
    courseId: course!.id,
    courseTitle: course!.title,
    teacher: teacher!.name,
    enrol,
    remove,
  };
}

test.describe("/schedule (lịch khai giảng)", () => {
  test("shows an upcoming class with its seats, enrolment link, calendar file and data", async ({
    page,
    database,
    baseURL,
  }) => {
    const lop = await createClass(database, baseURL!, 9);
    try {
      await page.goto("/schedule");
      await expect(page).toHaveTitle("Lịch khai giảng | Lernhaus");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lịch khai giảng");
      await expect(page.getByRole("heading", { level: 2, name: /^Trình độ A1/ })).toBeVisible();
      const card = page.getByTestId("class-card").filter({ hasText: dateVi(lop.startsOn) });
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(lop.courseTitle);
      await expect(card.getByTestId("seats-left")).toHaveText("Còn 3 chỗ");
      await expect(card).toContainText("Thứ 2, Thứ 4, Thứ 6");
      await expect(card).toContainText("19:00–20:30");
      await expect(card).toContainText(lop.teacher);
      await expect(card).toContainText("24 buổi");
      await expect(card.getByRole("link", { name: /^Đăng ký lớp này/ })).toHaveAttribute(
        "href",
        `/enroll?class=${lop.id}`,
      );
      expect(await page.content()).not.toContain(MEETING);

      const data = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
      );
      const instances = data.itemListElement.flatMap(
        (entry: { item: { hasCourseInstance: object[] } }) => entry.item.hasCourseInstance,
      );
      expect(instances).toContainEqual(
        expect.objectContaining({
          "@type": "CourseInstance",
          courseMode: "Online",
          eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
          startDate: `${lop.startsOn}T19:00:00+07:00`,
          instructor: { "@type": "Person", name: lop.teacher },
          offers: expect.objectContaining({ availability: "https://schema.org/InStock" }),
        }),
      );

      const downloading = page.waitForEvent("download");
      await card.getByRole("link", { name: /^Thêm vào lịch/ }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.ics$/);
      const text = await readFile((await download.path())!, "utf8");
      expect(text).not.toContain("lop-rieng-tu");
      const calendar = new ICAL.Component(ICAL.parse(text));
      ICAL.TimezoneService.reset();
      ICAL.TimezoneService.register(calendar.getFirstSubcomponent("vtimezone")!);
      const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
      expect(event.summary).toBe(lop.courseTitle);
      // Monday 19:00 in Vietnam is 12:00 UTC.
      expect(event.startDate.toJSDate().toISOString()).toBe(`${lop.startsOn}T12:00:00.000Z`);

      const response = await page.request.get(`/schedule/${lop.id}/calendar.ics`);
      expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");

      // On the German page the file is the German one: its texts and the course's German title.
      await page.goto("/de/schedule");
      const germanLink = page
        .getByTestId("class-card")
        .filter({ hasText: dateVi(lop.startsOn) })
        .getByRole("link", { name: /^Zum Kalender hinzufügen/ });
      await expect(germanLink).toHaveAttribute("href", `/de/schedule/${lop.id}/calendar.ics`);
      const german = await (await page.request.get(`/de/schedule/${lop.id}/calendar.ics`)).text();
      const germanEvent = new ICAL.Event(
        new ICAL.Component(ICAL.parse(german)).getFirstSubcomponent("vevent")!,
      );
      expect(germanEvent.summary).toBe("Deutsch für Anfänger A1");
      expect(germanEvent.location).toBe("Online-Unterricht");
    } finally {
      await lop.remove();
    }
  });

  test("is listed on its course's page with the same card", async ({ page, database, baseURL }) => {
    const lop = await createClass(database, baseURL!, 10);
    try {
      await page.goto(`/courses/${lop.courseId}`);
      const section = page.getByRole("region", { name: "Lịch khai giảng của khóa học" });
      const card = section.getByTestId("class-card").filter({ hasText: dateVi(lop.startsOn) });
      await expect(card.getByTestId("seats-left")).toHaveText("Còn 3 chỗ");
      await expect(section.getByRole("link", { name: "Xem toàn bộ lịch khai giảng" })).toHaveAttribute(
        "href",
        "/schedule",
      );
      const data = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
      );
      expect(data["@type"]).toBe("Course");
      expect(data.hasCourseInstance).toContainEqual(
        expect.objectContaining({ "@type": "CourseInstance", startDate: `${lop.startsOn}T19:00:00+07:00` }),
      );
    } finally {
      await lop.remove();
    }
  });

  test("seats drop live on an open page as enrolments arrive, down to the waitlist", async ({
    page,
    database,
    baseURL,
  }) => {
    const lop = await createClass(database, baseURL!, 11, 2);
    try {
      const stream = page.waitForResponse((response) => response.url().endsWith("/api/events"));
      await page.goto("/schedule");
      await stream;
      const seats = page
        .getByTestId("class-card")
        .filter({ hasText: dateVi(lop.startsOn) })
        .getByTestId("seats-left");
      await expect(seats).toHaveText("Còn 2 chỗ");
      await page.evaluate(() => {
        (window as unknown as { marker: string }).marker = "still here";
      });
      await lop.enrol();
      await expect(seats).toHaveText("Còn 1 chỗ");
      await lop.enrol();
      await expect(seats).toHaveText("Đã đủ chỗ – nhận danh sách chờ");
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");
    } finally {
      await lop.remove();
    }
  });

  const seatTexts = {
    vi: ["Còn 3 chỗ", "Lịch khai giảng | Lernhaus"],
    en: ["3 seats left", "Class schedule | Lernhaus"],
    de: ["Noch 3 Plätze frei", "Kurstermine | Lernhaus"],
  } as const;
  test("is accessible on a phone and a laptop in Vietnamese, English and German", async ({
    page,
    context,
    database,
    baseURL,
    expectAccessible,
  }) => {
    const lop = await createClass(database, baseURL!, 12);
    try {
      for (const [language, [seatText, title]] of Object.entries(seatTexts)) {
        await context.addCookies([{ name: "lng", value: language, url: baseURL! }]);
        for (const width of [390, 1366]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto("/schedule");
          await expect(page.locator("html")).toHaveAttribute("lang", language);
          await expect(page).toHaveTitle(title);
          const card = page.getByTestId("class-card").filter({ hasText: dateVi(lop.startsOn) });
          await expect(card.getByTestId("seats-left")).toHaveText(seatText);
          await expectAccessible();
        }
      }
    } finally {
      await lop.remove();
    }
  });
});

test("with no upcoming class of an open course, /schedule says so and offers advice @exclusive", async ({
  page,
  database,
  baseURL,
  expectAccessible,
}) => {
  const lop = await createClass(database, baseURL!, 13);
  // A class of a closed course is not public: closing every course empties the schedule.
  const open = await database.db.select({ id: courses.id }).from(courses).where(eq(courses.active, true));
  const ids = open.map((row) => row.id);
  await change(database, baseURL!, "courses", (tx) =>
    tx.update(courses).set({ active: false }).where(inArray(courses.id, ids)),
  );
  try {
    await page.goto("/schedule");
    await expect(page.getByText("Hiện chưa có lớp nào sắp khai giảng.")).toBeVisible();
    await expect(page.getByTestId("class-card")).toHaveCount(0);
    await expect(
      page.getByRole("main").getByRole("link", { name: "Đăng ký tư vấn miễn phí" }),
    ).toHaveAttribute("href", "/enroll");
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
    await expectAccessible();
  } finally {
    await change(database, baseURL!, "courses", (tx) =>
      tx.update(courses).set({ active: true }).where(inArray(courses.id, ids)),
    );
    await lop.remove();
  }
});
