import { demoPosts } from "~/db/demo-content";
import { matchesSearch } from "~/lib/blog-rules";
import { formatDateVi } from "~/lib/format";
import { DEMO_PUBLISHED, demoPostCreatedAt } from "./blog-support";
import { expect, test } from "./fixtures";

// spec §2 Blog and §9, on the demo content: 9 published posts across the 8 categories
// (b1-b2 has 2), 2 of them featured, and a draft in grammar.

const DU_SIE_SLUG = "du-hay-sie-cach-xung-ho-dung-muc-voi-nguoi-duc";

test.describe("blog page", () => {
  test("shows the categories with their published post counts and filters by category", async ({ page }) => {
    await page.goto("/blog");
    const categories = page.getByRole("navigation", { name: "Danh mục" });
    await expect(categories.getByRole("link", { name: `Tất cả ${DEMO_PUBLISHED} bài viết` })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(categories.getByRole("link", { name: "Luyện thi B1-B2 2 bài viết" })).toBeVisible();
    // The grammar draft is not counted.
    await expect(categories.getByRole("link", { name: "Ngữ pháp 1 bài viết" })).toBeVisible();
    await expect(categories.getByRole("listitem")).toHaveCount(9);

    const list = page.getByRole("region", { name: "Bài viết mới nhất" });
    await expect(list.getByRole("article")).toHaveCount(DEMO_PUBLISHED);

    await categories.getByRole("link", { name: /^Luyện thi B1-B2/ }).click();
    await expect(page).toHaveURL(/\/blog\?category=b1-b2$/);
    const filtered = page.getByRole("region", { name: "Luyện thi B1-B2" });
    await expect(filtered.getByRole("article")).toHaveCount(2);
    for (const article of await filtered.getByRole("article").all()) {
      await expect(article).toContainText("Luyện thi B1-B2");
    }
    await expect(categories.getByRole("link", { name: /^Luyện thi B1-B2/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("features at most 2 posts with at most 3 tag chips, only for the category 'all'", async ({ page }) => {
    await page.goto("/blog");
    const featured = page.getByRole("region", { name: "Bài viết nổi bật" });
    await expect(featured.getByRole("article")).toHaveCount(2);
    await expect(featured.getByRole("article").first()).toContainText(
      "Du học nghề Ausbildung tại Đức: điều kiện và các bước xin visa",
    );
    // "Kinh nghiệm thi B1 Goethe" has 4 tags: its card shows 3.
    const goethe = featured.getByRole("article").filter({ hasText: "Kinh nghiệm thi B1 Goethe" });
    await expect(goethe.getByRole("list", { name: "Thẻ" }).getByRole("listitem")).toHaveCount(3);
    for (const card of await featured.getByRole("article").all()) {
      expect(await card.getByRole("list", { name: "Thẻ" }).getByRole("listitem").count()).toBeLessThanOrEqual(
        3,
      );
    }

    await page.goto("/blog?category=b1-b2");
    await expect(page.getByRole("region", { name: "Luyện thi B1-B2" }).getByRole("article")).toHaveCount(2);
    await expect(page.getByRole("region", { name: "Bài viết nổi bật" })).toHaveCount(0);
  });

  test("lists the 4 most viewed posts as popular", async ({ page }) => {
    await page.goto("/blog");
    const popular = page.getByRole("region", { name: "Bài viết phổ biến" }).getByRole("listitem");
    await expect(popular).toHaveCount(4);
    await expect(popular.nth(0)).toContainText("Kinh nghiệm thi B1 Goethe"); // 1870 views
    await expect(popular.nth(1)).toContainText("Du học nghề Ausbildung"); // 1640
    await expect(popular.nth(2)).toContainText("Quy tắc nhận biết der, die, das"); // 1325
    await expect(popular.nth(3)).toContainText("Du hay Sie?"); // 1090
  });

  test("searches as you type, accent-insensitively, and keeps the search in the URL", async ({ page }) => {
    await page.goto("/blog");
    const search = page.getByRole("searchbox", { name: "Tìm kiếm bài viết" });
    await expect(search).toHaveAttribute("placeholder", "Tìm kiếm bài viết...");
    // Typing before hydration changes nothing: retry until the page searches as you type.
    await expect(async () => {
      await search.fill("");
      await search.fill("phat am");
      await expect(page).toHaveURL(/\/blog\?q=phat\+am$/, { timeout: 2_000 });
    }).toPass();
    const results = page.getByRole("region", { name: /Kết quả tìm kiếm cho “phat am”: 1 bài viết/ });
    await expect(results.getByRole("article")).toHaveCount(1);
    await expect(results.getByRole("article")).toContainText("Cách phát âm ü, ö và ch chuẩn cho người Việt");
    // Searching hides the featured section.
    await expect(page.getByRole("region", { name: "Bài viết nổi bật" })).toHaveCount(0);
  });

  test("says 'Không tìm thấy bài viết nào' for a search without results, with a clear-filter button", async ({
    page,
  }) => {
    await page.goto("/blog?q=quantenphysik");
    await expect(page.getByText("Không tìm thấy bài viết nào", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Xóa bộ lọc" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("searchbox", { name: "Tìm kiếm bài viết" })).toHaveValue("");
    await expect(page.getByRole("region", { name: "Bài viết mới nhất" }).getByRole("article")).toHaveCount(
      DEMO_PUBLISHED,
    );
  });

  test("has the help card and the newsletter box, and passes axe", async ({ page, expectAccessible }) => {
    await page.goto("/blog");
    await expect(page.getByRole("link", { name: "Liên hệ với chúng tôi" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await expect(page.getByRole("region", { name: "Nhận bài viết mới qua email" })).toBeVisible();
    await expectAccessible();
    await page.goto("/blog?q=quantenphysik");
    await expectAccessible();
  });

  test("shows 'Đang tải bài viết...' while a navigation to the blog is on its way", async ({ page }) => {
    const hydrated = page.waitForResponse((response) => response.url().endsWith("/api/events"));
    await page.goto("/");
    await hydrated;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold back the blog's own data only (the root and layout loaders revalidate separately).
    await page.route(/\/blog\.data\?_routes=routes%2Fsite%2Fblog$/, async (route) => {
      await released;
      await route.continue();
    });
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Điều hướng chính" });
    await nav.getByRole("button", { name: "Thêm" }).click();
    await nav.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("status")).toHaveText("Đang tải bài viết...");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog học tiếng Đức");
    release();
    await expect(page.getByRole("region", { name: "Bài viết mới nhất" }).getByRole("article")).toHaveCount(
      DEMO_PUBLISHED,
    );
    await expect(page.getByText("Đang tải bài viết...")).toHaveCount(0);
  });

  test("shows dates as dd/mm/yyyy in every language", async ({ page, context, baseURL, database }) => {
    const date = formatDateVi(await demoPostCreatedAt(database, DU_SIE_SLUG));
    expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    for (const language of ["en", "de"]) {
      await context.addCookies([{ name: "lng", value: language, url: baseURL! }]);
      await page.goto("/blog?category=culture");
      await expect(page.getByRole("article").first()).toContainText(date);
    }
    await expect(page.getByRole("searchbox")).toHaveAttribute("placeholder", "Artikel suchen...");
  });
});

test.describe("blog page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("searches through the URL, category included", async ({ page }) => {
    // "hoc" finds "học" in titles, excerpts and tags (spec §9 plus accent folding).
    const expected = demoPosts.filter(
      (post) => post.published && matchesSearch({ ...post, tags: post.tags ?? [] }, "hoc"),
    );
    expect(expected.length).toBeGreaterThan(3);
    await page.goto("/blog?q=hoc");
    const results = page.getByRole("region", { name: /Kết quả tìm kiếm cho “hoc”/ });
    await expect(results.getByRole("heading", { level: 3 })).toHaveText(
      // Newest first: the fewest days before the seeding.
      expected.sort((a, b) => a.daysBeforeSeeding - b.daysBeforeSeeding).map((post) => post.title),
    );

    await page.goto("/blog");
    await page.getByRole("searchbox", { name: "Tìm kiếm bài viết" }).fill("GOETHE");
    await page.getByRole("button", { name: "Tìm kiếm" }).click();
    await expect(page).toHaveURL(/\/blog\?q=GOETHE$/);
    await expect(page.getByRole("region", { name: /“GOETHE”: 3 bài viết/ }).getByRole("article")).toHaveCount(
      3,
    );

    await page
      .getByRole("navigation", { name: "Danh mục" })
      .getByRole("link", { name: /^Câu chuyện thành công/ })
      .click();
    await expect(page).toHaveURL(/\/blog\?q=GOETHE&category=success$/);
    await expect(page.getByRole("article")).toHaveCount(1);
  });
});
