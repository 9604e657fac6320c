// Privacy in the browser: a GET of /admin/messages?id= (a link preview) leaves the
// message unread, opening it marks it read; an admin corrects an enrolment, erases the person
// after seeing the counts, and finds both in Settings → Audit log, filtered to themselves.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { contactMessages, enrollments } from "~/db/schema";
import { expect, test } from "./fixtures";

const tag = () => randomBytes(4).toString("hex");

test("a message is read when an admin opens it, not when its link is fetched", async ({
  page,
  context,
  accounts,
  database,
}) => {
  const { db } = database;
  await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Đọc" }));
  const [message] = await db
    .insert(contactMessages)
    .values({
      name: "Người Hỏi",
      email: `hoi-${tag()}@lernhaus.test`,
      phone: "0987 000 111",
      subject: "pricing",
      message: "Xin chào",
    })
    .returning({ id: contactMessages.id });
  const isRead = async () =>
    (
      await db
        .select({ isRead: contactMessages.isRead })
        .from(contactMessages)
        .where(eq(contactMessages.id, message!.id))
    )[0]!.isRead;
  try {
    // What a chat app's link preview or a prefetch does: a GET with the admin's cookies.
    const preview = await page.request.get(`/admin/messages?id=${message!.id}`);
    expect(preview.status()).toBe(200);
    expect(await isRead()).toBe(false);

    await page.goto(`/admin/messages?id=${message!.id}`);
    await expect(page.getByRole("heading", { name: "Người Hỏi" })).toBeVisible();
    await expect.poll(isRead).toBe(true);
    await expect(page.getByRole("button", { name: "Đánh dấu chưa đọc" })).toBeVisible();
  } finally {
    await db.delete(contactMessages).where(eq(contactMessages.id, message!.id));
  }
});

test("an admin corrects an enrolment, erases the person and finds both in the audit log", async ({
  page,
  context,
  accounts,
  database,
  expectAccessible,
}) => {
  test.setTimeout(60_000);
  const { db } = database;
  const admin = await accounts.create({ role: "admin", name: "Cô Xóa" });
  await accounts.signIn(context, admin);
  const email = `nguoi-${tag()}@lernhaus.test`;
  const [row] = await db
    .insert(enrollments)
    .values({ fullName: "Trần Văn Sai", phone: "0911 222 333", email, course: "a1", schedule: "morning" })
    .returning({ id: enrollments.id });

  await page.goto(`/admin/students?id=${row!.id}`);
  const panel = page.getByRole("dialog");
  await panel.getByText("Sửa thông tin cá nhân").click();
  await panel.getByLabel("Họ và tên").fill("Trần Văn Đúng");
  await panel.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(panel.getByText("Trần Văn Đúng").first()).toBeVisible();

  await panel.getByRole("link", { name: "Xóa mọi dữ liệu của người này…" }).click();
  await expect(page.getByRole("heading", { name: "Xóa dữ liệu của một người", level: 1 })).toBeVisible();
  await expect(page.getByTestId("erase-counts")).toContainText("1 đăng ký khóa học");
  await expectAccessible();
  // Without the tick, nothing happens.
  await page.getByRole("button", { name: "Xóa toàn bộ dữ liệu" }).click();
  await expect(page.getByRole("alert")).toContainText("Hãy đánh dấu ô xác nhận");
  await page.getByLabel(/Tôi xác nhận xóa vĩnh viễn/).check();
  await page.getByRole("button", { name: "Xóa toàn bộ dữ liệu" }).click();
  await expect(page.getByText("Đã xóa dữ liệu.")).toBeVisible();
  expect(await db.select().from(enrollments).where(eq(enrollments.id, row!.id))).toHaveLength(0);

  await page.goto("/admin/settings");
  await page.getByRole("link", { name: "Nhật ký quản trị" }).click();
  await expect(page.getByRole("heading", { name: "Nhật ký quản trị", level: 1 })).toBeVisible();
  await page.getByLabel("Người thực hiện").selectOption(admin.email);
  await page.getByRole("button", { name: "Lọc" }).click();
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(4); // header, the erasure, the row it deleted, the correction
  await expect(table).toContainText("Xóa dữ liệu cá nhân");
  // The changed field by its label, not its column name (issue 26 §11).
  await expect(table).toContainText("Họ và tên");
  await expect(table).not.toContainText("full_name");
  await expect(table).not.toContainText(email);
  await page.getByLabel("Thao tác").selectOption("erase");
  await page.getByRole("button", { name: "Lọc" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Đăng ký học: 1");
  await expectAccessible();
});
