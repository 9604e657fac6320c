import { expect, test } from "./fixtures";

test.describe("interface language (spec §4)", () => {
  test("switching to English and German persists across reloads", async ({ page }) => {
    await page.goto("/courses");
    await expect(page.locator("html")).toHaveAttribute("lang", "vi");
    const banner = page.getByRole("banner");
    await banner.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(banner.getByRole("link", { name: "Courses", exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page).toHaveTitle("Courses | Lernhaus");
    expect(await page.evaluate(() => localStorage.getItem("lng"))).toBe("en");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Courses");

    await page.getByRole("banner").getByRole("button", { name: "Deutsch" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Kurse", exact: true })).toBeVisible();
    // <html lang> follows the server's answer: the choice is stored once it changes.
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deutsch lernen mit Lernhaus");
    await expect(page.getByRole("contentinfo")).toContainText("Alle Rechte vorbehalten");
  });

  test("the sign-in pages have the language switcher too", async ({ page, expectAccessible }) => {
    for (const path of ["/login", "/signup", "/forgot-password", "/reset-password?token=khong-hop-le"]) {
      await page.goto(path);
      const switcher = page.getByRole("banner").getByRole("form", { name: "Ngôn ngữ" });
      await expect(switcher.getByRole("button", { name: "English" }), path).toBeVisible();
    }
    await expectAccessible();

    await page.goto("/login");
    await page.getByRole("banner").getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
    await page.getByRole("banner").getByRole("button", { name: "Deutsch" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Einloggen");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await page.goto("/signup");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Konto erstellen");
    await expectAccessible();
  });

  test("an invalid stored language falls back to Vietnamese", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "lng", value: "fr", url: baseURL! }]);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "vi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chinh phục tiếng Đức cùng Lernhaus");
  });

  test("the browser's stored preference is restored when the cookie is gone", async ({ page, context }) => {
    await page.goto("/");
    // Once hydrated, the page mirrors its language into localStorage; then replace it.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("lng"))).toBe("vi");
    await page.evaluate(() => localStorage.setItem("lng", "de"));
    await context.clearCookies();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deutsch lernen mit Lernhaus");
  });

  test("the switcher works without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByRole("banner").getByRole("button", { name: "English" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact");
    await context.close();
  });
});
