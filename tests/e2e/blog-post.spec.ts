import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { posts } from "~/db/schema";
import { formatDateVi } from "~/lib/format";
import { createPosts, DEMO_DRAFT_SLUG, deletePosts, demoPostCreatedAt } from "./blog-support";
import { expect, test } from "./fixtures";

const GOETHE_SLUG = "kinh-nghiem-thi-b1-goethe-chien-luoc-cho-tung-ky-nang";

test.describe("article page", () => {
  test("opens from the list with its title, author, date, read time, category, tags and body", async ({
    page,
    database,
  }) => {
    await page.goto("/blog");
    await page
      .getByRole("region", { name: "Bài viết mới nhất" })
      .getByRole("link", { name: "Kinh nghiệm thi B1 Goethe: chiến lược cho từng kỹ năng" })
      .click();
    await expect(page).toHaveURL(`/blog/${GOETHE_SLUG}`);
    const article = page.getByRole("main").getByRole("article").first();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Kinh nghiệm thi B1 Goethe: chiến lược cho từng kỹ năng",
    );
    await expect(article).toContainText("Nguyễn Thị Thu Hà");
    await expect(article).toContainText(formatDateVi(await demoPostCreatedAt(database, GOETHE_SLUG)));
    await expect(article).toContainText(/\d+ phút đọc/);
    await expect(article.getByRole("link", { name: "Luyện thi B1-B2" })).toHaveAttribute(
      "href",
      "/blog?category=b1-b2",
    );
    // The Markdown body is rendered: its headings and emphasis are real elements.
    await expect(article.getByRole("heading", { level: 2, name: "Lesen – 65 phút" })).toBeVisible();
    await expect(article.locator("strong").first()).toBeVisible();
    const tags = page.getByRole("region", { name: "Thẻ:" });
    await expect(tags.getByRole("link", { name: "#Goethe B1" })).toHaveAttribute("href", "/blog?q=Goethe+B1");

    // Related posts: the other b1-b2 post.
    const related = page.getByRole("region", { name: "Bài viết liên quan" });
    await expect(related.getByRole("article")).toHaveCount(1);
    await expect(related).toContainText("Nên thi Goethe hay telc B2?");
    await expect(page).toHaveTitle("Kinh nghiệm thi B1 Goethe: chiến lược cho từng kỹ năng | Lernhaus");
  });

  test("sets the description, canonical URL, Open Graph tags and Article JSON-LD", async ({
    page,
    baseURL,
    database,
  }) => {
    await page.goto(`/blog/${GOETHE_SLUG}`);
    const url = `${baseURL}/blog/${GOETHE_SLUG}`;
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /^Goethe-Zertifikat B1 gồm/,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(jsonLd).toMatchObject({
      "@type": "Article",
      headline: "Kinh nghiệm thi B1 Goethe: chiến lược cho từng kỹ năng",
      author: { "@type": "Person", name: "Nguyễn Thị Thu Hà" },
      datePublished: (await demoPostCreatedAt(database, GOETHE_SLUG)).toISOString(),
      mainEntityOfPage: { "@id": url },
    });
  });

  test("shares to Facebook and Zalo and copies the link", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(`/blog/${GOETHE_SLUG}`);
    const url = encodeURIComponent(`${baseURL}/blog/${GOETHE_SLUG}`);
    const share = page.getByRole("region", { name: "Chia sẻ bài viết" });
    await expect(share.getByRole("link", { name: /Chia sẻ lên Facebook/ })).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    );
    await expect(share.getByRole("link", { name: /Chia sẻ qua Zalo/ })).toHaveAttribute(
      "href",
      `https://sp.zalo.me/share_to_zalo?url=${url}`,
    );
    await share.getByRole("button", { name: "Sao chép liên kết" }).click();
    await expect(share).toContainText("Đã sao chép liên kết");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/blog/${GOETHE_SLUG}`);
  });

  test("answers an unknown address with 404", async ({ page }) => {
    const response = await page.goto("/blog/khong-co-bai-nay");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Không tìm thấy trang");
  });

  test("passes axe", async ({ page, expectAccessible }) => {
    await page.goto(`/blog/${GOETHE_SLUG}`);
    await expectAccessible();
  });
});

test.describe("drafts", () => {
  test("are never public: not as a page, in the list, the search, the counts, the feed or the sitemap", async ({
    page,
    database,
  }) => {
    const title = `Bản nháp bí mật ${randomBytes(3).toString("hex")}`;
    const [draft] = await createPosts(database, [
      { title, published: false, featured: true, views: 1_000_000 },
    ]);
    try {
      for (const slug of [draft!.slug, DEMO_DRAFT_SLUG]) {
        const response = await page.goto(`/blog/${slug}`);
        expect(response?.status(), slug).toBe(404);
      }
      await page.goto("/blog");
      await expect(page.getByRole("main")).not.toContainText(title);
      await expect(page.getByRole("main")).not.toContainText("Bốn cách trong tiếng Đức");
      await page.goto(`/blog?q=${encodeURIComponent(title)}`);
      await expect(page.getByText("Không tìm thấy bài viết nào", { exact: true })).toBeVisible();
      await page.goto("/blog?q=Nominativ");
      await expect(page.getByText("Không tìm thấy bài viết nào", { exact: true })).toBeVisible();
      for (const feed of ["/blog/rss.xml", "/sitemap.xml"]) {
        const body = await (await page.request.get(feed)).text();
        expect(body, feed).not.toContain(draft!.slug);
        expect(body, feed).not.toContain(DEMO_DRAFT_SLUG);
      }
    } finally {
      await deletePosts(database, [draft!.id]);
    }
  });
});

test.describe("views", () => {
  // A visitor of its own (the visitor is a hash of IP, user agent and day): other tests' views of
  // this post today do not make this one count for nothing.
  test.use({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Reader/${randomBytes(4).toString("hex")}`,
  });
  const slug = "du-hay-sie-cach-xung-ho-dung-muc-voi-nguoi-duc";
  const viewsOf = async (database: Database) =>
    (await database.db.select({ views: posts.views }).from(posts).where(eq(posts.slug, slug)))[0]!.views;

  test("count one view per visitor per day, after the page has loaded", async ({ page, database }) => {
    const before = await viewsOf(database);
    const counted = page.waitForResponse(
      (r) => r.url().endsWith("/views") && r.request().method() === "POST",
    );
    await page.goto(`/blog/${slug}`);
    expect((await counted).status()).toBe(204);
    await expect.poll(() => viewsOf(database)).toBe(before + 1);

    const again = page.waitForResponse((r) => r.url().endsWith("/views"));
    await page.reload();
    await again;
    expect(await viewsOf(database)).toBe(before + 1);
  });
});

