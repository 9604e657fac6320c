// issue 12 §10 in the browser: an admin turns on the second factor with an authenticator app
// (the code is computed here from the secret the page shows, RFC 6238), then signs in with
// password and code.

import { totp, wrongTotp } from "../support/totp";
import { expect, test } from "./fixtures";

test("an admin sets up two-step verification and signs in with a code from the app", async ({
  page,
  context,
  accounts,
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
