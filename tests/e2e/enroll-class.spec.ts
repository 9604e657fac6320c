// Enrolment into a class (ADR 026) on /enroll: `?class=` preselects the course and the class,
// the class select follows the course select with JavaScript, the last seat is taken with
// JavaScript and the next enrolment, without it, lands on the waitlist with its position shown.
// @exclusive: the classes it adds show on /enroll while they exist.

import type { Page } from "@playwright/test";
import { eq, inArray } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import { courseClasses, courses, enrollments } from "~/db/schema";
import { calendarDayInVietnam } from "~/lib/format";
import { expect, test } from "./fixtures";
import {
  expectSubmitted,
  pageExpectingFailedLoads,
  resetFormLimits,
  uniqueEmail,
  waitForHydratedForm,
  waitOutMinimumFillTime,
} from "./forms-support";

const NO_CLASS = "Chưa chọn lớp – tư vấn giúp tôi";

/** 40 days ahead in Vietnam, and the same date as the page writes it. */
const startsOn = calendarDayInVietnam(new Date(Date.now() + 40 * 24 * 60 * 60 * 1000));
const shownDate = startsOn.split("-").reverse().join("/");
const WHEN = `Khai giảng ${shownDate} · Thứ 2, Thứ 4, Thứ 6 · 19:00–20:30`;

async function fillPerson(page: Page, email: string) {
  await page.getByLabel("Họ và tên").fill("Phạm Thu Trang");
  await page.getByLabel("Số điện thoại").fill(`+84 93 ${String(Date.now()).slice(-7)}`);
  await page.getByLabel("Email").fill(email);
  // Asked only while no class is chosen (issue 26); a preselected class is the schedule.
  const schedule = page.getByLabel("Lịch học mong muốn");
  if ((await schedule.count()) > 0) await schedule.selectOption("evening");
}

test("@exclusive a visitor takes the last seat of a class, the next one joins the waitlist without JavaScript", async ({
  page,
  browser,
  database,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  await resetFormLimits(database);
  const rows = await database.db.select({ id: courses.id, level: courses.level }).from(courses);
  const b1 = rows.find((row) => row.level === "B1")!.id;
  const a1 = rows.find((row) => row.level === "A1")!.id;
  const created = await database.db
    .insert(courseClasses)
    .values([
      {
        courseId: b1,
        startsOn,
        sessionCount: 24,
        weekdays: [1, 3, 5],
        startTime: "19:00",
        endTime: "20:30",
        capacity: 1,
      },
      {
        courseId: a1,
        startsOn,
        sessionCount: 24,
        weekdays: [2, 4],
        startTime: "18:00",
        endTime: "19:30",
        capacity: 6,
      },
    ])
    .returning({ id: courseClasses.id });
  const [b1Class, a1Class] = created.map((row) => row.id);
  await notifyChange(database.db, "classes");
  const emails = [uniqueEmail("trang.seat"), uniqueEmail("trang.wait")];
  try {
    // With JavaScript: the schedule's link preselects the course and the class.
    await page.goto(`/enroll?class=${b1Class}`);
    await waitForHydratedForm(page, "enrollment");
    await expect(page.getByLabel("Khóa học quan tâm")).toHaveValue(b1);
    const classSelect = page.getByLabel("Lớp học");
    await expect(classSelect).toHaveValue(b1Class!);
    // The demo's classes of the course are offered too: this test looks at its own.
    await expect(classSelect.locator("option").first()).toHaveText(NO_CLASS);
    await expect(classSelect.locator("option", { hasText: WHEN })).toHaveText(`${WHEN} – Còn 1 chỗ`);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible();
    }

    // The class options follow the course.
    await page.getByLabel("Khóa học quan tâm").selectOption(a1);
    const a1When = `Khai giảng ${shownDate} · Thứ 3, Thứ 5 · 18:00–19:30`;
    await expect(classSelect.locator("option").first()).toHaveText(NO_CLASS);
    await expect(classSelect.locator("option", { hasText: a1When })).toHaveText(`${a1When} – Còn 6 chỗ`);
    await expect(classSelect.locator("option", { hasText: WHEN })).toHaveCount(0);
    await expect(classSelect).toHaveValue("");
    await page.getByLabel("Khóa học quan tâm").selectOption(b1);
    await classSelect.selectOption(b1Class!);

    await fillPerson(page, emails[0]!);
    await page.getByRole("button", { name: "Đăng ký ngay" }).click();
    await expectSubmitted(page, "Đăng ký thành công!");
    await expect(page.getByTestId("enroll-recap-class")).toContainText(WHEN);
    await expect(page.getByTestId("enroll-recap-waitlist")).toHaveCount(0);

    // Without JavaScript: the class is full; the enrolment joins its waitlist.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const { page: plain, close } = await pageExpectingFailedLoads(noScript);
    await plain.goto(`/enroll?class=${b1Class}`);
    await expect(plain.getByLabel("Lớp học").locator("option", { hasText: WHEN })).toHaveText(
      `${WHEN} – Đã đủ chỗ – nhận danh sách chờ`,
    );
    await expect(plain.getByLabel("Lớp học")).toHaveValue(b1Class!);
    await fillPerson(plain, emails[1]!);
    await waitOutMinimumFillTime(plain);
    await plain.getByRole("button", { name: "Đăng ký ngay" }).click();
    await expectSubmitted(plain, "Đăng ký thành công!");
    await expect(plain.getByTestId("enroll-recap-waitlist")).toContainText(
      "bạn đứng thứ 1 trong danh sách chờ",
    );
    await close();
    await noScript.close();

    const saved = await database.db
      .select({ email: enrollments.email, classId: enrollments.classId, rank: enrollments.waitlistRank })
      .from(enrollments)
      .where(inArray(enrollments.email, emails));
    expect(saved.sort((x, y) => emails.indexOf(x.email) - emails.indexOf(y.email))).toEqual([
      { email: emails[0], classId: b1Class, rank: null },
      { email: emails[1], classId: b1Class, rank: 1 },
    ]);
  } finally {
    await database.db.delete(enrollments).where(inArray(enrollments.email, emails));
    for (const id of [b1Class!, a1Class!])
      await database.db.delete(courseClasses).where(eq(courseClasses.id, id));
    await notifyChange(database.db, "classes");
  }
});
