// Blog tests that change what every visitor sees (more published posts, an emptied category):
// they run one at a time after the others (@exclusive) and restore the demo content.
import { eq } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import { posts } from "~/db/schema";
import { createPosts, DEMO_PUBLISHED, deletePosts } from "./blog-support";
import { expect, test } from "./fixtures";

test("'load more' appends the next 9 posts; without JavaScript ?page=2 shows them @exclusive", async ({
  page,
  database,
  browser,
  baseURL,
}) => {
  const created = await createPosts(
    database,
    Array.from({ length: 3 }, (_, i) => ({
      title: `Bài cũ số ${i + 1} về luyện nghe`,
      createdAt: new Date(`2024-0${i + 1}-15T09:00:00+07:00`),
    })),
  );
  try {
    await page.goto("/blog");
    const list = page.getByRole("region", { name: "Bài viết mới nhất" });
    await expect(list.getByRole("article")).toHaveCount(9);
    await expect(
      page
        .getByRole("navigation", { name: "Danh mục" })
        .getByRole("link", { name: `Tất cả ${DEMO_PUBLISHED + 3} bài viết` }),
    ).toBeVisible();
    const more = list.getByRole("link", { name: "Xem thêm bài viết" });
    await expect(more).toHaveAttribute("href", "/blog?page=2");
    await more.click();
    await expect(list.getByRole("article")).toHaveCount(12);
    await expect(list.getByRole("article").last()).toContainText("Bài cũ số 1 về luyện nghe");
    await expect(page).toHaveURL(/\/blog$/); // appended in place
    await expect(more).toHaveCount(0); // nothing more to load

    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const plain = await noScript.newPage();
      await plain.goto("/blog");
      await plain.getByRole("link", { name: "Xem thêm bài viết" }).click();
      await expect(plain).toHaveURL(/\/blog\?page=2$/);
      const second = plain.getByRole("region", { name: "Bài viết mới nhất" });
      await expect(second.getByRole("article")).toHaveCount(3);
      await expect(second).toContainText("Trang 2");
      await expect(plain.getByRole("region", { name: "Bài viết nổi bật" })).toHaveCount(0);
      await expect(second.getByRole("link", { name: "Xem thêm bài viết" })).toHaveCount(0);
    } finally {
      await noScript.close();
    }
  } finally {
    await deletePosts(
      database,
      created.map((post) => post.id),
    );
  }
});

test("after 'load more', a post published meanwhile joins the list live without pushing another out of it @exclusive", async ({
  page,
  database,
}) => {
  const created = await createPosts(
    database,
    Array.from({ length: 3 }, (_, i) => ({
      title: `Bài lưu trữ số ${i + 1} về từ vựng`,
      createdAt: new Date(`2024-0${i + 1}-15T09:00:00+07:00`),
    })),
  );
  try {
    const listening = page.waitForResponse((response) => response.url().endsWith("/api/events"));
    await page.goto("/blog");
    await listening;
    const list = page.getByRole("region", { name: "Bài viết mới nhất" });
    const ninth = (await list.getByRole("article").nth(8).getByRole("heading").textContent()) ?? "";
    await list.getByRole("link", { name: "Xem thêm bài viết" }).click();
    await expect(list.getByRole("article")).toHaveCount(12);

    created.push(...(await createPosts(database, [{ title: "Bài mới đăng trong lúc đọc" }])));
    await expect(list.getByRole("article")).toHaveCount(13);
    await expect(list.getByRole("article").first()).toContainText("Bài mới đăng trong lúc đọc");
    // The post that was ninth is now tenth: still listed, once.
    await expect(list.getByRole("heading", { name: ninth, exact: true })).toHaveCount(1);
    await expect(list.getByRole("article").last()).toContainText("Bài lưu trữ số 1 về từ vựng");
  } finally {
    await deletePosts(
      database,
      created.map((post) => post.id),
    );
  }
});

test("an emptied category is hidden and says 'Chưa có bài viết nào trong danh mục này', live @exclusive", async ({
  page,
  database,
}) => {
  const slug = "cach-phat-am-u-o-va-ch-chuan-cho-nguoi-viet";
  // The page listens for changes once its event stream is open.
  const listening = page.waitForResponse((response) => response.url().endsWith("/api/events"));
  await page.goto("/blog?category=pronunciation");
  await listening;
  const categories = page.getByRole("navigation", { name: "Danh mục" });
  await expect(page.getByRole("region", { name: "Phát âm" }).getByRole("article")).toHaveCount(1);
  await expect(categories.getByRole("link", { name: /^Phát âm/ })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = "still here";
  });
  try {
    await database.db.update(posts).set({ published: false }).where(eq(posts.slug, slug));
    await notifyChange(database.db, "posts");
    // The open page follows without a reload (handle.liveTopics).
    await expect(page.getByText("Chưa có bài viết nào trong danh mục này", { exact: true })).toBeVisible();
    await expect(categories.getByRole("link", { name: /^Phát âm/ })).toHaveCount(0);
    await expect(
      categories.getByRole("link", { name: `Tất cả ${DEMO_PUBLISHED - 1} bài viết` }),
    ).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");
    await expect(page.getByRole("link", { name: "Xóa bộ lọc" })).toHaveCount(0);

    const response = await page.goto(`/blog/${slug}`);
    expect(response?.status()).toBe(404);
  } finally {
    await database.db.update(posts).set({ published: true }).where(eq(posts.slug, slug));
    await notifyChange(database.db, "posts");
  }
});

test("a malicious Markdown body is rendered harmless @exclusive", async ({ page, database, baseURL }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const [post] = await createPosts(database, [
    {
      title: "Bài viết có nội dung độc hại",
      content: [
        "## Tiêu đề an toàn",
        "Đoạn văn bình thường với [liên kết tốt](https://www.goethe.de).",
        '<script>window.__pwned = "script"</script>',
        `<img src="${baseURL}/favicon.svg" alt="logo" onerror="window.__pwned = 'onerror'">`,
        "[bấm vào đây](javascript:window.__pwned='link')",
        '<a href="javascript:alert(1)" onclick="window.__pwned=\'onclick\'">liên kết xấu</a>',
        '<iframe src="https://example.com"></iframe><form action="https://evil.example"><button>Gửi</button></form>',
        '<p style="position:fixed;inset:0" onmouseover="window.__pwned=\'hover\'">che màn hình</p>',
      ].join("\n\n"),
    },
  ]);
  try {
    await page.goto(`/blog/${post!.slug}`);
    const body = page.locator(".article-body");
    await expect(body.getByRole("heading", { name: "Tiêu đề an toàn" })).toBeVisible();
    await expect(body.getByRole("link", { name: "liên kết tốt" })).toHaveAttribute(
      "rel",
      "noopener noreferrer nofollow",
    );
    await expect(body.locator("script, iframe, form, button, [style]")).toHaveCount(0);
    await expect(body.locator("[onerror], [onclick], [onmouseover]")).toHaveCount(0);
    await expect(body.locator('a[href^="javascript"], a[href^="JAVASCRIPT"]')).toHaveCount(0);
    await expect(body.locator("img")).toHaveAttribute("src", `${baseURL}/favicon.svg`);
    await body.getByText("bấm vào đây").click();
    await body.getByText("che màn hình").hover();
    await body.getByText("liên kết xấu").click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await expect(page).toHaveURL(`/blog/${post!.slug}`);
  } finally {
    await deletePosts(database, [post!.id]);
  }
});
