import { eq } from "drizzle-orm";
import { user as userTable } from "~/db/schema";
import { expect, test } from "./fixtures";
import { waitForMail } from "./mail-files";

test.describe("sign up (spec §5 order, §8 messages)", () => {
  test("checks name, email, password length and confirmation in that order", async ({ page }) => {
    await page.goto("/signup");
    const submit = page.getByRole("main").getByRole("button", { name: "Đăng ký", exact: true });
    const main = page.getByRole("main");
    await submit.click();
    await expect(main).toContainText("Vui lòng nhập họ tên");
    await page.getByLabel("Họ và tên").fill("Lê Thu");
    await submit.click();
    await expect(main).toContainText("Vui lòng nhập email");
    await page.getByLabel("Email").fill("khong-hop-le");
    await submit.click();
    await expect(main).toContainText("Email không hợp lệ");
    await page.getByLabel("Email").fill("thu@lernhaus.test");
    await page.getByLabel("Mật khẩu", { exact: true }).fill("12345");
    await submit.click();
    await expect(main).toContainText("Mật khẩu phải có ít nhất 6 ký tự");
    await page.getByLabel("Mật khẩu", { exact: true }).fill("Lernen-2025");
    await page.getByLabel("Xác nhận mật khẩu").fill("Lernen-2026");
    await submit.click();
    await expect(main).toContainText("Mật khẩu xác nhận không khớp");
  });

  test("refuses a common password and an email already in use", async ({ page, accounts }) => {
    const existing = await accounts.create();
    await page.goto("/signup");
    await page.getByLabel("Họ và tên").fill("Lê Thu");
    await page.getByLabel("Email").fill(`new-${Date.now()}@lernhaus.test`);
    await page.getByLabel("Mật khẩu", { exact: true }).fill("password");
    await page.getByLabel("Xác nhận mật khẩu").fill("password");
    await page.getByRole("main").getByRole("button", { name: "Đăng ký", exact: true }).click();
    await expect(page.getByRole("main")).toContainText("Mật khẩu quá yếu");

    await page.getByLabel("Email").fill(existing.email);
    await page.getByLabel("Mật khẩu", { exact: true }).fill("Lernen-2025!");
    await page.getByLabel("Xác nhận mật khẩu").fill("Lernen-2025!");
    await page.getByRole("main").getByRole("button", { name: "Đăng ký", exact: true }).click();
    await expect(page.getByRole("main")).toContainText("Email này đã được sử dụng");
  });

  test("a new account is a user, signed in at once, landing on the home page", async ({ page, database }) => {
    const email = `hoc-vien-${Date.now()}@lernhaus.test`;
    await page.goto("/signup");
    await page.getByLabel("Họ và tên").fill("Phạm Minh");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Mật khẩu", { exact: true }).fill("Lernen-2025!");
    await page.getByRole("button", { name: "Hiện mật khẩu" }).first().click();
    await expect(page.getByLabel("Mật khẩu", { exact: true })).toHaveAttribute("type", "text");
    await page.getByLabel("Xác nhận mật khẩu").fill("Lernen-2025!");
    await page.getByRole("main").getByRole("button", { name: "Đăng ký", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner")).toContainText("Xin chào, Phạm Minh");
    const [row] = await database.db
      .select({ role: userTable.role })
      .from(userTable)
      .where(eq(userTable.email, email));
    expect(row?.role).toBe("user");
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name.includes("session_token"));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
  });
});

test.describe("sign in (spec §5, §8)", () => {
  test("tells a missing field, an unknown email and a wrong password apart", async ({ page, accounts }) => {
    const account = await accounts.create();
    await page.goto("/login");
    const main = page.getByRole("main");
    const submit = main.getByRole("button", { name: "Đăng nhập", exact: true });
    await page.getByLabel("Email").fill(account.email);
    await submit.click();
    await expect(main).toContainText("Vui lòng nhập đầy đủ thông tin");
    await page.getByLabel("Email").fill(`nobody-${Date.now()}@lernhaus.test`);
    await page.getByLabel("Mật khẩu", { exact: true }).fill("whatever1");
    await submit.click();
    await expect(main).toContainText("Không tìm thấy tài khoản với email này");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Mật khẩu", { exact: true }).fill("not-the-password");
    await submit.click();
    await expect(main).toContainText("Mật khẩu không chính xác");
    await page.getByLabel("Mật khẩu", { exact: true }).fill(account.password);
    await submit.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner")).toContainText(`Xin chào, ${account.name}`);
  });

  test("an admin lands on /admin, and is sent there from /login and /signup", async ({ page, accounts }) => {
    const admin = await accounts.create({ role: "admin", name: "Cô Hà" });
    await page.goto("/login");
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Mật khẩu", { exact: true }).fill(admin.password);
    await page.getByRole("main").getByRole("button", { name: "Đăng nhập", exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText("Chào mừng trở lại, Cô Hà")).toBeVisible();
    await page.goto("/login");
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/signup");
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("the sign-in form works without JavaScript", async ({ browser, baseURL, accounts }) => {
    const account = await accounts.create();
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Mật khẩu", { exact: true }).fill("wrong-password");
    await page.getByRole("main").getByRole("button", { name: "Đăng nhập", exact: true }).click();
    await expect(page.getByRole("main")).toContainText("Mật khẩu không chính xác");
    await page.getByLabel("Mật khẩu", { exact: true }).fill(account.password);
    await page.getByRole("main").getByRole("button", { name: "Đăng nhập", exact: true }).click();
    await expect(page.getByRole("banner")).toContainText(`Xin chào, ${account.name}`);
    await context.close();
  });

  test("too many attempts for one email are refused with the catalogue's message", async ({
    page,
    accounts,
  }) => {
    const account = await accounts.create();
    await page.goto("/login");
    await page.getByLabel("Email").fill(account.email);
    const main = page.getByRole("main");
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel("Mật khẩu", { exact: true }).fill(`wrong-${attempt}`);
      await main.getByRole("button", { name: "Đăng nhập", exact: true }).click();
      await expect(main).toContainText("Mật khẩu không chính xác");
    }
    await page.getByLabel("Mật khẩu", { exact: true }).fill(account.password);
    await main.getByRole("button", { name: "Đăng nhập", exact: true }).click();
    // The message says how long to wait (ADR 012).
    await expect(main).toContainText("Quá nhiều lần thử. Vui lòng thử lại sau 10 phút");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the user menu offers Profile and Logout by keyboard; Logout signs out", async ({
    page,
    context,
    accounts,
  }) => {
    const account = await accounts.create({ name: "Vũ An" });
    await accounts.signIn(context, account);
    await page.goto("/");
    const menuButton = page.getByRole("banner").getByRole("button", { name: "Xin chào, Vũ An" });
    // Until hydration the button cannot open the menu: retry the keystroke until it does.
    await expect(async () => {
      await menuButton.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("link", { name: "Hồ sơ" })).toBeVisible({ timeout: 500 });
    }).toPass();
    await expect(page.getByRole("link", { name: "Trang quản trị" })).toHaveCount(0);
    await page.getByRole("button", { name: "Đăng xuất" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Đăng nhập" })).toBeVisible();
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe("password reset", () => {
  test("a reset link by mail sets a new password, ends other sessions and works only once", async ({
    page,
    browser,
    baseURL,
    accounts,
  }) => {
    const account = await accounts.create({ name: "Đỗ Lan" });
    const elsewhere = await browser.newContext({ baseURL });
    await accounts.signIn(elsewhere, account);

    await page.goto("/forgot-password");
    await page.getByRole("main").getByRole("button", { name: "Gửi link đặt lại mật khẩu" }).click();
    await expect(page.getByRole("main")).toContainText("Vui lòng nhập email");
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("main").getByRole("button", { name: "Gửi link đặt lại mật khẩu" }).click();
    await expect(page.getByRole("main")).toContainText(
      "Đã gửi link đặt lại mật khẩu đến email của bạn. Vui lòng kiểm tra hộp thư.",
    );
    const mail = await waitForMail(account.email, /Đặt lại mật khẩu/);
    expect(mail.text).toContain("Chào Đỗ Lan,");
    const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await page.getByLabel("Mật khẩu mới", { exact: true }).fill("Neues-Passwort-1");
    await page.getByLabel("Xác nhận mật khẩu mới").fill("Neues-Passwort-2");
    await page.getByRole("main").getByRole("button", { name: "Đặt lại mật khẩu" }).click();
    await expect(page.getByRole("main")).toContainText("Mật khẩu xác nhận không khớp");
    await page.getByLabel("Mật khẩu mới", { exact: true }).fill("Neues-Passwort-1");
    await page.getByLabel("Xác nhận mật khẩu mới").fill("Neues-Passwort-1");
    await page.getByRole("main").getByRole("button", { name: "Đặt lại mật khẩu" }).click();
    await expect(page.getByRole("main")).toContainText("Mật khẩu đã được đặt lại");

    // The session elsewhere has ended.
    const other = await elsewhere.newPage();
    await other.goto("/profile");
    await expect(other).toHaveURL(/\/login/);
    await elsewhere.close();

    // The link is used up.
    await page.goto(link!);
    await expect(page.getByRole("main")).toContainText("không hợp lệ, đã được sử dụng hoặc đã hết hạn");
    await page.getByRole("link", { name: "Yêu cầu link mới" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);

    await page.goto("/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Mật khẩu", { exact: true }).fill("Neues-Passwort-1");
    await page.getByRole("main").getByRole("button", { name: "Đăng nhập", exact: true }).click();
    await expect(page.getByRole("banner")).toContainText("Xin chào, Đỗ Lan");
  });

  test("an unknown email gets the same answer, a forged token a clear message", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(`nobody-${Date.now()}@lernhaus.test`);
    await page.getByRole("main").getByRole("button", { name: "Gửi link đặt lại mật khẩu" }).click();
    await expect(page.getByRole("main")).toContainText("Đã gửi link đặt lại mật khẩu đến email của bạn.");
    await page.goto("/reset-password?token=forged-token-123");
    await expect(page.getByRole("main")).toContainText("không hợp lệ, đã được sử dụng hoặc đã hết hạn");
  });
});

test("third-party sign-in through a real OpenID Connect provider creates a user once and reuses it", async ({
  page,
  database,
}) => {
  const email = "oidc.person@lernhaus.test";
  await page.goto("/login");
  await page.getByRole("button", { name: "Đăng nhập với Google" }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.getByRole("banner")).toContainText("Xin chào, Trần Thị OIDC");
  const first = await database.db
    .select({ id: userTable.id, role: userTable.role, emailVerified: userTable.emailVerified })
    .from(userTable)
    .where(eq(userTable.email, email));
  expect(first).toHaveLength(1);
  expect(first[0]?.role).toBe("user");
  // The provider vouches for the address (email_verified): no verification mail is needed.
  expect(first[0]?.emailVerified).toBe(true);

  await page
    .getByRole("banner")
    .getByRole("button", { name: /Xin chào/ })
    .click();
  await page.getByRole("button", { name: "Đăng xuất" }).click();
  // Wait for the sign-out to land: a /signup opened before it redirects the still signed-in user.
  await expect(page.getByRole("banner").getByRole("link", { name: "Đăng nhập" })).toBeVisible();
  await page.goto("/signup");
  await page.getByRole("button", { name: "Đăng ký với Google" }).click();
  await expect(page.getByRole("banner")).toContainText("Xin chào, Trần Thị OIDC");
  const second = await database.db
    .select({ id: userTable.id })
    .from(userTable)
    .where(eq(userTable.email, email));
  expect(second).toEqual([{ id: first[0]!.id }]);
});
