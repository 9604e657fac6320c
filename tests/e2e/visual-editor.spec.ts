// The visual editor (issue 32, ADR 055) as a school's writer meets it, on a desktop and on a
// 390 px phone: a post written with each block (Markdown shortcuts, keyboard shortcuts, the
// toolbar, an image from the library, a table, a callout, a YouTube video), a Google Docs
// clipboard pasted in, hostile text typed and pasted, then published — and the public page shows
// the same structure, with nothing of the hostile parts active.
import type { Locator, Page } from "@playwright/test";
import { eq, inArray } from "drizzle-orm";
import { posts } from "~/db/schema";
import { parseDocument } from "~/lib/rich-text/document";
import { deletePosts } from "./blog-support";
import { expect, test } from "./fixtures";
import { gotoHydrated } from "./forms-support";
import { picture } from "./media-support";

/** What Google Docs puts on the clipboard: a wrapper <b>, styled spans for bold and italic,
 * headings and lists full of inline styles, a link. */
const GOOGLE_DOCS = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5f1c2a7e-7fff-1d2c-9f3a-0a1b2c3d4e5f"><h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="font-size:16pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;">Lịch ôn tập tuần này</span></h2><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:700;">Thứ Hai</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;"> ôn </span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-style:italic;">Akkusativ</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;">, xem </span><a href="https://www.goethe.de/de/spr/kup/prf/prf/gzb1.html" style="text-decoration:none;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#1155cc;text-decoration:underline;">đề mẫu B1</span></a></p><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;font-family:Arial,sans-serif;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;">Nghe 20 phút</span></p></li><li dir="ltr" style="list-style-type:disc;font-size:11pt;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;">Viết một đoạn thư</span></p></li></ul></b>`;

/** Pasted from a page that meant harm: a script, a handler, a javascript: and a data: link. */
const HOSTILE = `<p>Xem <a href="javascript:document.title='hacked'">ở đây</a> và <a href="data:text/html,<script>alert(1)</script>">đây</a></p><img src="x" onerror="document.title='hacked'"><script>document.title='hacked'</script><p onclick="document.title='hacked'">Đoạn cuối</p>`;

