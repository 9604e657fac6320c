// /admin/payments: an admin imports a bank statement (choosing its columns the first time), sees
// what matched and what did not, confirms, and the learner's receipt arrives; an admin finds an
// enrolment by its reference however typed and marks it paid by hand.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Database } from "~/db/client.server";
import { courses, enrollments, paymentSettings } from "~/db/schema";
import { expect, test } from "./fixtures";
import { uniqueEmail, waitForMail } from "./forms-support";

/** An enrolment in the demo's B1 course, owing `amount`; the reference is the database's. */
async function enrol(database: Database, email: string, amount: number) {
  const [course] = await database.db.select({ id: courses.id }).from(courses).where(eq(courses.level, "B1"));
  const name = `Phạm Thu ${randomBytes(3).toString("hex")}`;
  const [row] = await database.db
    .insert(enrollments)
    .values({
      fullName: name,
      phone: "0912345678",
      email,
      course: "b1",
      courseId: course!.id,
      schedule: "evening",
      paymentAmount: amount,
    })
    .returning({ id: enrollments.id, reference: enrollments.paymentReference });
  return { ...row!, name };
}

const paymentStatus = async (database: Database, id: string) =>
  (
    await database.db.select({ s: enrollments.paymentStatus }).from(enrollments).where(eq(enrollments.id, id))
  )[0]!.s;

test.describe("admin payments", () => {
  test("a bank statement is imported: columns chosen, lines matched, confirmed, receipt mailed", async ({
    page,
    context,
    accounts,
    database,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("thu.statement");
    const learner = await enrol(database, email, 2_000_000);
    // The first import of this statement's layout: no columns remembered.
    await database.db.update(paymentSettings).set({ statementColumns: null });
    const ref = learner.reference;
    const csv = [
      "\uFEFFNGÂN HÀNG TMCP NGOẠI THƯƠNG VIỆT NAM",
      "STT;Ngày giao dịch;Số tiền ghi nợ;Số tiền ghi có;Mô tả",
      `1;20/11/2026 09:15:02;;"2.000.000";"MBVCB.123.PHAM THU; HOCPHI ${ref.slice(0, 4)}-${ref.slice(4).toLowerCase()}"`,
      '2;21/11/2026;;500.000;"Chuyen tien khong ghi ma"',
      '3;21/11/2026;"11.000";;"Phi SMS"',
    ].join("\r\n");

    await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Hạnh" }));
    await page.goto("/admin/payments");
    await expect(page.getByRole("heading", { name: "Thanh toán", level: 1 })).toBeVisible();
    await expectAccessible();

    await page
      .getByLabel("Tệp sao kê (CSV, tối đa 768 KB và 5.000 dòng)")
      .setInputFiles({ name: "sao-ke.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Đọc sao kê" }).click();

    await expect(page.getByRole("heading", { name: "Sao kê dùng những cột nào?" })).toBeVisible();
    await page.getByLabel("Cột ngày").selectOption("Ngày giao dịch");
    await page.getByLabel("Cột số tiền ghi có").selectOption("Số tiền ghi có");
    await page.getByLabel("Cột nội dung chuyển khoản").selectOption("Mô tả");
    await page.getByRole("button", { name: "Dùng các cột này" }).click();

    await expect(page.getByRole("heading", { name: "1 dòng sẽ được ghi nhận" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "1 dòng không khớp" })).toBeVisible();
    const matched = page.getByRole("table", { name: "1 dòng sẽ được ghi nhận" });
    await expect(matched).toContainText(ref);
    await expect(matched).toContainText("2.000.000đ");
    await expect(page.getByRole("checkbox", { name: "Ghi nhận dòng 3" })).toBeChecked();
    await expect(page.getByRole("table", { name: "1 dòng không khớp" })).toContainText(
      "Nội dung không có mã thanh toán",
    );
    await expect(page.getByText("Đã bỏ qua 1 dòng không có tiền ghi có")).toBeVisible();
    // Someone enrols meanwhile: the list reloads live, and the preview stays.
    const reloaded = page.waitForResponse((response) => response.url().includes("/admin/payments.data"));
    await notifyChange(database.db, "enrollments");
    await reloaded;
    await expect(matched).toContainText(ref);
    await expectAccessible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible();
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.getByRole("button", { name: "Ghi nhận thanh toán cho các dòng đã chọn" }).click();
    await expect(
      page.getByText("Đã nhập sao kê: 1 đã thanh toán, 0 thanh toán một phần, 0 bỏ qua."),
    ).toBeVisible();
    expect(await paymentStatus(database, learner.id)).toBe("paid");

    const receipt = await waitForMail((mail) => mail.to.includes(email));
    expect(receipt.subject).toBe(`Biên nhận thanh toán – ${ref}`);
    expect(receipt.text).toContain("2.000.000đ");
    expect(receipt.text).toContain("20/11/2026");
    expect(receipt.text).toContain("Chuyển khoản");

    // The same statement again: remembered columns, nothing left to record.
    await page
      .getByLabel("Tệp sao kê (CSV, tối đa 768 KB và 5.000 dòng)")
      .setInputFiles({ name: "sao-ke.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Đọc sao kê" }).click();
    await expect(page.getByRole("heading", { name: "0 dòng sẽ được ghi nhận" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "1 dòng của đăng ký đã thanh toán" })).toBeVisible();
  });

  test("an enrolment found by its reference is marked paid by hand", async ({
    page,
    context,
    accounts,
    database,
    expectAccessible,
  }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail("thu.cash");
    const learner = await enrol(database, email, 3_500_000);
    await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Hạnh" }));
    await page.goto("/admin/payments");

    const typed = `${learner.reference.slice(0, 5).toLowerCase()} ${learner.reference.slice(5)}`;
    await page.getByRole("searchbox", { name: "Tìm kiếm" }).fill(typed);
    await page.getByRole("button", { name: "Tìm", exact: true }).click();
    await expect(page.getByText("1 đăng ký", { exact: true })).toBeVisible();
    await page
      .getByRole("link", { name: `Ghi nhận thanh toán cho ${learner.reference} (${learner.name})` })
      .click();

    const dialog = page.getByRole("dialog", { name: "Ghi nhận thanh toán" });
    await expect(dialog.getByLabel("Số tiền đã nhận (VND)")).toHaveValue("3500000");
    await dialog.getByLabel("Hình thức thanh toán").selectOption({ label: "Tiền mặt" });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible();
    await page.setViewportSize({ width: 1366, height: 900 });
    await expectAccessible();
    await dialog.getByRole("button", { name: "Xác nhận đã thanh toán" }).click();

    await expect(page.getByText("Đã ghi nhận thanh toán: đăng ký đã được thanh toán")).toBeVisible();
    await expect(page.locator("tbody tr").filter({ hasText: learner.reference })).toContainText(
      "Đã thanh toán",
    );
    expect(await paymentStatus(database, learner.id)).toBe("paid");
    const receipt = await waitForMail((mail) => mail.to.includes(email));
    expect(receipt.text).toContain("Tiền mặt");
    expect(receipt.text).toContain("3.500.000đ");

    // The students list finds the same reference and shows it.
    await page.goto(`/admin/students?q=${encodeURIComponent(typed)}`);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText(learner.reference);
  });
});
