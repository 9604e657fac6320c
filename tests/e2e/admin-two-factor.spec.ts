// The second factor (ADR 012) in the browser: an admin turns on the second factor with an authenticator app
// (the code is computed here from the secret the page shows, RFC 6238), then signs in with
// password and code.

import { schoolSettings } from "~/db/schema";
import { totp, wrongTotp } from "../support/totp";
import { expect, test } from "./fixtures";

test("an admin sets up two-step verification and signs in with a code from the app", async ({
  page,
  context,
  accounts,
  database,
  expectAccessible,
}) => {
  const admin = await accounts.create({ role: "admin", name: "Cô Hạnh" });
  await accounts.signIn(context, admin);

  await page.goto("/admin/profile");
  const section = page.getByRole("region", { name: "Xác minh hai bước" });
  await section.getByLabel("Mật khẩu của bạn").fill(admin.password);
  await section.getByRole("button", { name: "Thiết lập xác minh hai bước" }).click();

  await expect(
    section.getByRole("img", { name: "Mã QR để thêm tài khoản vào ứng dụng xác thực" }),
  ).toBeVisible();
  const secret = (await section.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  await expectAccessible();
  await section.getByLabel("Mã 6 số").fill(totp(secret));
  await section.getByRole("button", { name: "Xác nhận và bật" }).click();
  await expect(section).toContainText("Đã bật xác minh hai bước.");
  const recoveryCodes = section.getByRole("list", { name: "Mã khôi phục" }).getByRole("listitem");
  await expect(recoveryCodes).toHaveCount(10);
  // Someone else changes a user meanwhile (the page follows "users" live and reloads its data):
  // the codes, shown only once, stay until the admin leaves the page.
  const reloaded = page.waitForResponse((response) => response.url().includes("/admin/profile.data"));
  await database.pool.query("select pg_notify('changes', 'users')");
  await reloaded;
  await expect(recoveryCodes).toHaveCount(10);
  await expect(section).toContainText("Đã bật xác minh hai bước.");
  // Still signed in on this page after turning it on.
  await page.reload();
  await expect(section).toContainText("Xác minh hai bước đang bật");

  await context.clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Mật khẩu", { exact: true }).fill(admin.password);
  await page.getByRole("main").getByRole("button", { name: "Đăng nhập", exact: true }).click();
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Xác minh hai bước");
  await expectAccessible();

  await page.getByLabel("Mã xác minh").fill(wrongTotp(secret));
  await page.getByRole("button", { name: "Xác minh" }).click();
  await expect(page.getByRole("alert")).toContainText("Mã xác minh không đúng");
  await page.getByLabel("Mã xác minh").fill(totp(secret));
  await page.getByRole("button", { name: "Xác minh" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("when the school requires it, an admin without it is sent to set it up first @exclusive", async ({
  page,
  context,
  browser,
  baseURL,
  accounts,
  database,
  expectAccessible,
}) => {
  const owner = await accounts.create({ role: "admin", name: "Thầy Quang" });
  const colleague = await accounts.create({ role: "admin", name: "Cô Lan" });
  await accounts.signIn(context, owner);
  await page.goto("/admin/settings");
  await page.getByRole("link", { name: "Bảo mật" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/security$/);
  await expectAccessible();
  const requireBox = page.getByRole("checkbox", { name: /Bắt buộc mọi quản trị viên/ });
  // Only an admin who has it can require it.
  await requireBox.check();
  await page.getByRole("button", { name: "Lưu", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Vui lòng bật xác minh hai bước cho tài khoản của bạn trước.",
  );

  await page.goto("/admin/profile");
  const section = page.getByRole("region", { name: "Xác minh hai bước" });
  await section.getByLabel("Mật khẩu của bạn").fill(owner.password);
  await section.getByRole("button", { name: "Thiết lập xác minh hai bước" }).click();
  const secret = (await section.getByTestId("totp-secret").textContent())!.trim();
  await section.getByLabel("Mã 6 số").fill(totp(secret));
  await section.getByRole("button", { name: "Xác nhận và bật" }).click();
  await expect(section).toContainText("Đã bật xác minh hai bước.");

  await page.goto("/admin/settings/security");
  await requireBox.check();
  await page.getByRole("button", { name: "Lưu", exact: true }).click();
  await expect(page.getByText("Đã lưu cài đặt bảo mật.")).toBeVisible();
  try {
    const other = await browser.newContext({ baseURL });
    await accounts.signIn(other, colleague);
    const otherPage = await other.newPage();
    await otherPage.goto("/admin/students");
    await expect(otherPage).toHaveURL(/\/admin\/profile\?twoFactor=required$/);
    await expect(otherPage.getByRole("region", { name: "Xác minh hai bước" })).toContainText(
      "Trung tâm yêu cầu mọi quản trị viên bật xác minh hai bước.",
    );
    await other.close();
  } finally {
    // Leave the shared server as other tests expect it.
    await database.db.update(schoolSettings).set({ requireAdminTwoFactor: false });
  }
});
