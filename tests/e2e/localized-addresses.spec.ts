// Addresses per language (ADR 032, issue 19): the English and German public pages at /en/… and
// /de/…, their search-engine tags, the language switcher moving between them and the cookie's
// redirect.
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { courses } from "~/db/schema";
import { expect, test } from "./fixtures";
import { expectSubmitted, uniqueEmail, uniquePhone, waitOutMinimumFillTime } from "./forms-support";

/** The href of every hreflang alternate of the current page, by language. */
async function alternates(page: Page) {
  return page
    .locator('head link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      Object.fromEntries(links.map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")])),
    );
}

async function canonical(page: Page) {
  return page.locator('head link[rel="canonical"]').getAttribute("href");
}

/** The demo A1 course's address in each language: each its own slug. */
const A1_ADDRESSES = {
  vi: "/courses/tieng-duc-co-ban-a1",
  en: "/en/courses/german-for-beginners-a1",
  de: "/de/courses/deutsch-fuer-anfaenger-a1",
};

/** The address of the first open course's page, from the course list: its readable slug (ADR 052). */
async function firstCoursePath(page: Page) {
  await page.goto("/courses");
  const href = await page.getByRole("main").locator('a[href^="/courses/"]').first().getAttribute("href");
  expect(href).toBe(A1_ADDRESSES.vi);
  return href as string;
}

test.describe("addresses per language", () => {
  test("hreflang alternates resolve, and each one's canonical is itself", async ({ page, baseURL }) => {
    // Sixteen page loads: four pages, each with its three addresses.
    test.setTimeout(90_000);
    const course = await firstCoursePath(page);
    for (const path of ["/", "/courses", course, "/blog"]) {
      await page.goto(path);
      const links = await alternates(page);
      expect(Object.keys(links).sort(), path).toEqual(["de", "en", "vi", "x-default"]);
      expect(links["x-default"], path).toBe(links.vi);
      expect(links.vi, path).toBe(`${baseURL}${path}`);
      for (const language of ["vi", "en", "de"] as const) {
        const target = links[language] as string;
        const response = await page.goto(target);
        expect(response?.status(), target).toBe(200);
        await expect(page.locator("html"), target).toHaveAttribute("lang", language);
        expect(await canonical(page), target).toBe(target);
        expect(await alternates(page), target).toEqual(links);
      }
    }
  });

  test("the switcher moves between the same page's addresses, and the interface follows", async ({
    page,
  }) => {
    await firstCoursePath(page);
    for (const addresses of [{ vi: "/courses", en: "/en/courses", de: "/de/courses" }, A1_ADDRESSES]) {
      const path = addresses.vi;
      await page.goto(`${path}?from=test`);
      const banner = page.getByRole("banner");
      await banner.getByRole("button", { name: "English" }).click();
      await expect(page).toHaveURL(new RegExp(`[^/]${addresses.en}\\?from=test$`));
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(banner.getByRole("link", { name: "Courses", exact: true })).toHaveAttribute(
        "href",
        "/en/courses",
      );

      await banner.getByRole("button", { name: "Deutsch" }).click();
      await expect(page).toHaveURL(new RegExp(`[^/]${addresses.de}\\?from=test$`));
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expect(banner.getByRole("link", { name: "Kurse", exact: true })).toHaveAttribute(
        "href",
        "/de/courses",
      );

      await banner.getByRole("button", { name: "Tiếng Việt" }).click();
      await expect(page).toHaveURL(new RegExp(`[^/]${path}\\?from=test$`));
      await expect(page.locator("html")).toHaveAttribute("lang", "vi");
      await expect(banner.getByRole("link", { name: "Khóa học", exact: true })).toHaveAttribute(
        "href",
        "/courses",
      );
    }
  });

  test("the links of an English page stay in English; a client-side step to Vietnamese switches back", async ({
    page,
  }) => {
    await page.goto("/en/courses");
    const footer = page.getByRole("contentinfo");
    for (const href of await footer
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href"))))
      expect(href).toMatch(/^\/en(\/|$)/);
    await page.getByRole("banner").getByRole("link", { name: "Lernhaus" }).first().click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Master German with Lernhaus");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("a reader whose cookie says English is sent from the Vietnamese address to the English one", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "lng", value: "en", url: baseURL! }]);
    const response = await page.request.get("/courses?level=A1", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/en/courses?level=A1");
    expect(response.headers().vary).toContain("Cookie");
    expect(response.headers()["cache-control"]).toContain("no-store");

    await page.goto("/about");
    await expect(page).toHaveURL(/\/en\/about$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // A prefixed address is its own language, whatever the cookie says.
    await page.goto("/de/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    // Sign-in pages have one address: the cookie picks their language.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
  });

  test("a course's link shared in Vietnamese or by its old id reaches its address in the reader's language", async ({
    page,
    context,
    database,
    baseURL,
  }) => {
    const [course] = await database.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.slug, "tieng-duc-co-ban-a1"));
    // The old address moves for good, with its query, and no cache keeps the move (ADR 052).
    const moved = await page.request.get(`/de/courses/${course!.id}?from=zalo`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(`${A1_ADDRESSES.de}?from=zalo`);
    expect(moved.headers()["cache-control"]).toBe("max-age=86400");
    // A reader whose cookie says English: the language's redirect, then the course's English slug.
    await context.addCookies([{ name: "lng", value: "en", url: baseURL! }]);
    await page.goto(A1_ADDRESSES.vi);
    await expect(page).toHaveURL(`${baseURL}${A1_ADDRESSES.en}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("German for Beginners A1");
    await page.goto(`/courses/${course!.id}`);
    await expect(page).toHaveURL(`${baseURL}${A1_ADDRESSES.en}`);
  });

  test("a prefix other than en or de is no page", async ({ page }) => {
    const response = await page.goto("/fr/courses");
    expect(response?.status()).toBe(404);
    const german = await page.goto("/de/nirgendwo");
    expect(german?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("main").getByRole("link")).toHaveAttribute("href", "/de");
  });

  test("without JavaScript the switcher leads from /en/contact to /de/contact", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/en/contact");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact");
    await page.getByRole("banner").getByRole("button", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/de\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kontakt");
    await context.close();
  });

  test("the English contact form sends without JavaScript, answers in English and starts again at /en/contact", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/en/contact");
    await page.getByLabel("Full name").fill("Trần Minh");
    await page.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("minh.en"));
    await page.getByLabel("Phone number").fill(uniquePhone());
    await page.getByLabel("Topic").selectOption("certificate");
    await page.getByLabel("Your question").fill("Do I get a certificate after B1?");
    await waitOutMinimumFillTime(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await expectSubmitted(page, "Thank you for getting in touch!");
    await expect(page).toHaveURL(/\/en\/contact/);
    await page.getByRole("button", { name: "Send another question" }).click();
    // A GET form without fields: the browser adds an empty query.
    await expect(page).toHaveURL(/\/en\/contact\??$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });
});
