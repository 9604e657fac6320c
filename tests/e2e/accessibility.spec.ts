import { expect, test } from "./fixtures";

const publicPaths = [
  "/",
  "/about",
  "/courses",
  "/schedule",
  "/enroll",
  "/blog",
  "/contact",
  "/privacy",
  "/placement-test",
  "/trial",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password?token=expired-or-forged",
  "/verify-email?token=expired-or-forged",
  "/khong-ton-tai",
];

for (const path of publicPaths) {
  test(`${path} has no serious accessibility violations`, async ({ page, expectAccessible }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible();
  });
}

test("the More menu is reachable and usable by keyboard alone", async ({ page, expectAccessible }) => {
  await page.goto("/");
  // Skip link first, then the header in reading order.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Chuyển đến nội dung chính" })).toBeFocused();
  const more = page.getByRole("button", { name: "Thêm" });
  for (let i = 0; i < 10 && !(await more.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(more).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("banner").getByRole("link", { name: "Về chúng tôi" })).toBeFocused();
  await expectAccessible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/about$/);
});
