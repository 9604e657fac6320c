// Every page has one <main> landmark, the skip link's #main target, with the page's h1 in it;
// the admin says a page's title once (its h1), not again in the header above it.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function expectOneMainWithTitle(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("main")).toHaveCount(1);
  expect(await page.locator("#main").evaluate((element) => element.tagName)).toBe("MAIN");
  await expect(page.locator("#main h1")).toHaveCount(1);
  return (await page.locator("#main h1").textContent())!.trim();
}

test("public pages have one main landmark, the skip link's target", async ({ page }) => {
  for (const path of [
    "/",
    "/about",
    "/courses",
    "/enroll",
    "/contact",
    "/trial",
    "/blog",
    "/privacy",
    "/login",
    "/x-y-z",
  ]) {
    await expectOneMainWithTitle(page, path);
  }
});

test("admin pages have one main landmark and say their title once", async ({
  page,
  context,
  accounts,
  expectAccessible,
}) => {
  test.setTimeout(60_000);
  await accounts.signIn(context, await accounts.create({ role: "admin" }));
  for (const path of [
    "/admin",
    "/admin/students",
    "/admin/courses",
    "/admin/placement-test",
    "/admin/trials",
    "/admin/my-classes",
    "/admin/about",
    "/admin/posts",
    "/admin/analytics",
    "/admin/messages",
    "/admin/profile",
    "/admin/settings",
    "/admin/settings/audit",
  ]) {
    const title = await expectOneMainWithTitle(page, path);
    // The sidebar's link of the same name is navigation, not a title: what the header and main show.
    await expect(
      page.locator("header, main").getByText(title, { exact: true }).filter({ visible: true }),
      path,
    ).toHaveCount(1);
  }
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Chuyển đến nội dung chính" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expectAccessible();
});