/** Pastes `html` into the editable area as the browser's paste would deliver it. */
async function paste(body: Locator, html: string) {
  await body.evaluate((element, clipboard) => {
    const data = new DataTransfer();
    data.setData("text/html", clipboard);
    data.setData("text/plain", clipboard.replace(/<[^>]+>/g, ""));
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, html);
}

/** Moves the cursor to the end of the document, on a new paragraph. */
async function newParagraphAtEnd(page: Page, body: Locator) {
  await body.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
}

/** What on a page could run or leave the site: scripts, on… handlers, odd link schemes. */
async function activeParts(scope: Locator) {
  return scope.evaluate((root) => {
    const found: string[] = [];
    for (const element of root.querySelectorAll("*")) {
      if (element.tagName === "SCRIPT") found.push("script");
      for (const attribute of element.getAttributeNames())
        if (attribute.startsWith("on")) found.push(`${element.tagName}[${attribute}]`);
      for (const name of ["href", "src"]) {
        const value = element.getAttribute(name);
        if (value && !/^(https?:|mailto:|\/(?![/\\])|#)/i.test(value))
          found.push(`${element.tagName}[${name}=${value}]`);
      }
    }
    return found;
  });
}

for (const viewport of [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`@exclusive a post written in the visual editor with each block shows the same structure on its page (${viewport.name})`, async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
    database,
    expectAccessible,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const stamp = `${viewport.name}-${Date.now().toString(36)}`;
    const title = `Bài viết soạn trực quan ${stamp}`;
    const imageName = `lop-hoc-${stamp}.png`;
    try {
      await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Soạn Thảo" }));
      await gotoHydrated(page, "/admin/posts?dialog=new");
      const dialog = page.getByRole("dialog", { name: "Thêm bài viết mới" });
      await dialog.getByRole("textbox", { name: "Tiêu đề", exact: true }).fill(title);
      await dialog.getByLabel("Danh mục").selectOption({ label: "Mẹo học tập" });
      await dialog.getByLabel("Tóm tắt").fill("Một bài viết có đủ mọi khối.");
      // The thumbnail's upload puts a picture in the library, for the editor to pick below.
      await dialog
        .getByLabel("Tải ảnh lên")
        .setInputFiles({ name: imageName, mimeType: "image/png", buffer: await picture("#0f766e") });
      await expect(dialog.getByLabel("Ảnh đại diện")).toHaveValue(/^\/uploads\//);

      const body = dialog.getByRole("textbox", { name: "Nội dung", exact: true });
      await expect(body).toBeVisible();
      const toolbar = dialog.getByRole("toolbar", { name: "Định dạng văn bản" });
      // On a phone the toolbar wraps: nothing of the dialog scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      // Markdown shortcuts and keyboard shortcuts, as typed.
      await body.click();
      await page.keyboard.type("## Mục tiêu của tuần\n");
      await page.keyboard.type("Học ");
      await page.keyboard.press("Control+b");
      await page.keyboard.type("mỗi ngày");
      await page.keyboard.press("Control+b");
      await page.keyboard.type(" và ");
      await page.keyboard.press("Control+i");
      await page.keyboard.type("đều đặn");
      await page.keyboard.press("Control+i");
      await page.keyboard.type(" <script>document.title='hacked'</script>\n");
      await page.keyboard.type("- Nghe podcast\nĐọc báo\n\n");
      await page.keyboard.type("> Übung macht den Meister.\n\n");
      await expect(body.locator("h2")).toHaveText("Mục tiêu của tuần");
      await expect(body.locator("strong")).toHaveText("mỗi ngày");
      await expect(body.locator("ul li")).toHaveCount(2);
      await expect(body.locator("blockquote")).toContainText("Übung macht den Meister.");

      // A link with Ctrl+K on a selected word.
      await newParagraphAtEnd(page, body);
      await page.keyboard.type("Xem khóa học");
      await page.keyboard.press("Shift+Control+ArrowLeft");
      await page.keyboard.press("Control+k");
      await dialog.getByLabel("Địa chỉ liên kết").fill("/courses");
      await dialog.getByRole("button", { name: "Áp dụng" }).click();
      await expect(body.locator('a[href="/courses"]')).toHaveText("học");

      // A callout, a table, a video and a picture from the library, from the toolbar.
      await newParagraphAtEnd(page, body);
      await page.keyboard.type("Hạn đăng ký: 15/12");
      await toolbar.getByRole("button", { name: "Hộp lưu ý" }).click();
      await expect(body.locator(".callout")).toContainText("Hạn đăng ký: 15/12");
      await newParagraphAtEnd(page, body);
      await toolbar.getByRole("button", { name: "Chèn bảng" }).click();
      await expect(body.locator("table th")).toHaveCount(3);
      await page.keyboard.type("Trình độ");
      await newParagraphAtEnd(page, body);
      await toolbar.getByRole("button", { name: "Video YouTube" }).click();
      await dialog.getByLabel("Địa chỉ video YouTube").fill("https://youtu.be/dQw4w9WgXcQ");
      await dialog.getByRole("button", { name: "Chèn video" }).click();
      await expect(body.locator("[data-youtube]")).toHaveCount(1);
      await newParagraphAtEnd(page, body);
      await toolbar.getByRole("button", { name: "Chèn ảnh" }).click();
      const picker = page.getByRole("dialog", { name: "Chọn ảnh từ thư viện" });
      await picker.getByLabel("Tìm ảnh").fill(stamp);
      await picker.getByRole("button", { name: `Chọn ảnh ${imageName}`, exact: true }).click();
      await expect(picker).toBeHidden();
      await dialog.getByLabel("Văn bản thay thế").fill("Học viên trong lớp");
      await dialog.getByLabel("Chú thích").fill("Buổi học đầu tiên");

      // Pasted from Google Docs: the structure stays, the styling goes.
      await newParagraphAtEnd(page, body);
      await paste(body, GOOGLE_DOCS);
      await expect(body.locator("h2", { hasText: "Lịch ôn tập tuần này" })).toHaveCount(1);
      await expect(body.locator("strong", { hasText: "Thứ Hai" })).toHaveCount(1);
      await expect(body.locator("em", { hasText: "Akkusativ" })).toHaveCount(1);
      await expect(body.locator("li", { hasText: "Viết một đoạn thư" })).toHaveCount(1);
      // (The editor's own table columns and picture frames carry styles; no pasted text does.)
      expect(
        await body
          .locator(
            "p[style], h2[style], h3[style], span[style], li[style], ul[style], strong[style], em[style], a[style], b[style]",
          )
          .evaluateAll((found) => found.map((e) => e.outerHTML)),
      ).toEqual([]);
      // Pasted from a hostile page: the words stay, nothing of it is active.
      await newParagraphAtEnd(page, body);
      await paste(body, HOSTILE);
      await expect(body).toContainText("Đoạn cuối");
      expect(await activeParts(body)).toEqual([]);
      await expectAccessible();

      await dialog.getByLabel("Công khai").check();
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
      expect(await page.title()).not.toBe("hacked");

      const [stored] = await database.db.select().from(posts).where(eq(posts.title, title));
      const storedBody = parseDocument(stored!.content);
      expect(storedBody?.content.map((block) => block.type)).toEqual(
        expect.arrayContaining([
          "heading",
          "paragraph",
          "bulletList",
          "blockquote",
          "callout",
          "table",
          "youtube",
          "image",
        ]),
      );
      expect(stored!.content).not.toMatch(/javascript:|data:text|onerror|onclick|font-weight|style=/);

      // The public page, as a visitor sees it.
      const visitor = await browser.newContext({
        baseURL,
        viewport: { width: viewport.width, height: viewport.height },
      });
      try {
        const reader = await visitor.newPage();
        await reader.goto(`/blog/${stored!.slug}`);
        const article = reader.locator("main article .article-body");
        await expect(article.getByRole("heading", { level: 2, name: "Mục tiêu của tuần" })).toBeVisible();
        await expect(article.getByRole("heading", { level: 2, name: "Lịch ôn tập tuần này" })).toBeVisible();
        await expect(article.locator("strong", { hasText: "mỗi ngày" })).toBeVisible();
        await expect(article.locator("em", { hasText: "đều đặn" })).toBeVisible();
        await expect(article.locator("ul li", { hasText: "Nghe podcast" })).toBeVisible();
        await expect(article.locator("blockquote")).toContainText("Übung macht den Meister.");
        await expect(article.getByRole("note")).toContainText("Hạn đăng ký: 15/12");
        await expect(article.locator("table th").first()).toHaveText("Trình độ");
        await expect(article.getByRole("link", { name: "học", exact: true })).toHaveAttribute(
          "href",
          "/courses",
        );
        await expect(article.getByRole("link", { name: "đề mẫu B1" })).toHaveAttribute(
          "href",
          /^https:\/\/www\.goethe\.de\//,
        );
        const figure = article.locator("figure");
        await expect(figure.getByRole("img", { name: "Học viên trong lớp" })).toHaveAttribute(
          "src",
          /^\/uploads\/[0-9a-f]{32}-1200\.webp$/,
        );
        await expect(figure.locator("figcaption")).toHaveText("Buổi học đầu tiên");
        // Typed markup is words; the video waits behind its facade until asked.
        await expect(article).toContainText("<script>document.title='hacked'</script>");
        await expect(article.locator("iframe")).toHaveCount(0);
        await article.getByRole("button", { name: "Phát video" }).click();
        await expect(article.locator("iframe")).toHaveAttribute(
          "src",
          /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/,
        );
        expect(await activeParts(article)).toEqual([]);
        expect(await reader.title()).not.toBe("hacked");
        expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        // The editor's script is the admin's alone.
        const scripts = await reader.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .map((entry) => entry.name)
            .filter((name) => name.endsWith(".js")),
        );
        expect(scripts.filter((name) => name.includes("rich-text-editor"))).toEqual([]);
      } finally {
        await visitor.close();
      }
    } finally {
      const left = await database.db
        .select({ id: posts.id })
        .from(posts)
        .where(inArray(posts.title, [title]));
      await deletePosts(
        database,
        left.map((post) => post.id),
      );
    }
  });
}