test.describe("views by a bot", () => {
  test.use({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });

  test("are not counted", async ({ page, database }) => {
    const slug = "cach-phat-am-u-o-va-ch-chuan-cho-nguoi-viet";
    const viewsOf = async () =>
      (await database.db.select({ views: posts.views }).from(posts).where(eq(posts.slug, slug)))[0]!.views;
    const before = await viewsOf();
    const counted = page.waitForResponse((r) => r.url().endsWith("/views"));
    await page.goto(`/blog/${slug}`);
    expect((await counted).status()).toBe(204);
    expect(await viewsOf()).toBe(before);
  });
});

test.describe("an admin", () => {
  test.use({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Admin/${randomBytes(4).toString("hex")}`,
  });

  test("previews a draft that stays 404 for everyone else, and is not counted as a reader", async ({
    page,
    context,
    browser,
    baseURL,
    database,
    accounts,
  }) => {
    const title = `Bản nháp xem trước ${randomBytes(3).toString("hex")}`;
    const [draft] = await createPosts(database, [{ title, published: false }]);
    try {
      await accounts.signIn(context, await accounts.create({ role: "admin" }));
      const response = await page.goto(`/blog/${draft!.slug}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toContain("no-store");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

      const visitor = await browser.newContext({ baseURL });
      expect((await (await visitor.newPage()).goto(`/blog/${draft!.slug}`))?.status()).toBe(404);
      await visitor.close();

      const slug = "du-hay-sie-cach-xung-ho-dung-muc-voi-nguoi-duc";
      const viewsOf = async () =>
        (await database.db.select({ views: posts.views }).from(posts).where(eq(posts.slug, slug)))[0]!.views;
      const before = await viewsOf();
      const counted = page.waitForResponse((r) => r.url().endsWith("/views"));
      await page.goto(`/blog/${slug}`);
      expect((await counted).status()).toBe(204);
      expect(await viewsOf()).toBe(before);
    } finally {
      await deletePosts(database, [draft!.id]);
    }
  });
});
