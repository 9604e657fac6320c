import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { contactConfig } from "~/db/schema";
import { change } from "./courses-changes";
import { expect, test } from "./fixtures";

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

/** The contact button shown at this width (the header's below 1280 px, the floating one above). */
const contactButton = (page: Page) => page.getByTestId("contact-button").filter({ visible: true });

/** Scrolls through the page and returns every moment the contact button's box overlaps a link,
 * button or field of the content, or the footer — as far as they are visible (the sticky header
 * covers what scrolls under it). */
async function overlapsWhileScrolling(page: Page) {
  return page.evaluate(async () => {
    const overlaps: string[] = [];

    const visibleButton = [...document.querySelectorAll("[data-testid=contact-button] summary")].find(
      (summary) => summary.getClientRects().length > 0,
    );
    if (!visibleButton) return ["no contact button"];

    const header = document.querySelector("header")!;
    const targets = [
      ...document.querySelectorAll(
        "main a, main button, main input, main select, main textarea, main summary",
      ),
      document.querySelector("footer")!,
    ].filter((element) => element.getClientRects().length > 0);
    const step = Math.round(window.innerHeight / 3);
    for (let y = 0; ; y += step) {
      window.scrollTo(0, y);
      const box = visibleButton.getBoundingClientRect();
      const top = header.getBoundingClientRect().bottom;
      for (const target of targets) {
        const rect = target.getBoundingClientRect();
        const visibleTop = Math.max(rect.top, top);
        const visibleBottom = Math.min(rect.bottom, window.innerHeight);
        if (visibleBottom <= visibleTop) continue;
        if (
          rect.left < box.right &&
          rect.right > box.left &&
          visibleTop < box.bottom &&
          visibleBottom > box.top
        ) {
          const name =
            target.tagName === "FOOTER" ? "footer" : (target.textContent ?? "").trim().slice(0, 40);
          overlaps.push(`${name} at scroll ${window.scrollY}`);
        }
      }
      if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1) break;
    }
    return overlaps;
  });
}

test.describe("the contact button", () => {
  for (const [size, viewport] of Object.entries({ phone, desktop })) {
    test(`covers no link, button, field nor the footer while scrolling, on a ${size}`, async ({
      page,
      expectAccessible,
    }) => {
      await page.setViewportSize(viewport);
      for (const path of ["/", "/courses", "/enroll"]) {
        await page.goto(path);
        await expect(contactButton(page)).toBeVisible();
        if (viewport === phone) {
          const box = (await contactButton(page).boundingBox())!;
          expect(box.width, "small on a phone").toBeLessThanOrEqual(44);
        }
        expect(await overlapsWhileScrolling(page), path).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await contactButton(page).locator("summary").click();
        await expect(contactButton(page).getByRole("link")).toHaveCount(3);
        await expectAccessible();
      }
    });
  }

  test("opens, is followed and closes with the keyboard", async ({ page }) => {
    await page.setViewportSize(desktop);
    await page.goto("/courses");
    const details = contactButton(page);
    const summary = details.locator("summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(details).toHaveAttribute("open", "");
    const links = details.getByRole("list", { name: "Liên hệ với Lernhaus" }).getByRole("link");
    await expect(links).toHaveText([/Chat qua Zalo/, /Nhắn tin qua Messenger/, /Gọi hotline/]);
    await page.keyboard.press("Tab");
    await expect(links.first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(details).not.toHaveAttribute("open");
    await expect(summary).toBeFocused();
    expect(await summary.evaluate((element) => element.matches(":focus-visible"))).toBe(true);
    // Space opens it again, as any button; going to another page closes it.
    await page.keyboard.press(" ");
    await expect(details).toHaveAttribute("open", "");
    await page.getByRole("banner").getByRole("link", { name: "Liên hệ", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(details).not.toHaveAttribute("open");
  });

  test("is translated, and absent from the sign-in and admin pages", async ({ page, context, accounts }) => {
    await page.setViewportSize(desktop);
    await page.goto("/");
    const summary = contactButton(page).locator("summary");
    await expect(summary).toHaveAccessibleName("Liên hệ nhanh");
    await page.getByRole("banner").getByRole("button", { name: "English" }).click();
    await expect(summary).toHaveAccessibleName("Quick contact");
    // Another language is another page (/en, ADR 032): the list is opened once it has arrived,
    // since the navigation's end closes it like any navigation.
    await expect(page).toHaveURL(/\/en$/);
    await summary.click();
    await expect(contactButton(page).getByRole("link")).toHaveText([
      /Chat on Zalo/,
      /Messenger/,
      /Call the hotline/,
    ]);
    await page.getByRole("banner").getByRole("button", { name: "Deutsch" }).click();
    await expect(summary).toHaveAccessibleName("Schnellkontakt");
    await expect(page).toHaveURL(/\/de$/);
    await summary.click();
    await expect(contactButton(page).getByRole("link").first()).toHaveText("Über Zalo chatten");
    await page.getByRole("banner").getByRole("button", { name: "Tiếng Việt" }).click();
    await expect(summary).toHaveAccessibleName("Liên hệ nhanh");
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("contact-button")).toHaveCount(0);
    await accounts.signIn(context, await accounts.create({ role: "admin" }));
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Số liệu chính" })).toBeVisible();
    await expect(page.getByTestId("contact-button")).toHaveCount(0);
  });

  test("@exclusive its links come from the contact settings, follow them live and go when none is set", async ({
    page,
    database,
    baseURL,
  }) => {
    const [stored] = await database.db.select().from(contactConfig);
    const set = (values: Partial<typeof contactConfig.$inferInsert>) =>
      change(database, baseURL!, "contacts", (tx) =>
        tx.update(contactConfig).set(values).where(eq(contactConfig.id, 1)),
      );
    try {
      await set({
        zalo: "+84 903 111 222",
        facebook: "https://www.facebook.com/lernhaus.hanoi",
        phone: "024 3999 8888",
      });
      await page.setViewportSize(phone);
      const hydrated = page.waitForResponse((response) => response.url().endsWith("/api/events"));
      await page.goto("/courses");
      await hydrated;
      const details = contactButton(page);
      await details.locator("summary").click();
      const link = (name: RegExp) => details.getByRole("link", { name });
      await expect(link(/Zalo/)).toHaveAttribute("href", "https://zalo.me/0903111222");
      await expect(link(/Messenger/)).toHaveAttribute("href", "https://m.me/lernhaus.hanoi");
      await expect(link(/hotline/)).toHaveAttribute("href", "tel:02439998888");
      await expect(link(/hotline/)).toContainText("024 3999 8888");

      // The open page follows the settings: a profile address gives Messenger its number.
      await set({ zalo: "", facebook: "https://www.facebook.com/profile.php?id=100012345678901" });
      await expect(link(/Zalo/)).toHaveCount(0);
      await expect(link(/Messenger/)).toHaveAttribute("href", "https://m.me/100012345678901");
      await expect(details.getByRole("link")).toHaveCount(2);

      await set({ zalo: "", facebook: "", phone: "" });
      await expect(page.getByTestId("contact-button")).toHaveCount(0);
      await page.setViewportSize(desktop);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("contact-button")).toHaveCount(0);
    } finally {
      if (stored) await set(stored);
    }
  });
});
