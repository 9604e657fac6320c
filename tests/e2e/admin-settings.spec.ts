import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { and, eq, inArray, ne } from "drizzle-orm";
import { contactConfig, emailOutbox, newsletterSubscribers, user } from "~/db/schema";
import { expect, test } from "./fixtures";
import { waitForMail } from "./mail-files";

test.describe("admin settings", () => {
  test("@exclusive contact details are validated, saved, and reach an open footer live", async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
    database,
    expectAccessible,
  }) => {
    const [stored] = await database.db.select().from(contactConfig);
    const visitor = await browser.newContext({ baseURL });
    try {
      await accounts.signIn(context, await accounts.create({ role: "admin" }));
      const home = await visitor.newPage();
      await home.goto("/");
      const footer = home.getByRole("contentinfo");

      await page.goto("/admin/settings");
      await expectAccessible();
      await page.getByLabel("Email").fill("không phải email");
      await page.getByLabel("Facebook").fill("facebook.com/lernhaus");
      await page.getByLabel("Hotline").fill("12");
      await page.getByRole("button", { name: "Lưu" }).click();
      await expect(page.getByText("Email không hợp lệ")).toBeVisible();
      await expect(
        page.getByText("Đường dẫn không hợp lệ (bắt đầu bằng http:// hoặc https://)"),
      ).toBeVisible();
      await expect(page.getByText("Số điện thoại không hợp lệ (8–15 chữ số)")).toBeVisible();

      await page.getByLabel("Email").fill("tuvan@lernhaus.vn");
      await page.getByLabel("Facebook").fill("https://facebook.com/lernhaus.hanoi");
      await page.getByLabel("Hotline").fill("024 3999 8888");
      await page.getByLabel("Địa chỉ").fill("25 Phố Huế, Hai Bà Trưng, Hà Nội");
      await page.getByRole("button", { name: "Lưu" }).click();
      await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();

      await expect(footer).toContainText("25 Phố Huế, Hai Bà Trưng, Hà Nội");
      await expect(footer).toContainText("024 3999 8888");
      await expect(footer).toContainText("tuvan@lernhaus.vn");
      await expect(footer.getByRole("link", { name: /Facebook/ })).toHaveAttribute(
        "href",
        "https://facebook.com/lernhaus.hanoi",
      );
      // A reload shows the stored values in the form.
      await page.reload();
      await expect(page.getByLabel("Địa chỉ")).toHaveValue("25 Phố Huế, Hai Bà Trưng, Hà Nội");
    } finally {
      await visitor.close();
      if (stored) await database.db.update(contactConfig).set(stored).where(eq(contactConfig.id, 1));
    }
  });

  test("@exclusive roles change from the users list, demoting yourself asks first, and the last admin keeps the role", async ({
    page,
    context,
    accounts,
    database,
    expectAccessible,
  }) => {
    const admin = await accounts.create({ role: "admin", name: "Quản Trị Cuối" });
    const teacher = await accounts.create({ name: `Giáo Viên ${randomBytes(3).toString("hex")}` });
    await accounts.signIn(context, admin);
    // Every other admin steps down for this test, so that `admin` is the last one.
    const others = await database.db
      .update(user)
      .set({ role: "user" })
      .where(and(eq(user.role, "admin"), ne(user.id, admin.id)))
      .returning({ id: user.id });
    try {
      await page.goto("/admin/settings?tab=users");
      await page.getByLabel("Tìm theo tên hoặc email").fill(teacher.name);
      await page.getByRole("button", { name: "Tìm" }).click();
      // The users' table (the tab also lists invitations and each role's permissions).
      await expect(page.getByRole("table", { name: "Người dùng", exact: true }).getByRole("row")).toHaveCount(
        2,
      );
      await page.getByRole("combobox", { name: `Vai trò của ${teacher.name}` }).selectOption("admin");
      await page.getByRole("button", { name: `Lưu vai trò của ${teacher.name}` }).click();
      await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
      expect((await database.db.select().from(user).where(eq(user.id, teacher.id)))[0]!.role).toBe("admin");
      await page.getByRole("combobox", { name: `Vai trò của ${teacher.name}` }).selectOption("user");
      await page.getByRole("button", { name: `Lưu vai trò của ${teacher.name}` }).click();
      await expect(page.getByRole("combobox", { name: `Vai trò của ${teacher.name}` })).toHaveValue("user");

      await page.getByLabel("Tìm theo tên hoặc email").fill(admin.email);
      await page.getByRole("button", { name: "Tìm" }).click();
      await page.getByRole("combobox", { name: `Vai trò của ${admin.name}` }).selectOption("user");
      await page.getByRole("button", { name: `Lưu vai trò của ${admin.name}` }).click();
      // Demoting yourself asks first, and changes nothing until confirmed.
      await expect(page.getByRole("alert")).toContainText("Bạn sắp bỏ quyền quản trị của chính mình.");
      expect((await database.db.select().from(user).where(eq(user.id, admin.id)))[0]!.role).toBe("admin");
      await expectAccessible();
      await page.getByRole("button", { name: "Vẫn bỏ quyền quản trị của tôi" }).click();
      await expect(page.getByRole("alert")).toHaveText(
        "Không thể bỏ quyền quản trị của quản trị viên cuối cùng.",
      );
      expect((await database.db.select().from(user).where(eq(user.id, admin.id)))[0]!.role).toBe("admin");
    } finally {
      if (others.length)
        await database.db
          .update(user)
          .set({ role: "admin" })
          .where(
            inArray(
              user.id,
              others.map((o) => o.id),
            ),
          );
    }
  });

  test("a failed mail is shown with its error and goes out after a retry", async ({
    page,
    context,
    accounts,
    database,
    expectAccessible,
  }) => {
    const to = `retry-${randomBytes(4).toString("hex")}@lernhaus.test`;
    const subject = `Thư thử lại ${to}`;
    const [mail] = await database.db
      .insert(emailOutbox)
      .values({
        kind: "test",
        to,
        subject,
        text: "Nội dung thư",
        status: "failed",
        attempts: 8,
        lastError: "connect ECONNREFUSED 127.0.0.1:2525",
      })
      .returning({ id: emailOutbox.id });
    await accounts.signIn(context, await accounts.create({ role: "admin" }));
    await page.goto("/admin/settings?tab=outbox&status=failed");
    const item = page.getByRole("listitem").filter({ hasText: subject });
    await expect(item).toContainText("Gửi thất bại");
    await expect(item).toContainText("Lỗi gần nhất: connect ECONNREFUSED 127.0.0.1:2525");
    await expect(item).toContainText("8 lần gửi");
    await expectAccessible();

    await page.goto("/admin/settings?tab=outbox");
    await item.getByRole("button", { name: `Gửi lại email "${subject}"` }).click();
    // The worker delivers it (to the .eml folder of this server); the list follows live.
    await waitForMail(to, new RegExp(subject));
    await expect(item).toContainText("Đã gửi", { timeout: 10_000 });
    expect(
      (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail!.id)))[0]!.status,
    ).toBe("sent");
  });

  test("newsletter subscribers are listed and exported as CSV with a BOM", async ({
    page,
    context,
    accounts,
    database,
  }) => {
    const email = `ban-tin-${randomBytes(4).toString("hex")}@lernhaus.test`;
    await database.db.insert(newsletterSubscribers).values({
      email,
      status: "confirmed",
      token: randomBytes(16).toString("hex"),
      confirmedAt: new Date(),
    });
    await accounts.signIn(context, await accounts.create({ role: "admin" }));
    await page.goto("/admin/settings?tab=newsletter&status=confirmed");
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Đã xác nhận");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Xuất CSV" }).click();
    const file = await readFile((await (await download).path())!);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.toString("utf8").slice(1);
    expect(text.split("\r\n")[0]).toBe("Email,Trạng thái,Ngôn ngữ,Ngày đăng ký,Ngày xác nhận,Ngày hủy");
    expect(text).toContain(`${email},Đã xác nhận,vi,`);
    expect(text).not.toContain("Chờ xác nhận");
  });

  test("a plain user can neither change settings nor read the export", async ({
    browser,
    baseURL,
    accounts,
    database,
  }) => {
    const before = await database.db.select().from(contactConfig);
    const target = await accounts.create();
    const context = await browser.newContext({ baseURL });
    await accounts.signIn(context, await accounts.create());
    const forms: Record<string, string>[] = [
      { intent: "save-contact", email: "hacker@example.com", address: "Hacked" },
      { intent: "set-role", userId: target.id, role: "admin" },
      { intent: "retry-mail", id: "00000000-0000-4000-8000-000000000000" },
      { intent: "retry-all-mail" },
    ];
    for (const form of forms) {
      const response = await context.request.post("/admin/settings", {
        form,
        headers: { origin: baseURL! },
        maxRedirects: 0,
      });
      expect(response.status(), form.intent).toBe(403);
    }
    const exported = await context.request.get("/admin/settings/newsletter.csv", { maxRedirects: 0 });
    expect(exported.status()).toBe(302);
    await context.close();
    expect(await database.db.select().from(contactConfig)).toEqual(before);
    expect((await database.db.select().from(user).where(eq(user.id, target.id)))[0]!.role).toBe("user");
  });
});
