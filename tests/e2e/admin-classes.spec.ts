// The class schedule in the admin (ADR 026): a class added through the URL-driven dialog shows in
// the list with its dates, timetable and seats, and the list filters by status; usable and
// accessible on a phone too.
import { eq } from "drizzle-orm";
import { courseClasses } from "~/db/schema";
import { expect, test } from "./fixtures";

test.describe("admin classes", () => {
  test("an admin adds a class through the dialog, finds it in the list and filters by status", async ({
    page,
    context,
    accounts,
    database,
    expectAccessible,
  }) => {
    await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Hạnh" }));
    await page.goto("/admin");
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
    await dialog.getByLabel("Ngày khai giảng").fill("2031-03-03");
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
    const row = page.getByRole("row").filter({ hasText: "03/03/2031" });
    await expect(row).toContainText("B1 — Tiếng Đức trung cấp B1");
    await expect(row).toContainText("Thứ 2, Thứ 4");
    await expect(row).toContainText("19:00–20:30");
    await expect(row).toContainText("0/6");
    await expect(row).toContainText("Đang học");
    const [stored] = await database.db
      .select()
      .from(courseClasses)
      .where(eq(courseClasses.startsOn, "2031-03-03"));
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
});
