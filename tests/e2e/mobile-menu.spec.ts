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
