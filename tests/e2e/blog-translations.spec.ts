// Posts in three languages (issue 19, ADR 032): an admin translates a post into German in the
// editor; a German reader gets it in German, an English reader the Vietnamese post marked as
// such (lang="vi" and a note), and that fallback page passes axe.
//
// The reader has no language cookie: the address alone says the language. The post's Vietnamese
// slug under /de leads to its German address; under /en it is the fallback page.
//
// @exclusive: the test publishes a post, which changes what /blog counts and lists for the
// tests that check the demo content's figures.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { posts } from "~/db/schema";
import { createPosts, deletePosts } from "./blog-support";
import { expect, test } from "./fixtures";

test.describe("post translations", () => {
  test("an admin adds a German title and body; German readers get them, English ones the Vietnamese post with a note @exclusive", async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
    database,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    const suffix = randomBytes(3).toString("hex");
    const title = `Mẹo luyện nghe tiếng Đức ${suffix}`;
    const germanTitle = `Tipps zum Hörverstehen ${suffix}`;
    const [post] = await createPosts(database, [
      { title, content: "## Nghe mỗi ngày\n\nNghe podcast 15 phút mỗi sáng.", excerpt: "Cách luyện nghe." },
    ]);
    const reader = await browser.newContext({ baseURL });
    try {
      const admin = await accounts.create({ role: "admin" });
      await accounts.signIn(context, admin);
      await page.goto(`/admin/posts?q=${encodeURIComponent(suffix)}`);
      const row = page.getByRole("row").filter({ hasText: title });
      await expect(row.getByText("Chưa có Tiếng Đức")).toBeAttached();
      await row.getByRole("link", { name: `Sửa ${title}` }).click();

      const dialog = page.getByRole("dialog", { name: "Sửa bài viết" });
      await dialog
        .getByRole("navigation", { name: "Ngôn ngữ nội dung" })
        .getByRole("link", { name: /Tiếng Đức/ })
        .click();
      await expect(page).toHaveURL(/[?&]lang=de/);
      // Only the texts, each with the Vietnamese original under it.
      await expect(dialog.getByLabel("Danh mục")).toHaveCount(0);
      await expect(dialog.getByText(`Bản gốc tiếng Việt: ${title}`)).toBeVisible();

      // A title without a body is refused: they make a translation together.
      await dialog.getByRole("textbox", { name: "Tiêu đề", exact: true }).fill(germanTitle);
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(
        dialog.getByText("Cần nhập cả tiêu đề và nội dung của bản dịch (hoặc để trống cả hai)"),
      ).toBeVisible();

      // The German body in the visual editor: "## " makes a heading as it is typed.
      const body = dialog.getByRole("textbox", { name: "Nội dung", exact: true });
      await expect(body).toHaveAttribute("lang", "de");
      await body.click();
      await page.keyboard.type("## Jeden Tag hören\nJeden Morgen 15 Minuten Podcast.");
      await expect(body.getByRole("heading", { name: "Jeden Tag hören", level: 2 })).toBeVisible();
      await expectAccessible();
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(row.getByText("Có Tiếng Đức")).toBeAttached();

      const [stored] = await database.db.select().from(posts).where(eq(posts.id, post!.id));
      expect(stored).toMatchObject({ title, translations: { de: { title: germanTitle } } });

      // A German reader: the German title and body, at the post's German address.
      // Made from the German title, umlauts written the German way ("ö" → "oe").
      const germanSlug = stored?.translations.de?.slug;
      expect(germanSlug).toMatch(/^tipps-zum-hoerverstehen-/);
      const readerPage = await reader.newPage();
      await readerPage.goto(`/de/blog/${post!.slug}`);
      await expect(readerPage).toHaveURL(new RegExp(`/de/blog/${germanSlug}$`));
      await expect(readerPage.locator("html")).toHaveAttribute("lang", "de");
      await expect(readerPage.getByRole("heading", { level: 1 })).toHaveText(germanTitle);
      await expect(readerPage.getByRole("heading", { level: 2, name: "Jeden Tag hören" })).toBeVisible();
      await expect(readerPage.getByText("Dieser Artikel ist nur auf Vietnamesisch verfügbar.")).toHaveCount(
        0,
      );
      await expect(readerPage.getByRole("heading", { level: 1 })).not.toHaveAttribute("lang", "vi");

      // An English reader: the Vietnamese post, marked lang="vi", with the note in English; the
      // page has no English address of its own, so its canonical is the Vietnamese one.
      await readerPage.goto(`/en/blog/${post!.slug}`);
      await expect(readerPage).toHaveURL(new RegExp(`/en/blog/${post!.slug}$`));
      await expect(readerPage.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`[^/]/blog/${post!.slug}$`),
      );
      const heading = readerPage.getByRole("heading", { level: 1 });
      await expect(heading).toHaveText(title);
      await expect(heading).toHaveAttribute("lang", "vi");
      await expect(readerPage.locator(".article-body")).toHaveAttribute("lang", "vi");
      await expect(readerPage.getByRole("heading", { level: 2, name: "Nghe mỗi ngày" })).toBeVisible();
      const note = readerPage.getByText("This article is only available in Vietnamese.");
      await expect(note).toBeVisible();
      await expect(note).not.toHaveAttribute("lang", "vi");
      await expectAccessible(readerPage);
    } finally {
      await reader.close();
      await deletePosts(database, [post!.id]);
    }
  });
});
