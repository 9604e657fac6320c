// Two open courses at one level (ADR 024): an admin adds a second B1; /enroll offers both with
// their prices, grouped by level; each course's "Đăng ký ngay" preselects that very course; the
// enrolment stores it, and the mails and the admin show it. The JSON API still takes level codes.
// @exclusive: every public course page shows the added course while it exists.
import { eq, inArray } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import { courses, enrollments } from "~/db/schema";
import { expect, test } from "./fixtures";
import {
  expectSubmitted,
  resetFormLimits,
  uniqueEmail,
  waitForHydratedForm,
  waitForMail,
} from "./forms-support";

const WEEKEND = "B1 cấp tốc cuối tuần";
const WEEKEND_OPTION = `B1 (5.000.000đ) – ${WEEKEND}`;
const DEMO_B1 = "Tiếng Đức trung cấp B1";

test("@exclusive enrol in the second B1 an admin created, and by level code through the API", async ({
  page,
  context,
  accounts,
  database,
}) => {
  test.setTimeout(90_000);
  await resetFormLimits(database);
  const email = uniqueEmail("lan.weekend");
  const apiEmails = [uniqueEmail("api.level"), uniqueEmail("api.id")];
  try {
    // The admin adds a second B1 course.
    await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Hạnh" }));
    await page.goto("/admin/courses");
    await page.getByRole("link", { name: "Thêm khóa học" }).click();
    const dialog = page.getByRole("dialog", { name: "Thêm khóa học mới" });
    await dialog.getByLabel("Trình độ").selectOption("B1");
    await dialog.getByLabel("Tên khóa học").fill(WEEKEND);
    await dialog.getByLabel("Học phí (VNĐ)").fill("5.000.000");
    await dialog
      .getByRole("textbox", { name: "Mô tả", exact: true })
      .fill("B1 trong 8 tuần, học thứ Bảy và Chủ nhật.");
    await dialog.getByLabel("Thời lượng").fill("8 tuần");
    await dialog.getByLabel("Số buổi học").fill("32 buổi");
    await dialog.getByRole("textbox", { name: "Nội dung 1" }).fill("Học cả ngày cuối tuần");
    await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
    await expect(dialog).toHaveCount(0);
    const [weekend] = await database.db.select().from(courses).where(eq(courses.title, WEEKEND));
    const [demo] = await database.db.select().from(courses).where(eq(courses.title, DEMO_B1));

    // Its card's "Đăng ký ngay" carries it, and /enroll preselects it, among every open course.
    await page.goto("/courses");
    const card = page
      .getByTestId("course-card")
      .filter({ has: page.getByRole("heading", { name: WEEKEND }) });
    await card.getByRole("link", { name: "Đăng ký ngay" }).click();
    await expect(page).toHaveURL(`/enroll?course=${weekend!.id}`);
    await waitForHydratedForm(page, "enrollment");
    const select = page.getByLabel("Khóa học quan tâm");
    await expect(select).toHaveValue(weekend!.id);
    await expect(select.locator('optgroup[label="Trình độ B1"] option')).toHaveText([
      `B1 (3.500.000đ) – ${DEMO_B1}`,
      WEEKEND_OPTION,
    ]);
    await expect(select.locator("optgroup")).toHaveCount(4);
    await expect(select.locator("option").last()).toHaveText("Tư vấn chọn khóa phù hợp");

    await page.getByLabel("Họ và tên").fill("Trần Thị Mai");
    await page.getByLabel("Số điện thoại").fill("0912 888 001");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Lịch học mong muốn").selectOption("weekend");
    await page.getByRole("button", { name: "Đăng ký ngay" }).click();
    await expectSubmitted(page, "Đăng ký thành công!");
    await expect(page.getByTestId("enroll-recap-course")).toContainText(WEEKEND_OPTION);

    const [record] = await database.db.select().from(enrollments).where(eq(enrollments.email, email));
    expect(record).toMatchObject({ course: "b1", courseId: weekend!.id });
    const notification = await waitForMail((m) => m.replyTo.includes(email));
    expect(notification.subject).toBe(`Đăng ký học mới: Trần Thị Mai – ${WEEKEND_OPTION}`);
    const confirmation = await waitForMail((m) => m.to.includes(email));
    expect(confirmation.text).toContain(`Khóa học quan tâm: ${WEEKEND_OPTION}`);

    // The admin's list and detail panel name the course.
    await page.goto(`/admin/students?q=${encodeURIComponent(email)}`);
    const row = page.locator("tbody tr").filter({ hasText: "Trần Thị Mai" });
    await expect(row).toContainText(WEEKEND);
    await row.getByRole("link", { name: "Trần Thị Mai" }).click();
    await expect(page.getByRole("dialog", { name: "Chi tiết đăng ký" })).toContainText(WEEKEND);

    // A level code (spec §7) in a link or the API stands for the first B1 the form lists.
    await page.goto("/enroll?course=b1");
    await expect(page.getByLabel("Khóa học quan tâm")).toHaveValue(demo!.id);
    const person = { fullName: "Lê Văn An", schedule: "evening" };
    for (const [index, course] of ["b1", weekend!.id].entries()) {
      const response = await page.request.post("/api/email/enrollment", {
        data: { ...person, email: apiEmails[index], phone: `0912 888 10${index}`, course },
      });
      expect(response.status()).toBe(200);
    }
    const apiRecords = await database.db
      .select({ email: enrollments.email, courseId: enrollments.courseId })
      .from(enrollments)
      .where(inArray(enrollments.email, apiEmails));
    expect(apiRecords).toEqual(
      expect.arrayContaining([
        { email: apiEmails[0], courseId: demo!.id },
        { email: apiEmails[1], courseId: weekend!.id },
      ]),
    );
  } finally {
    await database.db.delete(enrollments).where(inArray(enrollments.email, [email, ...apiEmails]));
    await database.db.transaction(async (tx) => {
      await tx.delete(courses).where(eq(courses.title, WEEKEND));
      await notifyChange(tx, "courses");
    });
    await resetFormLimits(database);
  }
});
