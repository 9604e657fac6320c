import { expect, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("the mobile menu opens, navigates, and closes with Escape", async ({ page, expectAccessible }) => {
  await page.goto("/");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Khóa học", exact: true })).toBeHidden();
  await banner.getByRole("button", { name: "Mở menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  for (const name of ["Trang chủ", "Khóa học", "Đăng ký học", "Liên hệ", "Về chúng tôi", "Blog"]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: "Đăng nhập" })).toBeVisible();
  await expectAccessible();

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  await banner.getByRole("button", { name: "Mở menu" }).click();
  await menu.getByRole("link", { name: "Về chúng tôi" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(menu).toBeHidden();

  await banner.getByRole("button", { name: "Mở menu" }).click();
  await menu.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About us");
});

test("the admin menu slides in, navigates, closes with Escape and gives focus back", async ({
  page,
  context,
  accounts,
  expectAccessible,
}) => {
  await accounts.signIn(context, await accounts.create({ role: "admin" }));
  await page.goto("/admin");
  const opener = page.getByRole("button", { name: "Mở menu quản trị" });
  const menu = page.getByRole("dialog", { name: "Menu quản trị" });
  await expect(menu).toBeHidden();
  await opener.click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("navigation", { name: "Menu quản trị" }).getByRole("link")).toHaveCount(15);
  await expectAccessible();

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await menu.getByRole("button", { name: "Đóng menu" }).click();
  await expect(menu).toBeHidden();

  await opener.click();
  await menu.getByRole("link", { name: "Thống kê" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thống kê");
});
