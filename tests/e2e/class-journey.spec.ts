// A class's whole life as the school and its learners meet it (ADR 026): an admin creates it in
// the dialog; /schedule shows its seats; one visitor enrols with JavaScript and one without while
// the seats drop live on an open /schedule; the next lands on the waitlist with its position; the
// admin cancels the first, and the waitlisted learner gets the offer mail, read from the run's
// SMTP sink. @exclusive: the class shows on public pages while it exists.
import type { Page } from "@playwright/test";
import { and, eq, inArray } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import { courseClasses, courses, enrollments } from "~/db/schema";
import { calendarDayInVietnam } from "~/lib/format";
import { expect, test } from "./fixtures";
import {
  expectSubmitted,
  gotoHydrated,
  pageExpectingFailedLoads,
  resetFormLimits,
  uniqueEmail,
  waitForHydratedForm,
  waitOutMinimumFillTime,
} from "./forms-support";
import { waitForMail } from "./mail-files";

const DAY = 24 * 60 * 60 * 1000;
/** 50 days ahead: after the demo's classes and the other class tests' dates. */
const startsOn = calendarDayInVietnam(new Date(Date.now() + 50 * DAY));
const shownDate = startsOn.split("-").reverse().join("/");
const isoWeekday = new Date(`${startsOn}T00:00:00Z`).getUTCDay() || 7;

async function enrol(page: Page, classId: string, name: string, email: string, scripted = true) {
  await page.goto(`/enroll?class=${classId}`);
  if (scripted) await waitForHydratedForm(page, "enrollment");
  await page.getByLabel("Họ và tên").fill(name);
  await page.getByLabel("Số điện thoại").fill(`+84 93 ${String(Date.now()).slice(-7)}`);
  await page.getByLabel("Email").fill(email);
  await expect(page.getByLabel("Lớp học")).toHaveValue(classId);
  // A class chosen is its schedule: the preference is not asked (issue 26).
  await expect(page.getByLabel("Lịch học mong muốn")).toHaveCount(0);
  await waitOutMinimumFillTime(page);
  await page.getByRole("button", { name: "Đăng ký ngay" }).click();
  await expectSubmitted(page, "Đăng ký thành công!");
}

test("@exclusive a class from the admin's dialog to the offer mail of its waitlist", async ({
  page,
  context,
  browser,
  baseURL,
  accounts,
  database,
}) => {
  test.setTimeout(120_000);
  await resetFormLimits(database);
  const [b1] = await database.db.select({ id: courses.id }).from(courses).where(eq(courses.level, "B1"));
  const emails = [
    uniqueEmail("journey.first"),
    uniqueEmail("journey.second"),
    uniqueEmail("journey.waiting"),
  ];
  let classId: string | undefined;
  try {
    // The admin creates the class: 2 seats.
    await accounts.signIn(context, await accounts.create({ role: "admin" }));
    await gotoHydrated(page, "/admin/classes");
    await page.getByRole("link", { name: "Thêm lớp" }).click();
    const dialog = page.getByRole("dialog", { name: "Thêm lớp mới" });
    await dialog.getByLabel("Khóa học").selectOption({ label: "B1 — Tiếng Đức trung cấp B1" });
    await dialog.getByLabel("Ngày khai giảng").fill(startsOn);
    await dialog.getByLabel("Số buổi").fill("20");
    await dialog
      .getByRole("checkbox", { name: isoWeekday === 7 ? "Chủ nhật" : `Thứ ${isoWeekday + 1}` })
      .check();
    await dialog.getByLabel("Giờ bắt đầu").fill("18:30");
    await dialog.getByLabel("Giờ kết thúc").fill("20:00");
    await dialog.getByLabel("Sĩ số tối đa").fill("2");
    await dialog.getByRole("button", { name: "Lưu" }).click();
    await expect(dialog).toHaveCount(0);
    const [created] = await database.db
      .select({ id: courseClasses.id })
      .from(courseClasses)
      .where(and(eq(courseClasses.courseId, b1!.id), eq(courseClasses.startsOn, startsOn)));
    classId = created!.id;

    // A visitor keeps /schedule open: two seats.
    const watcher = await browser.newContext({ baseURL });
    const schedule = await watcher.newPage();
    await schedule.goto("/schedule");
    const seats = schedule
      .getByTestId("class-card")
      .filter({ hasText: shownDate })
      .filter({ hasText: "18:30–20:00" })
      .getByTestId("seats-left");
    await expect(seats).toHaveText("Còn 2 chỗ");

    // The first enrols with JavaScript: one seat left, on the open page too.
    const first = await browser.newContext({ baseURL });
    const firstPage = await first.newPage();
    await enrol(firstPage, classId, "Nguyễn Minh Khoa", emails[0]!);
    await first.close();
    await expect(seats).toHaveText("Còn 1 chỗ");

    // The second, without JavaScript, takes the last seat.
    const plainContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const { page: plain, close } = await pageExpectingFailedLoads(plainContext);
    await enrol(plain, classId, "Trần Thu Hà", emails[1]!, false);
    await expect(plain.getByTestId("enroll-recap-waitlist")).toHaveCount(0);
    await close();
    await plainContext.close();
    await expect(seats).toHaveText("Đã đủ chỗ – nhận danh sách chờ");

    // The third joins the waitlist, first in line.
    const third = await browser.newContext({ baseURL });
    const thirdPage = await third.newPage();
    await enrol(thirdPage, classId, "Lê Quang Vinh", emails[2]!);
    await expect(thirdPage.getByTestId("enroll-recap-waitlist")).toContainText(
      "bạn đứng thứ 1 trong danh sách chờ",
    );
    await third.close();

    // The admin cancels the first: the seat goes to the waitlist, with its mail.
    const [firstEnrolment] = await database.db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(eq(enrollments.email, emails[0]!));
    await gotoHydrated(page, `/admin/students?id=${firstEnrolment!.id}`);
    await page.getByRole("button", { name: "Hủy đăng ký" }).click();
    // The confirmation names who will be mailed: the learner and the first on the waitlist.
    const confirmation = page.getByTestId("cancel-confirmation");
    await expect(confirmation).toContainText(emails[0]!);
    await expect(confirmation).toContainText(
      `Lê Quang Vinh (${emails[2]}) – người đầu tiên trong danh sách chờ`,
    );
    await confirmation.getByRole("button", { name: "Xác nhận hủy" }).click();
    await expect(page.getByRole("button", { name: "Hủy đăng ký" })).toHaveCount(0);
    const offer = await waitForMail(emails[2]!, /^Có chỗ cho bạn trong lớp Tiếng Đức trung cấp B1/);
    expect(offer.text).toContain("Xin chào Lê Quang Vinh,");
    expect(offer.text).toContain(shownDate);
    // Both seats are held again; the schedule says the class is full, nobody waits.
    await expect(seats).toHaveText("Đã đủ chỗ – nhận danh sách chờ");
    const held = await database.db
      .select({ email: enrollments.email, rank: enrollments.waitlistRank, status: enrollments.status })
      .from(enrollments)
      .where(inArray(enrollments.email, emails));
    expect(held.sort((x, y) => emails.indexOf(x.email) - emails.indexOf(y.email))).toEqual([
      { email: emails[0], rank: null, status: "cancelled" },
      { email: emails[1], rank: null, status: "new" },
      { email: emails[2], rank: null, status: "new" },
    ]);
    await watcher.close();
  } finally {
    await database.db.delete(enrollments).where(inArray(enrollments.email, emails));
    if (classId) await database.db.delete(courseClasses).where(eq(courseClasses.id, classId));
    await notifyChange(database.db, "classes");
  }
});
