// The placement test's question bank in the admin (issue 29): an admin finds it in the sidebar,
// adds a gap-fill question to A1, sees it at the end of A1, moves it up, hides it and deletes it.
// The test works on its own question only: the demo questions a test asks stay as they are (the
// new one is never among A1's first eight), so it runs beside the other tests.
import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { placementQuestions } from "~/db/schema";
import { expect, test } from "./fixtures";

test("an admin adds a gap-fill question to A1, moves it up, hides it and deletes it", async ({
  page,
  context,
  accounts,
  database,
  expectAccessible,
}) => {
  const prompt = `Ich trinke morgens ___ Kaffee. (${randomBytes(3).toString("hex")})`;
  try {
    await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Hương" }));
    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Menu quản trị" })
      .getByRole("link", { name: "Kiểm tra trình độ" })
      .click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Ngân hàng câu hỏi kiểm tra trình độ" }),
    ).toBeVisible();
    const a1 = page.getByRole("region", { name: "Trình độ A1" });
    await expect(a1.getByText(/^\d+\/\d+ câu đang dùng$/)).toBeVisible();
    await expect(a1.getByText("Đang dùng trong bài kiểm tra").first()).toBeVisible();
    await expectAccessible();

    await page.getByRole("link", { name: "Thêm câu hỏi" }).click();
    const dialog = page.getByRole("dialog", { name: "Thêm câu hỏi mới" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Trình độ").selectOption("A1");
    await dialog.getByLabel("Kỹ năng").selectOption({ label: "Từ vựng" });
    await dialog.getByLabel("Loại câu hỏi").selectOption({ label: "Điền từ" });
    // A gap fill has no options: once the page runs, only its own fields show.
    await expect(dialog.getByLabel("Các phương án")).toBeHidden();
    await expect(dialog.getByLabel("Các đáp án được chấp nhận")).toBeVisible();

    // Its rules, in the admin's words: a gap in the prompt and an accepted answer.
    await dialog.getByLabel("Câu hỏi (tiếng Đức)").fill("Ich trinke morgens Kaffee.");
    await dialog.getByRole("button", { name: "Lưu" }).click();
    await expect(
      dialog.getByText("Câu điền từ cần có chỗ trống, viết là ___ (ba dấu gạch dưới)"),
    ).toBeVisible();
    await expect(dialog.getByText("Vui lòng điền thông tin này")).toBeVisible();
    await expectAccessible();

    await dialog.getByLabel("Câu hỏi (tiếng Đức)").fill(prompt);
    await dialog.getByLabel("Các đáp án được chấp nhận").fill("einen\nkeinen");
    await dialog
      .getByLabel("Giải thích (tiếng Việt)")
      .fill("'Kaffee' là danh từ giống đực, ở cách 4 dùng 'einen'.");
    await dialog
      .getByLabel("Giải thích (English)")
      .fill("'Kaffee' is masculine: the accusative takes 'einen'.");
    await dialog.getByRole("button", { name: "Lưu" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();

    // At the end of A1, not asked by a test (A1's first eight active questions are).
    const [{ total } = { total: 0 }] = await database.db
      .select({ total: count() })
      .from(placementQuestions)
      .where(eq(placementQuestions.level, "A1"));
    const rows = a1.getByRole("listitem");
    const row = rows.filter({ hasText: prompt });
    await expect(rows.last()).toContainText(prompt);
    await expect(row).toContainText(`Câu ${total}`);
    await expect(row).toContainText("Điền từ");
    await expect(row).toContainText("Từ vựng");
    await expect(row).toContainText("einen · keinen");
    await expect(row.getByText("Đang dùng trong bài kiểm tra")).toHaveCount(0);
    const [stored] = await database.db
      .select()
      .from(placementQuestions)
      .where(eq(placementQuestions.prompt, prompt));
    expect(stored).toMatchObject({
      level: "A1",
      skill: "vocabulary",
      kind: "cloze",
      options: [],
      answers: ["einen", "keinen"],
      translations: { en: { explanation: "'Kaffee' is masculine: the accusative takes 'einen'." } },
      active: true,
    });

    // Up one place: the question before it is now after it.
    await row.getByRole("button", { name: `Lên — câu ${total} (A1)` }).click();
    await expect(row).toContainText(`Câu ${total - 1}`);
    await expect(rows.last()).not.toContainText(prompt);
    await expect(rows.nth(total - 2)).toContainText(prompt);

    // Hidden: it stays in the list, switched off.
    await row.getByRole("button", { name: "Đang hoạt động (bấm để ẩn)" }).click();
    await expect(row.getByRole("button", { name: "Đã ẩn (bấm để kích hoạt)" })).toBeVisible();
    await expect
      .poll(
        async () =>
          (
            await database.db.select().from(placementQuestions).where(eq(placementQuestions.id, stored!.id))
          )[0]?.active,
      )
      .toBe(false);

    // Delete asks first, naming the question.
    await row.getByRole("link", { name: `Xóa câu ${total - 1} (A1)` }).click();
    const confirm = page.getByRole("dialog", { name: "Xác nhận xóa" });
    await expect(confirm).toContainText(`A1 — câu ${total - 1}: Ich trinke morgens ___ Kaffee.`);
    await expectAccessible();
    await confirm.getByRole("button", { name: "Xóa" }).click();
    await expect(page.getByText("Đã xóa.")).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(
      await database.db.select().from(placementQuestions).where(eq(placementQuestions.id, stored!.id)),
    ).toEqual([]);
  } finally {
    await database.db.delete(placementQuestions).where(eq(placementQuestions.prompt, prompt));
  }
});
