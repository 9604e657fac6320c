import { expect, type TestAccount, test } from "./fixtures";

const adminPaths = [
  "/admin",
  "/admin/students",
  "/admin/about",
  "/admin/courses",
  "/admin/classes",
  "/admin/placement-test",
  "/admin/trials",
  "/admin/my-classes",
  "/admin/posts",
  "/admin/media",
  "/admin/payments",
  "/admin/analytics",
  "/admin/messages",
  "/admin/profile",
  "/admin/settings",
];

test.describe("guards and redirects (spec §2)", () => {
  test("anonymous visitors are sent to /login from every admin page and /profile", async ({ page }) => {
    for (const path of [...adminPaths, "/profile"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login(\?|$)/);
    }
    for (const path of ["/login", "/signup"]) {
      expect((await page.goto(path))?.status(), path).toBe(200);
    }
  });

  test("a signed-in user is sent home from admin pages, /login and /signup, and may open /profile", async ({
    page,
    context,
    accounts,
  }) => {
    await accounts.signIn(context, await accounts.create());
    for (const path of [...adminPaths, "/login", "/signup"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/localhost:\d+\/$/);
    }
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hồ sơ của bạn");
  });

  test("an admin opens every admin page, with the sidebar's fifteen items (spec §2's nine, the class schedule, the placement test's bank, the trial lessons, the media library, payments and 'Lớp của tôi')", async ({
    page,
    context,
    accounts,
    expectAccessible,
  }) => {
    await accounts.signIn(context, await accounts.create({ role: "admin", name: "Thầy Đức" }));
    for (const path of adminPaths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    const nav = page.getByRole("navigation", { name: "Menu quản trị" });
    await expect(nav.getByRole("link")).toHaveCount(15);
    await expect(nav.getByRole("link", { name: "Cài đặt" })).toHaveClass(/bg-blue-700/);
    await expectAccessible();
    for (const path of ["/login", "/signup"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin$/);
    }
  });

  test("an admin action posted by a plain user or a visitor is refused with 403", async ({
    browser,
    baseURL,
    accounts,
  }) => {
    // Three sign-ins per admin page: about 9 s alone, near the default 30 s on a loaded runner.
    test.setTimeout(60_000);
    const post = async (account: TestAccount | undefined, path: string) => {
      const context = await browser.newContext({ baseURL });
      if (account) await accounts.signIn(context, account);
      const response = await context.request.post(path, {
        form: { intent: "delete" },
        headers: { origin: baseURL! },
        maxRedirects: 0,
      });
      await context.close();
      return response.status();
    };
    const user = await accounts.create();
    const admin = await accounts.create({ role: "admin" });
    for (const path of adminPaths) {
      expect(await post(user, path), `user → ${path}`).toBe(403);
      expect(await post(undefined, path), `visitor → ${path}`).toBe(403);
      // The guard lets an admin through (this request names no real action).
      expect(await post(admin, path), `admin → ${path}`).toBe(400);
    }
    // The image upload endpoint of the admin forms.
    expect(await post(user, "/admin/uploads"), "user → uploads").toBe(403);
    expect(await post(undefined, "/admin/uploads"), "visitor → uploads").toBe(403);
    expect(await post(admin, "/admin/uploads"), "admin → uploads without a file").toBe(400);
    // The home page video's upload: a form is no MP4.
    expect(await post(user, "/admin/uploads/video"), "user → video upload").toBe(403);
    expect(await post(undefined, "/admin/uploads/video"), "visitor → video upload").toBe(403);
    expect(await post(admin, "/admin/uploads/video"), "admin → video upload of a form").toBe(400);
  });

  test("a cross-site form post with a session cookie is refused", async ({ browser, baseURL, accounts }) => {
    const context = await browser.newContext({ baseURL });
    await accounts.signIn(context, await accounts.create());
    const response = await context.request.post("/profile", {
      form: { intent: "update-profile", name: "Hacked" },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status()).toBe(403);
    await context.close();
  });
});

test.describe("profile", () => {
  test("changes name and avatar, password, and signs out other sessions", async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
  }) => {
    const account = await accounts.create({ name: "Hồ Nam" });
    await accounts.signIn(context, account);
    const elsewhere = await browser.newContext({ baseURL });
    await accounts.signIn(elsewhere, account);

    await page.goto("/profile");
    await page.getByLabel("Họ và tên").fill("Hồ Văn Nam");
    // An avatar is an https address or an upload (admin-profile.spec uploads one): neither a
    // script nor a plain http:// address is taken.
    for (const refused of ["javascript:alert(1)", `${baseURL}/favicon.svg`]) {
      await page.getByLabel("Ảnh đại diện (đường dẫn)").fill(refused);
      await page.getByRole("button", { name: "Lưu thay đổi" }).click();
      await expect(page.getByRole("main")).toContainText(
        "Ảnh phải là đường dẫn https:// hoặc một ảnh đã tải lên",
      );
    }
    await page.getByLabel("Ảnh đại diện (đường dẫn)").fill("");
    await page.getByRole("button", { name: "Lưu thay đổi" }).click();
    await expect(page.getByRole("main")).toContainText("Đã lưu thông tin của bạn.");
    await expect(page.getByRole("banner")).toContainText("Xin chào, Hồ Văn Nam");

    await expect(page.getByRole("main")).toContainText("1 thiết bị khác");
    await page.getByRole("button", { name: "Đăng xuất khỏi các thiết bị khác" }).click();
    await expect(page.getByRole("main")).toContainText("Đã đăng xuất khỏi các thiết bị khác.");
    const other = await elsewhere.newPage();
    await other.goto("/profile");
    await expect(other).toHaveURL(/\/login/);
    await elsewhere.close();

    await page.getByLabel("Mật khẩu hiện tại").fill("not-my-password");
    await page.getByLabel("Mật khẩu mới", { exact: true }).fill("Neues-Passwort-9");
    await page.getByLabel("Xác nhận mật khẩu mới").fill("Neues-Passwort-9");
    await page.getByRole("button", { name: "Đổi mật khẩu" }).click();
    await expect(page.getByRole("main")).toContainText("Mật khẩu không chính xác");
    await page.getByLabel("Mật khẩu hiện tại").fill(account.password);
    await page.getByLabel("Mật khẩu mới", { exact: true }).fill("Neues-Passwort-9");
    await page.getByLabel("Xác nhận mật khẩu mới").fill("Neues-Passwort-9");
    await page.getByRole("button", { name: "Đổi mật khẩu" }).click();
    await expect(page.getByRole("main")).toContainText("Đã đổi mật khẩu.");
  });

  test("deletes the account after confirmation", async ({
    page,
    context,
    accounts,
    database,
    expectAccessible,
  }) => {
    const account = await accounts.create();
    await accounts.signIn(context, account);
    await page.goto("/profile");
    await expectAccessible();
    await page.getByLabel("Nhập mật khẩu để xác nhận").fill(account.password);
    await page.getByRole("button", { name: "Xóa tài khoản" }).click();
    // The confirmation box is required.
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByLabel("Tôi hiểu rằng việc xóa tài khoản không thể hoàn tác").check();
    await page.getByRole("button", { name: "Xóa tài khoản" }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Đăng nhập" })).toBeVisible();
    const { rows } = await database.pool.query('select 1 from "user" where email = $1', [account.email]);
    expect(rows).toHaveLength(0);
  });
});
