// The class schedule in the admin (ADR 026): a class added through the URL-driven dialog shows in
// the list with its dates, timetable and seats, and the list filters by status; usable and
// accessible on a phone too.

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { eq, inArray } from "drizzle-orm";
import { courseClasses, courses, emailOutbox, enrollments } from "~/db/schema";
import { expect, test } from "./fixtures";
import { gotoHydrated } from "./forms-support";
import { waitForMail } from "./mail-files";

test.describe("admin classes", () => {
  test("an admin adds a class through the dialog, finds it in the list and filters by status", async ({
    page,
    context,
    accounts,
    database,
    expectAccessible,
  }) => {
    // A Monday of its own (2033–2052, after every fixed date the e2e tests use): the row it looks
    // for is this try's, not one a failed earlier try of this test (CI retries once) left behind.
    const monday = new Date(Date.UTC(2033, 0, 3) + 7 * 86_400_000 * Math.floor(Math.random() * 1000));
    const startsOn = monday.toISOString().slice(0, 10);
    const shownDate = startsOn.split("-").reverse().join("/");
    await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Hạnh" }));
    await gotoHydrated(page, "/admin");
    await page
      .getByRole("navigation", { name: "Menu quản trị" })
      .getByRole("link", { name: "Lịch khai giảng" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Lịch khai giảng" })).toBeVisible();
    await expectAccessible();

    await page.getByRole("link", { name: "Thêm lớp" }).click();
    const dialog = page.getByRole("dialog", { name: "Thêm lớp mới" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/sẽ nhận được email thông báo/)).toBeVisible();
    // Nothing chosen: the form says what is missing, in Vietnamese.
    await dialog.getByRole("button", { name: "Lưu" }).click();
    await expect(dialog.getByText("Chọn ít nhất một ngày học trong tuần")).toBeVisible();
    await expectAccessible();

    await dialog.getByLabel("Khóa học").selectOption({ label: "B1 — Tiếng Đức trung cấp B1" });
    await dialog.getByLabel("Ngày khai giảng").fill(startsOn);
    await dialog.getByLabel("Số buổi").fill("24");
    await dialog.getByRole("checkbox", { name: "Thứ 2" }).check();
    await dialog.getByRole("checkbox", { name: "Thứ 4" }).check();
    await dialog.getByLabel("Giờ bắt đầu").fill("19:00");
    await dialog.getByLabel("Giờ kết thúc").fill("18:00");
    await dialog.getByLabel("Sĩ số tối đa").fill("9");
    await dialog.getByRole("button", { name: "Lưu" }).click();
    await expect(dialog.getByText("Giờ kết thúc phải sau giờ bắt đầu")).toBeVisible();
    await expect(dialog.getByText("Sĩ số từ 1 đến 8 học viên")).toBeVisible();
    await dialog.getByLabel("Giờ kết thúc").fill("20:30");
    await dialog.getByLabel("Sĩ số tối đa").fill("6");
    await dialog.getByLabel("Giáo viên").selectOption({ index: 1 });
    await dialog.getByLabel("Link lớp học trực tuyến").fill("https://meet.example/b1-2031");
    // Running already: the public schedule does not list it, so other tests see no new class.
    await dialog.getByLabel("Trạng thái").selectOption({ label: "Đang học" });
    await dialog.getByRole("button", { name: "Lưu" }).click();

    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: shownDate });
    await expect(row).toContainText("B1 — Tiếng Đức trung cấp B1");
    await expect(row).toContainText("Thứ 2, Thứ 4");
    await expect(row).toContainText("19:00–20:30");
    await expect(row).toContainText("0/6");
    await expect(row).toContainText("Đang học");
    const [stored] = await database.db
      .select()
      .from(courseClasses)
      .where(eq(courseClasses.startsOn, startsOn));
    expect(stored).toMatchObject({ weekdays: [1, 3], capacity: 6, sessionCount: 24, status: "running" });

    // The filter is a GET form: the URL holds it.
    const filters = page.getByRole("search", { name: "Lọc danh sách lớp" });
    await filters.getByLabel("Trạng thái").selectOption({ label: "Đang học" });
    await filters.getByRole("button", { name: "Lọc" }).click();
    await expect(page).toHaveURL(/status=running/);
    await expect(row).toBeVisible();
    await filters.getByLabel("Trạng thái").selectOption({ label: "Đã hủy" });
    await filters.getByRole("button", { name: "Lọc" }).click();
    await expect(page).toHaveURL(/status=cancelled/);
    await expect(row).toHaveCount(0);
    await expect(page.getByText("Không có lớp nào khớp với bộ lọc.")).toBeVisible();

    // On a phone: the list scrolls inside its box, the page does not; the dialog's Save in view.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/classes?status=running");
    await expect(row).toBeVisible();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    await expectAccessible();
    await row.getByRole("link", { name: /^Sửa lớp/ }).click();
    const edit = page.getByRole("dialog", { name: "Sửa lớp" });
    await expect(edit.getByLabel("Sĩ số tối đa")).toHaveValue("6");
    await expect(edit.getByRole("checkbox", { name: "Thứ 4" })).toBeChecked();
    await expect(edit.getByRole("button", { name: "Lưu" })).toBeInViewport({ ratio: 1 });
    await expectAccessible();
  });

  test("the roster lists learners and waitlist, downloads as CSV, and mails the class after a preview", async ({
    page,
    context,
    accounts,
    database,
    expectAccessible,
  }) => {
    const tag = randomBytes(3).toString("hex");
    const [course] = await database.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.level, "A2"));
    // Running already: no public page lists it, so other tests see nothing new.
    const [courseClass] = await database.db
      .insert(courseClasses)
      .values({
        courseId: course!.id,
        startsOn: "2031-06-02",
        sessionCount: 30,
        weekdays: [2, 4],
        startTime: "19:30",
        endTime: "21:00",
        capacity: 2,
        meetingUrl: `https://meet.example/a2-${tag}`,
        status: "running",
      })
      .returning();
    const person = (name: string, local: string, extra: Partial<typeof enrollments.$inferInsert> = {}) => ({
      fullName: name,
      email: `${local}-${tag}@example.com`,
      phone: "0912 345 678",
      course: "a2",
      courseId: course!.id,
      schedule: "evening",
      classId: courseClass!.id,
      ...extra,
    });
    // Enrolled on different days: the roster (and the preview's first learner) follows that order.
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const rows = [
      person("Nguyễn Thị Lan", "lan", { createdAt: daysAgo(3) }),
      person("Lena Schmidt", "lena", { language: "de", paymentStatus: "paid", createdAt: daysAgo(2) }),
      person("Đinh Thu Trang", "trang", { waitlistRank: 1, createdAt: daysAgo(1) }),
    ];
    await database.db.insert(enrollments).values(rows);
    const emails = rows.map((row) => row.email);
    try {
      await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Hạnh" }));
      await gotoHydrated(page, "/admin/classes?status=running");
      await page
        .getByRole("row")
        .filter({ hasText: "02/06/2031" })
        .getByRole("link", { name: /^Danh sách học viên lớp/ })
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "A2 — Tiếng Đức sơ cấp A2, khai giảng 02/06/2031",
      );
      const learners = page.getByRole("table", { name: "Học viên của lớp" });
      await expect(learners.getByRole("row")).toHaveCount(3);
      await expect(learners.getByRole("row", { name: /Lena Schmidt/ })).toContainText("Đã thanh toán");
      const waitlist = page.getByRole("table", { name: "Danh sách chờ của lớp" });
      await expect(waitlist.getByRole("row", { name: /Đinh Thu Trang/ })).toContainText("1");
      await expectAccessible();

      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: "Tải danh sách lớp (CSV)" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("danh-sach-lop-a2-2031-06-02.csv");
      const csv = fs.readFileSync((await download.path())!, "utf8");
      expect(csv.startsWith("\uFEFFChỗ,Họ và tên,Email,")).toBe(true);
      expect(csv).toContain(`Trong lớp,Nguyễn Thị Lan,lan-${tag}@example.com`);
      expect(csv).toContain(`Chờ số 1,Đinh Thu Trang,trang-${tag}@example.com`);

      const mail = page.getByRole("region", { name: "Gửi thư cho cả lớp" });
      await mail.getByLabel("Tiêu đề").fill(`Link lớp học ${tag}`);
      await mail.getByLabel("Nội dung").fill("Chào cả lớp, hẹn gặp tối thứ Ba!");
      await mail.getByRole("button", { name: "Xem trước" }).click();
      const preview = mail.getByTestId("class-mail-preview-text");
      await expect(preview).toContainText("Chào Nguyễn Thị Lan,");
      await expect(preview).toContainText(`Link lớp học: https://meet.example/a2-${tag}`);
      await expectAccessible();
      await mail.getByRole("button", { name: "Gửi cho 2 học viên" }).click();
      await expect(page.getByText("Đã gửi thư cho 2 học viên.")).toBeVisible();

      // Delivered as files by the e2e server: each learner in their language; not the waitlist.
      const vi = await waitForMail(`lan-${tag}@example.com`, new RegExp(`Link lớp học ${tag}`));
      expect(vi.text).toContain("Chào Nguyễn Thị Lan,");
      const de = await waitForMail(`lena-${tag}@example.com`, new RegExp(`Link lớp học ${tag}`));
      expect(de.text).toContain("Hallo Lena Schmidt,");
      // On a phone the roster's tables scroll inside their boxes; the page does not.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(learners.getByRole("row")).toHaveCount(3);
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
      await expectAccessible();

      const queued = await database.db
        .select({ to: emailOutbox.to })
        .from(emailOutbox)
        .where(inArray(emailOutbox.to, emails));
      expect(queued.map((row) => row.to).sort()).toEqual([emails[0], emails[1]].sort());
    } finally {
      await database.db.delete(enrollments).where(inArray(enrollments.email, emails));
      await database.db.delete(courseClasses).where(eq(courseClasses.id, courseClass!.id));
    }
  });

  test("a class people enrolled into cannot be deleted: the dialog says to cancel it instead", async ({
    page,
    context,
    accounts,
    database,
  }) => {
    const [course] = await database.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.level, "B2"));
    const [courseClass] = await database.db
      .insert(courseClasses)
      .values({
        courseId: course!.id,
        startsOn: "2031-09-01",
        sessionCount: 40,
        weekdays: [1],
        startTime: "18:00",
        endTime: "20:00",
        status: "running",
      })
      .returning();
    const email = `xoa-${randomBytes(3).toString("hex")}@example.com`;
    await database.db.insert(enrollments).values({
      fullName: "Cao Thị Minh Thư",
      email,
      phone: "0912 345 621",
      course: "b2",
      courseId: course!.id,
      schedule: "evening",
      classId: courseClass!.id,
    });
    try {
      await accounts.signIn(context, await accounts.create({ role: "admin" }));
      await gotoHydrated(page, "/admin/classes?status=running");
      const row = page.getByRole("row").filter({ hasText: "01/09/2031" });
      await row.getByRole("link", { name: /^Xóa lớp/ }).click();
      const dialog = page.getByRole("dialog", { name: "Xác nhận xóa" });
      await dialog.getByRole("button", { name: "Xóa" }).click();
      await expect(dialog.getByRole("alert")).toContainText("đã có học viên đăng ký nên không thể xóa");
      const kept = await database.db
        .select()
        .from(courseClasses)
        .where(eq(courseClasses.id, courseClass!.id));
      expect(kept).toHaveLength(1);
    } finally {
      await database.db.delete(enrollments).where(eq(enrollments.email, email));
      await database.db.delete(courseClasses).where(eq(courseClasses.id, courseClass!.id));
    }
  });
});
