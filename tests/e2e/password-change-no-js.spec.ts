// Changing the password with JavaScript off keeps the person signed in on this
// device (better-auth's own revocation re-issued the cookie, which the no-JS page never saw).
import { expect, test } from "./fixtures";

test("changing the password without JavaScript keeps this session and ends the others", async ({
  browser,
  baseURL,
  accounts,
}) => {
  const account = await accounts.create({ name: "Phạm Minh Khoa" });
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const elsewhere = await browser.newContext({ baseURL });
  await accounts.signIn(noScript, account);
  await accounts.signIn(elsewhere, account);
  const page = await noScript.newPage();

  await page.goto("/profile");
  // The show toggle needs JavaScript: without it the button says so by being disabled.
  await expect(page.getByRole("button", { name: "Hiện mật khẩu" }).first()).toBeDisabled();
  await page.getByLabel("Mật khẩu hiện tại").fill(account.password);
  await page.getByLabel("Mật khẩu mới", { exact: true }).fill("Neues-Passwort-2026");
  await page.getByLabel("Xác nhận mật khẩu mới").fill("Neues-Passwort-2026");
  await page.getByRole("button", { name: "Đổi mật khẩu" }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("main")).toContainText("Đã đổi mật khẩu.");
  await expect(page.getByRole("banner")).toContainText("Xin chào, Phạm Minh Khoa");
  await page.goto("/profile");
  await expect(page.getByRole("banner")).toContainText("Xin chào, Phạm Minh Khoa");

  const other = await elsewhere.newPage();
  await other.goto("/profile");
  await expect(other).toHaveURL(/\/login/);
  await noScript.close();
  await elsewhere.close();
});
