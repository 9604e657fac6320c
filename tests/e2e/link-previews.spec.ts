// Shared links show a picture (ADR 030): every public page names a preview card in its Open
// Graph and Twitter tags, and the card's URL answers a 1200×630 PNG.
import type { APIRequestContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { courses } from "~/db/schema";
import { DEMO_DRAFT_SLUG } from "./blog-support";
import { expect, test } from "./fixtures";

const GOETHE_SLUG = "kinh-nghiem-thi-b1-goethe-chien-luoc-cho-tung-ky-nang";
/** The demo B1 course's address in each language (ADR 052), by its address prefix. */
const B1_SLUGS = {
  "": "tieng-duc-trung-cap-b1",
  "/en": "intermediate-german-b1",
  "/de": "deutsch-mittelstufe-b1",
};

/** The page's card: og:image and twitter:image agree, with a large Twitter card. */
async function previewImage(page: Page) {
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", image ?? "");
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(page.locator('meta[property="og:image:type"]')).toHaveAttribute("content", "image/png");
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
  return image ?? "";
}

/** The card answers a cacheable 1200×630 PNG, and 304 when revalidated. */
async function expectCard(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect(response.headers()["cache-control"]).toMatch(/^public, max-age=\d+/);
  const png = await response.body();
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  const etag = response.headers().etag ?? "";
  expect(etag).toMatch(/^"[^"]+"$/);
  const again = await request.get(url, { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);
}

test.describe("link previews", () => {
  test("a course page names its own card, which is a PNG", async ({ page, request, database, baseURL }) => {
    await page.goto("/courses/tieng-duc-trung-cap-b1");
    const image = await previewImage(page);
    expect(image).toBe(`${baseURL}/og/courses/tieng-duc-trung-cap-b1.png`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      "content",
      `${baseURL}/courses/tieng-duc-trung-cap-b1`,
    );
    await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute(
      "content",
      "Tiếng Đức trung cấp B1 | Lernhaus",
    );
    await expectCard(request, image);
    // A card shared before the readable addresses, named by the course's id, moves to its slug.
    const [course] = await database.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.title, "Tiếng Đức trung cấp B1"));
    const moved = await request.get(`/en/og/courses/${course!.id}.png`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe("/en/og/courses/intermediate-german-b1.png");
  });

  test("a post page names its own card, which is a PNG", async ({ page, request, baseURL }) => {
    await page.goto(`/blog/${GOETHE_SLUG}`);
    const image = await previewImage(page);
    expect(image).toBe(`${baseURL}/og/blog/${GOETHE_SLUG}.png`);
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute(
      "content",
      "Kinh nghiệm thi B1 Goethe: chiến lược cho từng kỹ năng | Lernhaus",
    );
    await expectCard(request, image);
  });

  test("the other pages name the school's card", async ({ page, request, baseURL }) => {
    for (const path of ["/", "/courses", "/blog", "/contact"]) {
      await page.goto(path);
      expect(await previewImage(page)).toBe(`${baseURL}/og/default.png`);
    }
    await expectCard(request, `${baseURL}/og/default.png`);
  });

  test("an English or German page names its card in that language, a different picture", async ({
    page,
    request,
    database,
    baseURL,
  }) => {
    const [course] = await database.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.title, "Tiếng Đức trung cấp B1"));
    const etags = new Set<string>();
    for (const prefix of ["", "/en", "/de"] as const) {
      // The course's old address lands on its readable one in that language.
      await page.goto(`${prefix}/courses/${course!.id}`);
      await expect(page).toHaveURL(`${baseURL}${prefix}/courses/${B1_SLUGS[prefix]}`);
      const image = await previewImage(page);
      expect(image).toBe(`${baseURL}${prefix}/og/courses/${B1_SLUGS[prefix]}.png`);
      await expectCard(request, image);
      etags.add((await request.get(image)).headers().etag ?? "");
    }
    expect(etags.size).toBe(3);
    await page.goto("/de/contact");
    expect(await previewImage(page)).toBe(`${baseURL}/de/og/default.png`);
  });

  test("a draft, an unknown post and an unknown course have no card", async ({ request }) => {
    expect((await request.get(`/og/blog/${DEMO_DRAFT_SLUG}.png`)).status()).toBe(404);
    expect((await request.get("/og/blog/khong-co-bai-nay.png")).status()).toBe(404);
    expect((await request.get("/og/courses/00000000-0000-4000-8000-000000000000.png")).status()).toBe(404);
    expect((await request.get("/og/courses/khong-co-khoa-nay.png")).status()).toBe(404);
    expect((await request.get(`/en/og/blog/${DEMO_DRAFT_SLUG}.png`)).status()).toBe(404);
  });
});
