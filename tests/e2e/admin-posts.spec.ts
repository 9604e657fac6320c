import { and, eq, inArray, like } from "drizzle-orm";
import sharp from "sharp";
import { posts } from "~/db/schema";
import { slugify } from "~/lib/blog-rules";
import { createPosts, DEMO_DRAFT_SLUG, deletePosts } from "./blog-support";
import { expect, test } from "./fixtures";

const TITLE = "Lộ trình tự học B1 trong 90 ngày";
const EDITED = "Lộ trình tự học B1 trong 12 tuần";
const REQUIRED = "Vui lòng điền thông tin này";

test.describe("admin posts", () => {
  test("@exclusive an admin writes, publishes, edits, features and deletes a post; /blog follows live", async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
    database,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    const visitor = await browser.newContext({ baseURL });
    try {
      const admin = await accounts.create({ role: "admin", name: "Cô Thu Hà" });
      await accounts.signIn(context, admin);
      const publicPage = await visitor.newPage();
      await publicPage.goto("/blog");
      await expect(publicPage.getByRole("link", { name: TITLE })).toHaveCount(0);

      await page.goto("/admin/posts");
      await expectAccessible();
      await page.getByRole("link", { name: "Thêm bài viết" }).click();
      const dialog = page.getByRole("dialog", { name: "Thêm bài viết mới" });
      await expect(dialog).toBeVisible();

      // spec §5: title, category, excerpt and content are required; the thumbnail must be a URL.
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog.getByText(REQUIRED)).toHaveCount(4);
      await dialog.getByRole("textbox", { name: "Tiêu đề", exact: true }).fill(TITLE);
      await dialog.getByLabel("Ảnh đại diện").fill("anh-lop-hoc.jpg");
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog.getByText("Ảnh phải là đường dẫn https:// hoặc một ảnh đã tải lên")).toBeVisible();
      await expect(dialog.getByText(REQUIRED)).toHaveCount(3);
      // The slug the blog's rule gives the title (spec §9).
      await expect(dialog.getByText(`/blog/${slugify(TITLE)}`)).toBeVisible();
      await expectAccessible();

      await dialog.getByLabel("Danh mục").selectOption({ label: "Luyện thi B1-B2" });
      await dialog.getByLabel("Tóm tắt").fill("Kế hoạch từng tuần để tự ôn thi B1 tiếng Đức.");
      // The body in the visual editor (ADR 055): "# " and "**…**" as typed are Markdown
      // shortcuts (a heading, bold); markup typed into it is words, never markup.
      const body = dialog.getByRole("textbox", { name: "Nội dung", exact: true });
      await body.click();
      await page.keyboard.type("## Tuần đầu tiên\nHọc **mỗi ngày** 30 phút.\n");
      await page.keyboard.type(
        `<script>document.title = 'hacked'</script><img src="x" onerror="document.title = 'hacked'">`,
      );
      await expect(dialog.getByText("Khoảng 1 phút đọc")).toBeVisible();
      await expect(body.getByRole("heading", { name: "Tuần đầu tiên", level: 2 })).toBeVisible();
      await expect(body.locator("strong")).toHaveText("mỗi ngày");
      await expect(body).toContainText("<script>document.title = 'hacked'</script>");
      expect(await body.locator("script, img, [onerror]").count()).toBe(0);
      expect(await page.title()).not.toBe("hacked");

      // The thumbnail: an image picked with the file picker is uploaded at once.
      const jpeg = await sharp({ create: { width: 960, height: 540, channels: 3, background: "#1d4ed8" } })
        .jpeg()
        .toBuffer();
      const chooser = page.waitForEvent("filechooser");
      await dialog.getByText("Tải ảnh lên").click();
      await (await chooser).setFiles({ name: "lop-hoc.jpg", mimeType: "image/jpeg", buffer: jpeg });
      await expect(dialog.getByLabel("Ảnh đại diện")).toHaveValue(/^\/uploads\/[0-9a-f]{32}-1200\.webp$/);
      await expect(dialog.getByRole("img", { name: "Xem trước ảnh" })).toBeVisible();
      await dialog.getByLabel("Thẻ").fill(" B1 , ngữ pháp,, lộ trình ");
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();

      await expect(dialog).toHaveCount(0);
      await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
      const row = page.getByRole("row").filter({ hasText: TITLE });
      await expect(row.getByRole("button", { name: "Nháp (bấm để đăng)" })).toBeVisible();
      await expect(row.getByRole("link", { name: `Xem trước bản nháp: ${TITLE}` })).toHaveAttribute(
        "href",
        `/blog/${slugify(TITLE)}`,
      );
      const [stored] = await database.db.select().from(posts).where(eq(posts.title, TITLE));
      expect(stored).toMatchObject({
        slug: slugify(TITLE),
        category: "b1-b2",
        tags: ["B1", "ngữ pháp", "lộ trình"],
        author: "Cô Thu Hà",
        authorId: admin.id,
        readTime: 1,
        views: 0,
        likes: 0,
        comments: 0,
        published: false,
        featured: false,
      });
      expect(stored!.thumbnail).toMatch(/^\/uploads\/[0-9a-f]{32}-1200\.webp$/);
      // A draft is not on the public blog.
      await expect(publicPage.getByRole("link", { name: TITLE })).toHaveCount(0);

      // Publish from the list: the open /blog shows it without a reload, with the uploaded picture.
      await row.getByRole("button", { name: "Nháp (bấm để đăng)" }).click();
      await expect(row.getByRole("button", { name: "Công khai (bấm để chuyển về nháp)" })).toBeVisible();
      await expect(row.getByRole("link", { name: `Xem trên trang: ${TITLE}` })).toBeVisible();
      const card = publicPage.locator("article").filter({ hasText: TITLE });
      await expect(card).toBeVisible();
      const picture = card.locator("img");
      await expect(picture).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{32}-480\.webp$/);
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);

      // Edit: the dialog opens with the stored values, the body in the editor as written.
      await row.getByRole("link", { name: `Sửa ${TITLE}` }).click();
      const edit = page.getByRole("dialog", { name: "Sửa bài viết" });
      await expect(edit.getByLabel("Đường dẫn (slug)")).toHaveValue(slugify(TITLE));
      await expect(edit.getByLabel("Thẻ")).toHaveValue("B1, ngữ pháp, lộ trình");
      await expect(
        edit
          .getByRole("textbox", { name: "Nội dung", exact: true })
          .getByRole("heading", { name: "Tuần đầu tiên" }),
      ).toBeVisible();
      await expectAccessible();
      // Another post's address is refused with a clear message; what was typed stays.
      await edit.getByRole("textbox", { name: "Tiêu đề", exact: true }).fill(EDITED);
      await edit.getByLabel("Đường dẫn (slug)").fill(DEMO_DRAFT_SLUG);
      await edit.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(edit.getByText("Đường dẫn này đã được dùng cho bài viết khác")).toBeVisible();
      await expect(edit.getByRole("textbox", { name: "Tiêu đề", exact: true })).toHaveValue(EDITED);
      // Left empty, the slug is built from the new title again.
      await edit.getByLabel("Đường dẫn (slug)").fill("");
      await edit.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(edit).toHaveCount(0);
      await expect(publicPage.getByRole("link", { name: EDITED }).first()).toBeVisible();
      await expect(publicPage.getByRole("link", { name: TITLE })).toHaveCount(0);
      const [edited] = await database.db.select().from(posts).where(eq(posts.id, stored!.id));
      expect(edited).toMatchObject({ title: EDITED, slug: slugify(EDITED), author: "Cô Thu Hà" });

      // Featured, from the list: it joins the blog's featured section.
      const editedRow = page.getByRole("row").filter({ hasText: EDITED });
      await editedRow.getByRole("button", { name: "Thường (bấm để đánh dấu nổi bật)" }).click();
      await expect(editedRow.getByRole("button", { name: "Nổi bật (bấm để bỏ nổi bật)" })).toBeVisible();
      await expect(publicPage.getByRole("region", { name: "Bài viết nổi bật" })).toContainText(EDITED);

      // Delete asks first; Escape cancels, the second time it goes, and /blog drops it.
      await editedRow.getByRole("link", { name: `Xóa ${EDITED}` }).click();
      const confirm = page.getByRole("dialog", { name: "Xác nhận xóa" });
      await expect(confirm).toContainText(EDITED);
      await page.keyboard.press("Escape");
      await expect(confirm).toHaveCount(0);
      await expect(editedRow).toBeVisible();
      await editedRow.getByRole("link", { name: `Xóa ${EDITED}` }).click();
      await confirm.getByRole("button", { name: "Xóa" }).click();
      await expect(page.getByText("Đã xóa.")).toBeVisible();
      await expect(editedRow).toHaveCount(0);
      await expect(publicPage.getByRole("link", { name: EDITED })).toHaveCount(0);
      expect(await database.db.select().from(posts).where(eq(posts.id, stored!.id))).toEqual([]);
    } finally {
      await visitor.close();
      const left = await database.db
        .select({ id: posts.id })
        .from(posts)
        .where(inArray(posts.title, [TITLE, EDITED]));
      await deletePosts(
        database,
        left.map((post) => post.id),
      );
    }
  });

  test("search, category and status filters and pages live in the URL, also without JavaScript", async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
    database,
    expectAccessible,
  }) => {
    const word = `kiemthu${Date.now().toString(36)}`;
    const admin = await accounts.create({ role: "admin" });
    await accounts.signIn(context, admin);
    // Drafts of this test's own: the public blog never shows them.
    const created = await createPosts(database, [
      { title: `Học Đức ${word}`, category: "grammar", published: false },
      { title: `Văn hóa ${word}`, category: "culture", published: false, tags: [`Thẻ ${word}`] },
      ...Array.from({ length: 21 }, (_, i) => ({
        title: `Nháp số ${i + 1}`,
        excerpt: `Tóm tắt ${word}`,
        category: "tips",
        published: false,
      })),
    ]);
    try {
      await page.goto("/admin/posts");
      const search = page.getByRole("search", { name: "Tìm và lọc bài viết" });
      await search.getByLabel("Tìm kiếm").fill(word);
      await search.getByRole("button", { name: "Lọc" }).click();
      await expect(page).toHaveURL(new RegExp(`q=${word}`));
      await expect(page.getByText("Trang 1/2 · 23 mục")).toBeVisible();
      await expect(page.getByRole("row")).toHaveCount(21); // the header and 20 posts
      await page.getByRole("link", { name: "Trang sau" }).click();
      await expect(page.getByText("Trang 2/2 · 23 mục")).toBeVisible();
      await expect(page.getByRole("row")).toHaveCount(4);
      await expectAccessible();

      // Accents and case do not matter (like the public blog); the category narrows it down.
      await page.goto(`/admin/posts?q=${encodeURIComponent(`HỌC duc ${word}`)}`);
      await expect(page.getByRole("row").filter({ hasText: `Học Đức ${word}` })).toBeVisible();
      await expect(page.getByRole("row")).toHaveCount(2);
      await search.getByLabel("Tìm kiếm").fill(word);
      await search.getByLabel("Danh mục").selectOption({ label: "Văn hóa Đức" });
      await search.getByRole("button", { name: "Lọc" }).click();
      await expect(page).toHaveURL(/category=culture/);
      const culture = page.getByRole("row").filter({ hasText: `Văn hóa ${word}` });
      await expect(culture).toBeVisible();
      await expect(page.getByRole("row")).toHaveCount(2);
      // The draft's preview link goes to its page, which shows drafts to admins.
      await expect(
        culture.getByRole("link", { name: `Xem trước bản nháp: Văn hóa ${word}` }),
      ).toHaveAttribute("href", `/blog/${created[1]!.slug}`);
      await search.getByLabel("Trạng thái").selectOption({ label: "Công khai" });
      await search.getByRole("button", { name: "Lọc" }).click();
      await expect(page.getByText("Không có bài viết nào khớp với bộ lọc.")).toBeVisible();
      await search.getByLabel("Trạng thái").selectOption({ label: "Nháp" });
      await search.getByRole("button", { name: "Lọc" }).click();
      await expect(culture).toBeVisible();
      await search.getByRole("link", { name: "Xóa bộ lọc" }).click();
      await expect(page).toHaveURL(/\/admin\/posts$/);

      // The same form without JavaScript: a plain GET.
      const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
      try {
        await accounts.signIn(plain, admin);
        const noScript = await plain.newPage();
        await noScript.goto("/admin/posts");
        const form = noScript.getByRole("search", { name: "Tìm và lọc bài viết" });
        await form.getByLabel("Tìm kiếm").fill(`van hoa ${word}`);
        await form.getByRole("button", { name: "Lọc" }).click();
        await expect(noScript).toHaveURL(/q=van\+hoa/);
        await expect(noScript.getByRole("row").filter({ hasText: `Văn hóa ${word}` })).toBeVisible();
        await expect(noScript.getByRole("row")).toHaveCount(2);
      } finally {
        await plain.close();
      }
    } finally {
      await deletePosts(
        database,
        created.map((post) => post.id),
      );
    }
  });

  test("a plain user's posts to the post actions are refused and change nothing", async ({
    browser,
    baseURL,
    accounts,
    database,
  }) => {
    const [draft] = await createPosts(database, [{ title: "Bản nháp được bảo vệ", published: false }]);
    const row = () => database.db.select().from(posts).where(eq(posts.id, draft!.id));
    const before = await row();
    const context = await browser.newContext({ baseURL });
    try {
      await accounts.signIn(context, await accounts.create());
      const fields = {
        intent: "save",
        title: "Hacked",
        category: "tips",
        excerpt: "x",
        content: "x",
        published: "on",
      };
      const forms: Record<string, string>[] = [
        fields,
        { ...fields, id: draft!.id },
        { intent: "toggle-published", id: draft!.id, published: "true" },
        { intent: "toggle-featured", id: draft!.id, featured: "true" },
        { intent: "delete", id: draft!.id },
      ];
      for (const form of forms) {
        const response = await context.request.post("/admin/posts", {
          form,
          headers: { origin: baseURL! },
          maxRedirects: 0,
        });
        expect(response.status(), form.intent).toBe(403);
      }
    } finally {
      await context.close();
    }
    expect(await row()).toEqual(before);
    expect(
      await database.db
        .select()
        .from(posts)
        .where(and(eq(posts.title, "Hacked"), like(posts.slug, "hacked%"))),
    ).toEqual([]);
    await deletePosts(database, [draft!.id]);
  });

  test("a post without a picture shows its category's gradient, as on the blog, not a grey box", async ({
    page,
    context,
    accounts,
    database,
    expectAccessible,
  }) => {
    const title = `Không có ảnh ${Date.now().toString(36)}`;
    const [draft] = await createPosts(database, [
      { title, category: "culture", published: false, thumbnail: null },
    ]);
    try {
      await accounts.signIn(context, await accounts.create({ role: "admin" }));
      await page.goto(`/admin/posts?q=${encodeURIComponent(title)}`);
      const row = page.locator("tbody tr").filter({ hasText: title });
      await expect(row.locator("img")).toHaveCount(0);
      const placeholder = row.getByRole("rowheader").locator('[aria-hidden="true"]').first();
      expect(await placeholder.evaluate((element) => getComputedStyle(element).backgroundImage)).toMatch(
        /^linear-gradient/,
      );
      await expect(placeholder.locator("svg")).toBeVisible();
      await expectAccessible();
    } finally {
      await deletePosts(database, [draft!.id]);
    }
  });
});
