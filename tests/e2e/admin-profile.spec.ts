import sharp from "sharp";
import { expect, test } from "./fixtures";

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
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
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
