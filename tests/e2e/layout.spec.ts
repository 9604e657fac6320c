import { expect, test } from "./fixtures";

// spec §2 route table: every public route answers inside the public layout, with its title.
const publicPages = [
  { path: "/", title: /^Lernhaus – Học tiếng Đức trực tuyến/ },
  { path: "/about", title: /^Về chúng tôi \| Lernhaus$/ },
  { path: "/courses", title: /^Khóa học \| Lernhaus$/ },
  { path: "/enroll", title: /^Đăng ký học \| Lernhaus$/ },
  { path: "/blog", title: /^Blog \| Lernhaus$/ },
  { path: "/contact", title: /^Liên hệ \| Lernhaus$/ },
  { path: "/trial", title: /^Đăng ký học thử miễn phí \| Lernhaus$/ },
];

test.describe("public layout", () => {
  for (const { path, title } of publicPages) {
    test(`${path} answers with the header, footer and its title`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText("© 2025");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }

  test("header offers the spec's navigation, with About and Blog under More", async ({ page }) => {
    // The More button works once the page is hydrated, which opens its live-update stream; a
    // click before that (a loaded machine) would do nothing.
    const hydrated = page.waitForResponse((response) => response.url().endsWith("/api/events"));
    await page.goto("/");
    await hydrated;
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Điều hướng chính" });
    for (const name of ["Trang chủ", "Khóa học", "Đăng ký học", "Liên hệ"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Về chúng tôi" })).toBeHidden();
    const more = nav.getByRole("button", { name: "Thêm" });
    await more.click();
    await expect(more).toHaveAttribute("aria-expanded", "true");
    await nav.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(more).toHaveAttribute("aria-expanded", "false");

    // Keyboard: open with Enter, close with Escape, focus back on the button.
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("link", { name: "Về chúng tôi" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Về chúng tôi" })).toBeHidden();
    await expect(more).toBeFocused();

    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Đăng nhập" })).toHaveAttribute("href", "/login");
    await expect(banner.getByRole("link", { name: "Đăng ký", exact: true })).toHaveAttribute(
      "href",
      "/signup",
    );
  });

  test("footer shows the school's contact details from the contact config", async ({ page, database }) => {
    const { rows } = await database.pool.query<{
      address: string;
      email: string;
      phone: string;
      facebook: string;
    }>("select address, email, phone, facebook from contact_config where id = 1");
    const contact = rows[0]!;
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(contact.address);
    await expect(footer.getByRole("link", { name: contact.email })).toHaveAttribute(
      "href",
      `mailto:${contact.email}`,
    );
    await expect(footer.getByRole("link", { name: contact.phone })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", contact.facebook);
    // A network without a URL is not shown (demo content has no twitter).
    await expect(footer.getByRole("link", { name: "X (Twitter)" })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: "Khóa học" })).toHaveAttribute("href", "/courses");
    await expect(footer).toContainText("Thiết kế bởi");
  });

  test("home page leads to enrolment from the headline and the closing block", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chinh phục tiếng Đức cùng Lernhaus");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Đăng ký học ngay" })).toHaveAttribute("href", "/enroll");
    await expect(main.getByRole("link", { name: "Đăng ký ngay", exact: true })).toHaveAttribute(
      "href",
      "/enroll",
    );
    for (const feature of ["Phương pháp hiệu quả", "Giáo viên chuyên nghiệp", "Lớp học trực tuyến"]) {
      await expect(main.getByRole("heading", { name: feature })).toBeVisible();
    }
    await main.getByRole("link", { name: "Đăng ký học ngay" }).click();
    await expect(page).toHaveURL(/\/enroll$/);
  });

  test("an unknown path gets a translated 404 page with a way home", async ({ page }) => {
    const response = await page.goto("/khong-co-trang-nay");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Không tìm thấy trang");
    await expect(page.getByRole("banner")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Về trang chủ" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the site's icons and web manifest answer and are linked from every page", async ({
    page,
    request,
  }) => {
    const favicon = await request.get("/favicon.ico");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect((await favicon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));

    const manifestResponse = await request.get("/site.webmanifest");
    expect(manifestResponse.status()).toBe(200);
    expect(manifestResponse.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = await manifestResponse.json();
    expect(manifest).toMatchObject({ name: "Lernhaus", theme_color: "#1d4ed8", start_url: "/" });
    for (const icon of [...manifest.icons, { src: "/apple-touch-icon.png", type: "image/png" }]) {
      const response = await request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()["content-type"]).toContain(icon.type);
    }

    // Twice: the second answer comes from the page cache, under the same CSP (a violation is a
    // console error, which fails the test).
    for (const _visit of [1, 2]) {
      await page.goto("/");
      const head = page.locator("head");
      await expect(head.locator('link[rel="manifest"]')).toHaveAttribute("href", "/site.webmanifest");
      await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
        "href",
        "/apple-touch-icon.png",
      );
      await expect(head.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
      const fetched = await page.evaluate(async () => (await fetch("/site.webmanifest")).status);
      expect(fetched).toBe(200);
    }
  });
});
