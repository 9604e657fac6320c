import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import sharp from "sharp";
import { E2E_DATA_DIR, expect, test } from "./fixtures";

const run = promisify(execFile);

test("an admin manages their own account: name, uploaded avatar, sessions", async ({
  page,
  context,
  browser,
  baseURL,
  accounts,
  expectAccessible,
}) => {
  const admin = await accounts.create({ role: "admin", name: "Cô Mai" });
  await accounts.signIn(context, admin);
  const elsewhere = await browser.newContext({
    baseURL,
    userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile",
  });
  await accounts.signIn(elsewhere, admin);

  await page.goto("/admin/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tài khoản");
  const sessions = page.getByRole("region", { name: "Phiên đăng nhập" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").first()).toContainText("Thiết bị này");
  await expect(sessions).toContainText("1 thiết bị khác");
  await expectAccessible();

  await page.getByLabel("Họ và tên").fill("Cô Nguyễn Thị Mai");
  const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
  await page
    .getByLabel("Tải ảnh lên")
    .setInputFiles({ name: "chan-dung.png", mimeType: "image/png", buffer: png });
  await expect(page.getByRole("textbox", { name: "Ảnh đại diện (đường dẫn)" })).toHaveValue(
    /^\/uploads\/[0-9a-f]{32}-1200\.webp$/,
  );
  // The save reloads the page's data, and its live update (the account changed) reloads it once
  // more a moment later: the notice must outlive both (that second reload used to take it away).
  let reloads = 0;
  const reloaded = new Promise<void>((resolve) => {
    page.on("response", (response) => {
      const request = response.request();
      if (request.method() === "GET" && new URL(response.url()).pathname === "/admin/profile.data") {
        reloads++;
        if (reloads === 2) resolve();
      }
    });
  });
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(page.getByText("Đã lưu thông tin của bạn.")).toBeVisible();
  await reloaded;
  await expect(page.getByText("Đã lưu thông tin của bạn.")).toBeVisible();
  const sidebar = page.getByRole("complementary");
  await expect(sidebar).toContainText("Cô Nguyễn Thị Mai");
  await expect(sidebar.locator("img")).toHaveAttribute("src", /^\/uploads\//);

  // A bad file is refused with a clear message, and the saved avatar stays.
  await page.getByLabel("Tải ảnh lên").setInputFiles({
    name: "virus.png",
    mimeType: "image/png",
    buffer: Buffer.from("MZ this is not an image"),
  });
  await expect(page.getByText("Tệp không phải ảnh JPEG, PNG hoặc WebP.")).toBeVisible();

  await page.getByRole("button", { name: "Đăng xuất khỏi các thiết bị khác" }).click();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  const other = await elsewhere.newPage();
  await other.goto("/admin/profile");
  await expect(other).toHaveURL(/\/login/);
  await elsewhere.close();
});

test("an admin created with the CLI sees only the session they signed in with", async ({
  page,
  expectAccessible,
}) => {
  const email = `cli-${randomBytes(5).toString("hex")}@lernhaus.test`;
  const password = `Lh-${randomBytes(6).toString("hex")}`;
  // The built CLI on the test server's DATA_DIR, as an operator runs `npm run cli -- user create`.
  await run(
    process.execPath,
    [
      `${process.env.BUILD_DIR ?? "build"}/host/cli.js`,
      ...[
        "user",
        "create",
        "--email",
        email,
        "--password",
        password,
        "--name",
        "Thầy Quang",
        "--role",
        "admin",
      ],
    ],
    { env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: E2E_DATA_DIR }, timeout: 60_000 },
  );

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mật khẩu", { exact: true }).fill(password);
  await page.getByRole("main").getByRole("button", { name: "Đăng nhập", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/profile");
  const sessions = page.getByRole("region", { name: "Phiên đăng nhập" });
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(sessions.getByRole("listitem").first()).toContainText("Thiết bị này");
  await expect(sessions).not.toContainText("Thiết bị không xác định");
  await expectAccessible();
});
