// The free trial lesson's whole funnel (issue 29) as a learner and the school meet it: from the
// home page through the placement test to its result, a trial lesson booked from there (the level
// the test found chosen) with its mail and calendar file; the school marks the learner attended
// and turns the trial into an enrolment with the first-course discount; the learner sees both
// under "Khóa học của tôi". @exclusive: it turns the first-course discount on for a while.
import { and, eq } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import { courses, enrollments, paymentSettings, trialBookings, trialSessions, user } from "~/db/schema";
import { amountDue } from "~/schemas/payment";
import { expect, test } from "./fixtures";
import {
  expectSubmitted,
  gotoHydrated,
  resetFormLimits,
  uniquePhone,
  waitForHydratedForm,
  waitForMail,
} from "./forms-support";

const DAY = 24 * 60 * 60 * 1000;
const QUESTIONS = 30;

test("@exclusive home → placement test → result → trial booked with its .ics → attended → enrolment with the discount → both in 'Khóa học của tôi'", async ({
  page,
  context,
  browser,
  baseURL,
  accounts,
  database,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  await resetFormLimits(database);
  const [stored] = await database.db.select().from(paymentSettings);
  const payment = {
    bankBin: "970436",
    accountNumber: "0011001234567",
    accountHolder: "TRUONG DUC NGU LERNHAUS",
    transferPrefix: "HOCPHI",
    firstCourseDiscount: true,
  };
  await database.db
    .insert(paymentSettings)
    .values({ id: 1, ...payment })
    .onConflictDoUpdate({ target: paymentSettings.id, set: payment });
  // A trial lesson of this test's own, 17 days ahead at 19:00 in Vietnam.
  const day = new Date(Date.now() + 17 * DAY).toISOString().slice(0, 10);
  const [session] = await database.db
    .insert(trialSessions)
    .values({
      startsAt: new Date(`${day}T19:00:00+07:00`),
      capacity: 3,
      meetingUrl: "https://meet.example.com/j",
    })
    .returning({ id: trialSessions.id });
  await notifyChange(database.db, "trials");

  // A learner with a proven address, signed in.
  const learner = await accounts.create({ name: "Đỗ Minh Anh" });
  await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, learner.id));
  const learnerContext = await browser.newContext({ baseURL });
  await accounts.signIn(learnerContext, learner);
  const learnerPage = await learnerContext.newPage();
  try {
    // The home page → the placement test, answered without knowing much, the result mailed.
    await gotoHydrated(learnerPage, "/");
    await learnerPage.getByRole("link", { name: "Kiểm tra trình độ miễn phí" }).click();
    await learnerPage.getByRole("button", { name: "Bắt đầu làm bài" }).click();
    await expect(learnerPage.getByText(`Câu 1/${QUESTIONS}`)).toBeVisible();
    for (let n = 1; n <= QUESTIONS; n++) {
      await learnerPage.getByRole("button", { name: "Câu tiếp theo" }).click();
    }
    await learnerPage.getByLabel("Email").fill(learner.email);
    await learnerPage.getByRole("button", { name: "Xem kết quả" }).click();
    await expect(
      learnerPage.getByRole("heading", { level: 1, name: "Kết quả kiểm tra trình độ" }),
    ).toBeVisible();

    // The result's first button: a free trial lesson, the level the test found chosen.
    await learnerPage.getByRole("link", { name: "Đặt buổi học thử miễn phí" }).click();
    await expect(learnerPage).toHaveURL(/\/trial\?from=placement-test&level=beginner$/);
    await waitForHydratedForm(learnerPage, "trial");
    await expect(learnerPage.getByLabel("Trình độ hiện tại")).toHaveValue("beginner");
    await expect(learnerPage.getByLabel("Họ và tên")).toHaveValue("Đỗ Minh Anh");
    await expect(learnerPage.getByLabel("Email")).toHaveValue(learner.email);
    await learnerPage.locator(`input[value="session:${session!.id}"]`).check();
    await learnerPage.getByLabel("Số điện thoại").fill(uniquePhone());
    await expectAccessible(learnerPage);
    await learnerPage.getByRole("button", { name: "Đặt buổi học thử" }).click();
    await expectSubmitted(learnerPage, "Đã đặt buổi học thử!");
    await expect(learnerPage.getByTestId("trial-success-when")).toContainText("19:00–20:00 (giờ Việt Nam)");

    const confirmation = await waitForMail(
      (mail) => mail.to.includes(learner.email) && mail.subject.startsWith("Xác nhận buổi học thử"),
    );
    const calendar = confirmation.attachments.find((file) => file.mimeType === "text/calendar");
    const utc = new Date(`${day}T12:00:00Z`).toISOString().slice(0, 19).replace(/[-:]/g, "");
    expect(calendar?.content.toString("utf8")).toContain(`DTSTART:${utc}Z`);
    const [booking] = await database.db
      .select()
      .from(trialBookings)
      .where(eq(trialBookings.email, learner.email));
    expect(booking).toMatchObject({ source: "placement-test", level: "beginner", userId: learner.id });

    // The school: the booking with the learner's placement result; attended; then the enrolment.
    await accounts.signIn(context, await accounts.create({ role: "admin" }));
    await gotoHydrated(page, "/admin/trials");
    const row = page.getByRole("row", { name: /Đỗ Minh Anh/ });
    await expect(row).toContainText("chưa đạt A1");
    await row.getByRole("button", { name: "Đã tham gia: Đỗ Minh Anh" }).click();
    await expect(row).toContainText("Đã tham gia");
    await row.getByRole("link", { name: "Đăng ký khóa học cho Đỗ Minh Anh" }).click();
    const dialog = page.getByRole("dialog", { name: "Đăng ký khóa học cho Đỗ Minh Anh" });
    await dialog.getByLabel("Khóa học").selectOption({ label: "Tiếng Đức cơ bản A1" });
    await dialog.getByLabel("Lịch học mong muốn").selectOption("evening");
    await expectAccessible();
    await dialog.getByRole("button", { name: "Đăng ký khóa học" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByRole("link", { name: "Xem đăng ký khóa học" })).toBeVisible();

    const [a1] = await database.db.select().from(courses).where(eq(courses.level, "A1"));
    const [enrolment] = await database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.email, learner.email), eq(enrollments.courseId, a1!.id)));
    // The first-course discount, by the one rule.
    expect(enrolment!.paymentAmount).toBe(amountDue(a1!.price, true));
    expect(enrolment!.paymentAmount).toBeLessThan(a1!.price);
    await waitForMail(
      (mail) =>
        mail.to.includes(learner.email) &&
        /Tiếng Đức cơ bản A1/.test(mail.text) &&
        mail.subject !== confirmation.subject,
    );

    // The learner: the enrolment and the trial lesson under "Khóa học của tôi".
    await learnerPage.goto("/profile");
    const myCourses = learnerPage.getByRole("region", { name: "Khóa học của tôi" });
    await expect(myCourses).toContainText("Tiếng Đức cơ bản A1");
    const trials = learnerPage.getByRole("region", { name: "Buổi học thử" });
    await expect(trials).toContainText("Đã tham gia");
    await expect(trials).toContainText("Đã chuyển thành đăng ký khóa học.");
    await expectAccessible(learnerPage);
  } finally {
    await learnerContext.close();
    if (stored) await database.db.update(paymentSettings).set(stored).where(eq(paymentSettings.id, 1));
    else await database.db.delete(paymentSettings);
  }
});
