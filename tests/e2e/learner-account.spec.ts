// A learner's account (ADR 026): a visitor enrols, then signs up with that address, follows the
// mailed verification link and finds the enrolment under "Khóa học của tôi", and cancels it; an
// unverified account sees none of the enrolments under its address; the forms start filled in.
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { enrollments, user as userTable } from "~/db/schema";
import { expect, test } from "./fixtures";
import {
  expectSubmitted,
  resetFormLimits,
  uniqueEmail,
  waitForHydratedForm,
  waitForMail,
} from "./forms-support";

const DEMO_B1 = "B1 (3.500.000đ) – Tiếng Đức trung cấp B1";

/** Axe at a phone's width and at a laptop's. */
async function expectAccessibleAtBothWidths(page: Page, expectAccessible: (page?: Page) => Promise<void>) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible();
  }
}

test.beforeEach(async ({ database }) => {
  await resetFormLimits(database);
});

test("a visitor enrols, signs up with that address, verifies it through the mail and sees and cancels the enrolment", async ({
  page,
  database,
  expectAccessible,
}) => {
  // A whole journey, with four accessibility scans.
  test.setTimeout(90_000);
  const email = uniqueEmail("hoc-vien");
  await page.goto("/enroll");
  await waitForHydratedForm(page, "enrollment");
  await page.getByLabel("Họ và tên").fill("Trần Thu Hà");
  await page.getByLabel("Số điện thoại").fill("0912 345 111");
  // Typed with capitals: the account's address matches whatever the case.
  await page.getByLabel("Email").fill(email.replace("hoc-vien", "Hoc-Vien"));
  await page.getByLabel("Khóa học quan tâm").selectOption({ label: DEMO_B1 });
  await page.getByLabel("Lịch học mong muốn").selectOption("evening");
  await page.getByRole("button", { name: "Đăng ký ngay" }).click();
  await expectSubmitted(page, "Đăng ký thành công!");

  await page.goto("/signup");
  await page.getByLabel("Họ và tên").fill("Trần Thu Hà");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mật khẩu", { exact: true }).fill("Lernen-2025!");
  await page.getByLabel("Xác nhận mật khẩu").fill("Lernen-2025!");
  await page.getByRole("main").getByRole("button", { name: "Đăng ký", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  // Not verified yet: the notice, not the enrolment.
  await page.goto("/profile");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Xác minh email để xem khóa học của bạn" })).toBeVisible();
  await expect(main).not.toContainText("Tiếng Đức trung cấp B1");
  await expectAccessibleAtBothWidths(page, expectAccessible);

  const mail = await waitForMail(
    (m) => m.to.includes(email) && m.subject === "Xác minh email tài khoản Lernhaus",
  );
  const link = /http\S+\/verify-email\?token=[\w.-]+/.exec(mail.text)![0];
  await page.goto(link);
  await expect(page).toHaveURL(/\/profile\?verified=1$/);
  await expect(main.getByRole("status").first()).toHaveText("Email của bạn đã được xác minh.");
  const courses = main.getByRole("region", { name: "Khóa học của tôi" });
  const item = courses.getByRole("listitem").filter({ hasText: "Tiếng Đức trung cấp B1" });
  await expect(item).toContainText("Đã nhận đăng ký");
  await expect(item).toContainText("Chưa thanh toán");
  await expect(item).toContainText("Chưa chọn lớp");
  await expectAccessibleAtBothWidths(page, expectAccessible);

  // Cancelling asks first; "Giữ lại" changes nothing.
  await item.getByRole("link", { name: "Hủy đăng ký" }).click();
  await expect(item).toContainText("Hủy đăng ký “Tiếng Đức trung cấp B1”?");
  await expectAccessible();
  await item.getByRole("link", { name: "Giữ lại" }).click();
  await expect(item.getByRole("button", { name: "Xác nhận hủy" })).toHaveCount(0);
  await item.getByRole("link", { name: "Hủy đăng ký" }).click();
  await item.getByRole("button", { name: "Xác nhận hủy" }).click();
  await expect(courses).toContainText("Đã hủy đăng ký. Trung tâm đã được thông báo.");
  await expect(item).toContainText("Đã hủy");
  await expect(item.getByRole("link", { name: "Hủy đăng ký" })).toHaveCount(0);
  const rows = await database.db
    .select({ status: enrollments.status })
    .from(enrollments)
    .where(eq(enrollments.email, email.replace("hoc-vien", "Hoc-Vien")));
  expect(rows).toEqual([{ status: "cancelled" }]);
});

test("an unverified account sees none of the enrolments under its address and can get the link again", async ({
  page,
  accounts,
  database,
}) => {
  const account = await accounts.create({ name: "Người Lạ" });
  await database.db.insert(enrollments).values({
    fullName: "Chủ thật của địa chỉ",
    phone: "0912 000 222",
    email: account.email,
    course: "b1",
    schedule: "evening",
  });
  await accounts.signIn(page.context(), account);
  await page.goto("/profile");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Xác minh email để xem khóa học của bạn" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Khóa học của tôi" })).toHaveCount(0);
  await expect(main).not.toContainText("Khóa B1");

  await main.getByRole("button", { name: "Gửi lại email xác minh" }).click();
  await expect(main).toContainText(`Đã gửi lại email xác minh tới ${account.email}.`);
  await waitForMail((m) => m.to.includes(account.email) && m.subject === "Xác minh email tài khoản Lernhaus");
  const [row] = await database.db
    .select({ verified: userTable.emailVerified })
    .from(userTable)
    .where(eq(userTable.id, account.id));
  expect(row?.verified).toBe(false);
});

test("a bad verification link gets a page saying so; better-auth's own endpoint stays closed", async ({
  page,
}) => {
  const response = await page.request.get("/api/auth/verify-email?token=abc");
  expect(response.status()).toBe(404);
  await page.goto("/verify-email?token=not.a.token");
  await expect(page.getByRole("main")).toContainText("Link xác minh không hợp lệ hoặc đã được thay thế.");
  await expect(page.getByRole("link", { name: "Đăng nhập" })).toHaveAttribute("href", "/login");
});

test("a signed-in learner finds the enrolment and contact forms filled in with their name and email", async ({
  page,
  accounts,
}) => {
  const account = await accounts.create({ name: "Đỗ Minh Anh" });
  await accounts.signIn(page.context(), account);
  await page.goto("/enroll");
  await expect(page.getByLabel("Họ và tên")).toHaveValue("Đỗ Minh Anh");
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  await page.getByLabel("Email").fill("khac@example.com");
  await expect(page.getByLabel("Email")).toHaveValue("khac@example.com");
  await page.goto("/contact");
  await expect(page.getByLabel("Họ và tên")).toHaveValue("Đỗ Minh Anh");
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(account.email);
});
