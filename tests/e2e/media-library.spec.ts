// The media library (ADR 054) as an admin meets it: an image uploaded in a post's thumbnail field
// is picked with "Chọn từ thư viện" for a team member's portrait and both public pages show it;
// "Thay ảnh" in /admin/media points both pages at the new image's address; deleting is refused
// while the image is used, naming where, and works once the uses are gone; the clean-up's dry run
// lists an image and deletes nothing. @exclusive: it publishes a post, adds a member to /about's
// team and replaces an image that public pages show.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { formatDateVi } from "~/lib/format";
import { uploadKeyOf } from "~/lib/media";
import { createPosts, deletePosts } from "./blog-support";
import { expect, test } from "./fixtures";
import { gotoHydrated } from "./forms-support";
import {
  afterChange,
  createTeamMember,
  deleteTeamMember,
  markUnusedSince,
  mediaRows,
  picture,
  removeMediaImages,
  storedWidths,
} from "./media-support";

const UPLOADED = /^\/uploads\/[0-9a-f]{32}-1200\.webp$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The upload's key in a field's address; the test cannot go on without one. */
function keyOf(url: string) {
  const key = uploadKeyOf(url);
  if (!key) throw new Error(`not an upload address: ${url}`);
  return key;
}

/** A picture of the page has loaded (not a broken image). */
async function expectLoaded(page: Page, src: string) {
  const image = page.locator(`img[src="${src}"]`).first();
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test("@exclusive an admin picks an uploaded image for another field, replaces it everywhere, may delete it only once unused, and previews the clean-up", async ({
  page,
  context,
  browser,
  baseURL,
  accounts,
  database,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  const tag = randomBytes(4).toString("hex");
  const prefix = `thu-vien-${tag}`;
  const FIRST = `${prefix}-lop-hoc.png`;
  const SECOND = `${prefix}-lop-hoc-moi.png`;
  const TITLE = `Một buổi học ở Lernhaus ${tag}`;
  const MEMBER = `Cô Hồng Ảnh ${tag}`;
  const [post] = await createPosts(database, [{ title: TITLE, thumbnail: null, published: true }]);
  const memberId = await createTeamMember(database, baseURL!, MEMBER);
  const visitor = await browser.newContext({ baseURL });
  const publicPage = await visitor.newPage();
  const publicMember = publicPage.getByTestId("team-member").filter({ hasText: MEMBER });
  const postPicture = publicPage.locator("main article img").first();
  try {
    await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Thư Viện" }));

    // 1. The post's thumbnail: a file picked is uploaded at once and the address fills the field.
    await gotoHydrated(page, `/admin/posts?q=${encodeURIComponent(TITLE)}`);
    await page
      .getByRole("row")
      .filter({ hasText: TITLE })
      .getByRole("link", { name: `Sửa ${TITLE}` })
      .click();
    const postDialog = page.getByRole("dialog", { name: "Sửa bài viết" });
    await postDialog
      .getByLabel("Tải ảnh lên")
      .setInputFiles({ name: FIRST, mimeType: "image/png", buffer: await picture("#1d4ed8") });
    const thumbnail = postDialog.getByLabel("Ảnh đại diện");
    await expect(thumbnail).toHaveValue(UPLOADED);
    const first = await thumbnail.inputValue();
    const oldKey = keyOf(first);
    await afterChange(baseURL!, ["posts"], async () => {
      await postDialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(postDialog).toHaveCount(0);
      await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
    });

    // The team member's portrait: "Chọn từ thư viện" finds the same image by its file name.
    await gotoHydrated(page, "/admin/about?tab=team");
    await page
      .getByRole("listitem")
      .filter({ hasText: MEMBER })
      .getByRole("link", { name: `Sửa ${MEMBER}` })
      .click();
    const memberDialog = page.getByRole("dialog", { name: "Sửa thông tin thành viên" });
    const portrait = memberDialog.getByLabel("Ảnh đại diện");
    await expect(portrait).toHaveValue("");
    await memberDialog.getByRole("button", { name: "Chọn từ thư viện" }).click();
    const picker = page.getByRole("dialog", { name: "Chọn ảnh từ thư viện" });
    await expect(picker).toBeVisible();
    await picker.getByLabel("Tìm ảnh").fill(prefix);
    const choice = picker.getByRole("button", { name: `Chọn ảnh ${FIRST}`, exact: true });
    await expect(choice).toBeVisible();
    await expect(picker.getByRole("button", { name: /^Chọn ảnh / })).toHaveCount(1);
    await expectAccessible();
    await choice.click();
    await expect(picker).toBeHidden();
    await expect(portrait).toHaveValue(first);
    await afterChange(baseURL!, ["team"], async () => {
      await memberDialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(memberDialog).toHaveCount(0);
      await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
    });

    // A visitor sees it on both public pages, each in the width it needs.
    await publicPage.goto(`/blog/${post!.slug}`);
    await expect(postPicture).toHaveAttribute("src", `/uploads/${oldKey}-1200.webp`);
    await expectLoaded(publicPage, `/uploads/${oldKey}-1200.webp`);
    await publicPage.goto("/about");
    await expect(publicMember.locator("img")).toHaveAttribute("src", `/uploads/${oldKey}-480.webp`);
    await expectLoaded(publicPage, `/uploads/${oldKey}-480.webp`);

    // 2. The library finds the image by its name and says where it is used.
    await gotoHydrated(page, "/admin/media");
    await expect(page.getByRole("heading", { name: "Thư viện ảnh", level: 1 })).toBeVisible();
    const search = page.getByRole("search", { name: "Tìm ảnh" });
    await search.getByLabel("Tìm kiếm").fill(prefix);
    await search.getByRole("button", { name: "Tìm" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${prefix}`));
    const card = (name: string) => page.getByRole("link").filter({ hasText: name });
    await expect(card(FIRST)).toHaveCount(1);
    await expect(card(FIRST)).toContainText("Dùng ở 2 nơi");
    await expect(card(FIRST)).toContainText("1000×600");
    await expectAccessible();
    await card(FIRST).click();
    const details = page.getByRole("dialog", { name: "Chi tiết ảnh" });
    await expect(details.getByRole("heading", { name: "Đang dùng ở 2 nơi" })).toBeVisible();
    await expect(details.getByRole("listitem")).toHaveText([
      `Bài viết: ${TITLE} — ảnh đại diện bài viết`,
      `Đội ngũ: ${MEMBER} — ảnh chân dung`,
    ]);
    await expect(details).toContainText(first);
    await expectAccessible();

    // "Thay ảnh": a new file, a new address, put in place of the old one everywhere.
    await afterChange(baseURL!, ["posts", "team"], async () => {
      await details
        .getByLabel("Tệp ảnh mới (JPEG, PNG, WebP, tối đa 5 MB)")
        .setInputFiles({ name: SECOND, mimeType: "image/png", buffer: await picture("#b91c1c") });
      await details.getByRole("button", { name: "Thay ảnh" }).click();
      await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
    });
    const replaced = page.getByRole("dialog", { name: "Chi tiết ảnh" });
    await expect(replaced.getByText(SECOND, { exact: true })).toBeVisible();
    await expect(replaced.getByRole("heading", { name: "Đang dùng ở 2 nơi" })).toBeVisible();
    const address = (await replaced.getByText(UPLOADED).textContent()) ?? "";
    const newKey = keyOf(address);
    expect(newKey).not.toBe(oldKey);
    // The grid behind the dialog: the new image is used, the old one no longer.
    await expect(card(SECOND)).toContainText("Dùng ở 2 nơi");
    await expect(card(FIRST)).toContainText("Chưa dùng ở đâu");

    // The public pages now show the new image, and the old address appears nowhere on them.
    await publicPage.goto(`/blog/${post!.slug}`);
    await expect(postPicture).toHaveAttribute("src", `/uploads/${newKey}-1200.webp`);
    await expectLoaded(publicPage, `/uploads/${newKey}-1200.webp`);
    expect(await publicPage.content()).not.toContain(oldKey);
    await publicPage.goto("/about");
    await expect(publicMember.locator("img")).toHaveAttribute("src", `/uploads/${newKey}-480.webp`);
    await expectLoaded(publicPage, `/uploads/${newKey}-480.webp`);
    expect(await publicPage.content()).not.toContain(oldKey);
    await publicPage.goto("/blog");
    await expect(publicPage.locator("article").filter({ hasText: TITLE }).locator("img")).toHaveAttribute(
      "src",
      `/uploads/${newKey}-480.webp`,
    );
    expect(await publicPage.content()).not.toContain(oldKey);

    // 3. Deleting the image in use is refused, and the refusal says where it is used.
    await replaced.getByRole("link", { name: "Xóa ảnh" }).click();
    const confirm = page.getByRole("dialog", { name: "Xác nhận xóa" });
    await expect(confirm).toContainText(`Bạn có chắc chắn muốn xóa "${SECOND}"?`);
    await confirm.getByRole("button", { name: "Xóa", exact: true }).click();
    await expect(
      confirm.getByText("Ảnh đang được dùng nên không thể xóa. Hãy bỏ ảnh khỏi những nơi dưới đây trước."),
    ).toBeVisible();
    await expect(confirm.getByText("Đang dùng ở 2 nơi")).toBeVisible();
    await expect(confirm.getByRole("listitem")).toHaveText([
      `Bài viết: ${TITLE} — ảnh đại diện bài viết`,
      `Đội ngũ: ${MEMBER} — ảnh chân dung`,
    ]);
    await expectAccessible();
    expect((await mediaRows(database, prefix)).map((row) => row.key)).toContain(newKey);
    expect(await storedWidths(database, newKey)).toBe(2);

    // The admin takes the picture off the post and the member…
    await gotoHydrated(page, `/admin/posts?q=${encodeURIComponent(TITLE)}`);
    await page
      .getByRole("row")
      .filter({ hasText: TITLE })
      .getByRole("link", { name: `Sửa ${TITLE}` })
      .click();
    await expect(postDialog.getByLabel("Ảnh đại diện")).toHaveValue(`/uploads/${newKey}-1200.webp`);
    await postDialog.getByLabel("Ảnh đại diện").fill("");
    await postDialog.getByRole("button", { name: "Lưu", exact: true }).click();
    await expect(postDialog).toHaveCount(0);
    await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
    await gotoHydrated(page, "/admin/about?tab=team");
    await page
      .getByRole("listitem")
      .filter({ hasText: MEMBER })
      .getByRole("link", { name: `Sửa ${MEMBER}` })
      .click();
    await expect(portrait).toHaveValue(`/uploads/${newKey}-1200.webp`);
    await portrait.fill("");
    await memberDialog.getByRole("button", { name: "Lưu", exact: true }).click();
    await expect(memberDialog).toHaveCount(0);
    await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();

    // …and then the delete goes through: the image leaves the grid, its widths with it.
    await gotoHydrated(page, `/admin/media?q=${prefix}`);
    await expect(card(SECOND)).toContainText("Chưa dùng ở đâu");
    await card(SECOND).click();
    await expect(details.getByRole("heading", { name: "Đang dùng ở 0 nơi" })).toBeVisible();
    await details.getByRole("link", { name: "Xóa ảnh" }).click();
    await expect(confirm.getByText("Đang dùng ở")).toHaveCount(0);
    await confirm.getByRole("button", { name: "Xóa", exact: true }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByText("Đã xóa.")).toBeVisible();
    await expect(card(SECOND)).toHaveCount(0);
    await expect(card(FIRST)).toHaveCount(1);
    expect((await mediaRows(database, prefix)).map((row) => row.key)).toEqual([oldKey]);
    expect(await storedWidths(database, newKey)).toBe(0);

    // 4. The clean-up's dry run. The replaced image has been unused since the replacement; as if
    // that were 40 days ago, the next clean-up would delete it, and the preview says so.
    const unusedSince = new Date(Date.now() - 40 * DAY_MS);
    await markUnusedSince(database, oldKey, unusedSince);
    await page.getByRole("link", { name: "Xem trước lần dọn dẹp" }).click();
    await expect(page).toHaveURL(/cleanup=preview/);
    const preview = page.getByRole("region", { name: "Sẽ xóa trong lần dọn dẹp tới" });
    await expect(preview).toContainText(
      "Mỗi đêm, ảnh không được nội dung nào dùng suốt 30 ngày sẽ bị xóa. Danh sách này chỉ để xem trước, chưa xóa gì.",
    );
    const listed = preview.getByRole("listitem").filter({ hasText: FIRST });
    await expect(listed).toContainText(`không dùng từ ${formatDateVi(unusedSince)}`);
    await expectAccessible();
    // Nothing was deleted: the image is still in the grid, its widths still stored, also after a reload.
    await expect(card(FIRST)).toHaveCount(1);
    await page.reload();
    await expect(listed).toBeVisible();
    await expect(card(FIRST)).toHaveCount(1);
    const [kept] = await mediaRows(database, prefix);
    expect(kept).toMatchObject({ key: oldKey, unreferencedSince: unusedSince });
    expect(await storedWidths(database, oldKey)).toBe(2);
    await page.getByRole("link", { name: "Ẩn danh sách dọn dẹp" }).click();
    await expect(preview).toHaveCount(0);
    await expect(card(FIRST)).toHaveCount(1);

    // On a phone the library neither scrolls sideways nor hides the image's actions.
    await page.setViewportSize({ width: 390, height: 844 });
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    await card(FIRST).click();
    for (const action of [
      details.getByRole("button", { name: "Thay ảnh" }),
      details.getByRole("link", { name: "Xóa ảnh" }),
    ]) {
      await action.scrollIntoViewIfNeeded();
      await expect(action).toBeInViewport({ ratio: 1 });
    }
  } finally {
    await visitor.close();
    if (post) await deletePosts(database, [post.id]);
    await deleteTeamMember(database, baseURL!, memberId);
    await removeMediaImages(database, prefix);
  }
});
