// /admin/students: an enrolment from the public form reaches the open list live,
// is found by search and filters, goes through the pipeline and payment, gets a note, and is
// exported to CSV; the page's actions and the export refuse plain users.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { eq, inArray } from "drizzle-orm";
import { enrollmentNotes, enrollments } from "~/db/schema";
import { expect, test } from "./fixtures";
import { expectSubmitted, resetFormLimits, uniqueEmail, waitForHydratedForm } from "./forms-support";

/** A Vietnamese name no other test uses: a random surname-like tag after the usual three parts. */
const uniqueName = () => `Đỗ Thị Ánh ${[...randomBytes(4)].map((b) => "bcdghklmnpqrstvx"[b % 16]).join("")}ễ`;

test.describe("admin students", () => {
  test("a public enrolment shows up live, moves through the pipeline, gets a note and is exported", async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
    database,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    const name = uniqueName();
    const email = uniqueEmail("anh.students");
    const visitor = await browser.newContext({ baseURL });
    try {
      await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Hạnh" }));
      await page.goto("/admin/students");
      await expect(page.getByRole("heading", { name: "Học viên", level: 1 })).toBeVisible();
      await expectAccessible();

      // Someone enrols on the public form while the list is open.
      await resetFormLimits(database);
      const form = await visitor.newPage();
      await form.goto("/enroll");
      await waitForHydratedForm(form, "enrollment");
      await form.getByLabel("Họ và tên").fill(name);
      await form.getByLabel("Số điện thoại").fill("+84 912 345 678");
      await form.getByLabel("Email").fill(email);
      await form
        .getByLabel("Khóa học quan tâm")
        .selectOption({ label: "B1 (3.500.000đ) – Tiếng Đức trung cấp B1" });
      await form.getByLabel("Lịch học mong muốn").selectOption("evening");
      await form.getByLabel("Trình độ tiếng Đức hiện tại").selectOption("basic");
      await form.getByLabel("Bạn biết đến Lernhaus qua").selectOption("friend");
      await form.getByLabel("Mục tiêu học tập").fill('Thi B1, rồi học "Ausbildung" ở Đức');
      await form.getByRole("button", { name: "Đăng ký ngay" }).click();
      await expectSubmitted(form, "Đăng ký thành công!");

      // A plain locator: while the modal panel is open, the table behind it is inert (no roles).
      const row = page.locator("tbody tr").filter({ hasText: name });
      await expect(row).toBeVisible({ timeout: 15_000 });
      await expect(row).toContainText("Mới");
      await expect(row).toContainText("Chờ thanh toán");
      await expect(row).toContainText("Tiếng Đức trung cấp B1");

      // Search without accents and filter: found; a filter it does not match: gone.
      const filters = page.getByRole("search", { name: "Tìm kiếm và lọc" });
      const plainName = name
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .replace("Đ", "D")
        .toLowerCase();
      await filters.getByLabel("Tìm kiếm").fill(plainName);
      await filters.getByLabel("Trạng thái").selectOption("new");
      // The filter lists courses, not levels (two B1 courses are two choices).
      await filters.getByLabel("Khóa học").selectOption({ label: "B1 – Tiếng Đức trung cấp B1" });
      await filters.getByLabel("Lịch học").selectOption("evening");
      await filters.getByLabel("Nguồn biết đến").selectOption("friend");
      await filters.getByRole("button", { name: "Lọc" }).click();
      await expect(page).toHaveURL(/status=new/);
      await expect(page.getByText("1 đăng ký", { exact: true })).toBeVisible();
      await expect(row).toBeVisible();
      await filters.getByLabel("Tìm kiếm").fill("912 345 678");
      await filters.getByLabel("Khóa học").selectOption({ label: "A1 – Tiếng Đức cơ bản A1" });
      await filters.getByRole("button", { name: "Lọc" }).click();
      await expect(page.getByText("Không có đăng ký nào khớp với bộ lọc.")).toBeVisible();
      // By email, any status (the row will move along the pipeline below).
      await filters.getByLabel("Tìm kiếm").fill(email.toUpperCase());
      await filters.getByLabel("Trạng thái").selectOption("");
      await filters.getByLabel("Khóa học").selectOption({ label: "B1 – Tiếng Đức trung cấp B1" });
      await filters.getByRole("button", { name: "Lọc" }).click();
      await expect(row).toBeVisible();

      // The detail panel: every field, call and mail links.
      await row.getByRole("link", { name }).click();
      const panel = page.getByRole("dialog", { name: "Chi tiết đăng ký" });
      await expect(panel).toBeVisible();
      await expect(panel.getByRole("link", { name: "Gọi +84 912 345 678" })).toHaveAttribute(
        "href",
        "tel:+84912345678",
      );
      await expect(panel.getByRole("link", { name: `Gửi email cho ${email}` })).toHaveAttribute(
        "href",
        `mailto:${email}`,
      );
      for (const text of [
        "Buổi tối (19:00-21:00)",
        "Đã biết cơ bản",
        "Bạn bè giới thiệu",
        'Thi B1, rồi học "Ausbildung" ở Đức',
        "Chưa xử lý",
        "Chờ thanh toán",
        "Tiếng Việt",
        "Chrome",
      ]) {
        await expect(panel).toContainText(text);
      }
      await expectAccessible();

      // The pipeline, one step at a time; leaving "new" marks it processed.
      const [stored] = await database.db.select().from(enrollments).where(eq(enrollments.email, email));
      await expect(panel.getByRole("button", { name: "Chuyển sang: Đã hẹn học thử" })).toHaveCount(0);
      await panel.getByRole("button", { name: "Chuyển sang: Đã liên hệ" }).click();
      await expect(panel.getByRole("button", { name: "Chuyển sang: Đã hẹn học thử" })).toBeVisible();
      await expect(panel).toContainText("Đã xử lý");
      await expect(row).toContainText("Đã liên hệ");
      expect(
        (await database.db.select().from(enrollments).where(eq(enrollments.id, stored!.id)))[0],
      ).toMatchObject({ status: "contacted", isProcessed: true });
      await panel.getByRole("button", { name: "Chuyển sang: Đã hẹn học thử" }).click();
      await panel.getByRole("button", { name: "Chuyển sang: Đã nhập học" }).click();
      await expect(panel.getByText("Đăng ký đã ở bước cuối")).toHaveCount(0);
      await expect(panel.getByRole("button", { name: "Hủy đăng ký" })).toBeVisible();
      await expect(row).toContainText("Đã nhập học");

      // Payment: pending → paid by recording what was received, on the payments page; back in the
      // record, a refund is the one change left.
      const recordUrl = page.url();
      await expect(panel.getByRole("button", { name: "Đánh dấu đã hoàn tiền" })).toHaveCount(0);
      await panel.getByRole("link", { name: "Ghi nhận" }).click();
      const payDialog = page.getByRole("dialog", { name: "Ghi nhận thanh toán" });
      await payDialog.getByRole("button", { name: "Xác nhận đã thanh toán" }).click();
      await expect(payDialog).toHaveCount(0);
      await page.goto(recordUrl);
      await expect(panel.getByRole("button", { name: "Đánh dấu đã hoàn tiền" })).toBeVisible();
      await expect(row).toContainText("Đã thanh toán");

      // An internal note, signed with the admin's name and the time.
      await panel.getByLabel("Ghi chú mới").fill("Đã gọi điện, học viên chọn lớp tối thứ Ba.");
      await panel.getByRole("button", { name: "Thêm ghi chú" }).click();
      const note = panel
        .getByRole("listitem")
        .filter({ hasText: "Đã gọi điện, học viên chọn lớp tối thứ Ba." });
      await expect(note).toContainText(/Cô Hạnh · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      await expect(panel.getByLabel("Ghi chú mới")).toHaveValue("");
      expect(
        (await database.db.select().from(enrollments).where(eq(enrollments.id, stored!.id)))[0],
      ).toMatchObject({ status: "enrolled", isProcessed: true, paymentStatus: "paid" });
      await expectAccessible();

      // Close, then export the current filter.
      await page.keyboard.press("Escape");
      await expect(panel).toHaveCount(0);
      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: "Xuất CSV" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^hoc-vien-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = fs.readFileSync((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString("utf8").split("\r\n");
      expect(lines[0]).toContain("Họ và tên,Số điện thoại,Email");
      expect(lines).toHaveLength(3); // header, the one row, "" after the last CRLF
      expect(lines[1]).toContain(
        `,${name},'+84 912 345 678,${email},Tiếng Đức trung cấp B1,Buổi tối (19:00-21:00),Chưa chọn lớp,Đã biết cơ bản,`,
      );
      expect(lines[1]).toContain('"Thi B1, rồi học ""Ausbildung"" ở Đức"');
      expect(lines[1]).toMatch(/,Bạn bè giới thiệu,Đã nhập học,Có,Đã thanh toán$/);
    } finally {
      await visitor.close();
      await database.db.delete(enrollments).where(eq(enrollments.email, email));
    }
  });

  test("a plain user's posts to the students actions and the CSV export are refused and change nothing", async ({
    browser,
    baseURL,
    accounts,
    database,
  }) => {
    const [target] = await database.db
      .insert(enrollments)
      .values({
        fullName: uniqueName(),
        phone: "0912 000 111",
        email: uniqueEmail("refused"),
        course: "a2",
        schedule: "weekend",
      })
      .returning();
    const context = await browser.newContext({ baseURL });
    try {
      await accounts.signIn(context, await accounts.create());
      const forms: Record<string, string>[] = [
        { intent: "status", id: target!.id, status: "contacted" },
        { intent: "status", id: target!.id, status: "cancelled" },
        { intent: "payment", id: target!.id, paymentStatus: "paid" },
        { intent: "note", id: target!.id, body: "Hacked" },
      ];
      for (const form of forms) {
        const response = await context.request.post(`/admin/students?id=${target!.id}`, {
          form,
          headers: { origin: baseURL! },
          maxRedirects: 0,
        });
        expect(response.status(), form.intent).toBe(403);
      }
      const csv = await context.request.get("/admin/students/export.csv", { maxRedirects: 0 });
      expect(csv.status()).toBe(302);
      expect(csv.headers().location).toBe("/");
      expect(csv.headers()["content-type"] ?? "").not.toContain("text/csv");
      const [after] = await database.db.select().from(enrollments).where(eq(enrollments.id, target!.id));
      expect(after).toEqual(target);
      expect(
        await database.db
          .select()
          .from(enrollmentNotes)
          .where(inArray(enrollmentNotes.enrollmentId, [target!.id])),
      ).toEqual([]);
    } finally {
      await context.close();
      await database.db.delete(enrollments).where(eq(enrollments.id, target!.id));
    }
  });
});
