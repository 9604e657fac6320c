// The about page in three languages through the UI (ADR 032, issue 19): an admin finds a
// testimonial with the filter "Chưa dịch sang EN", translates it in the dialog's English tab, and
// the English about page shows the translation while an untranslated text stays Vietnamese and
// says so (lang="vi"). @exclusive: it adds a featured testimonial and a value to /about, and puts
// every row back in `finally`.
import { eq } from "drizzle-orm";
import { coreValues, testimonials } from "~/db/schema";
import { change } from "./courses-changes";
import { expect, test } from "./fixtures";

const NAME = "Trịnh Bảo Ngọc";
const VALUE = "Kiên nhẫn từng bước";

test("@exclusive an admin translates a testimonial into English; the English about page shows it, the rest marked Vietnamese", async ({
  page,
  context,
  browser,
  baseURL,
  accounts,
  database,
  expectAccessible,
}) => {
  test.setTimeout(60_000);
  await change(database, baseURL!, "testimonials", async (tx) => {
    await tx.insert(testimonials).values({
      name: NAME,
      role: "Học viên A2, Đà Nẵng",
      content: "Cô giải thích ngữ pháp rất dễ hiểu.",
      result: "Đỗ A2 Goethe",
      featured: true,
      order: 1,
    });
  });
  await change(database, baseURL!, "values", async (tx) => {
    await tx
      .insert(coreValues)
      .values({ title: VALUE, description: "Mỗi học viên một nhịp riêng.", order: 1 });
  });
  try {
    await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Hạnh" }));
    await page.goto("/admin/about?tab=testimonials");
    const filter = page.getByRole("navigation", { name: "Bản dịch" });
    await filter.getByRole("link", { name: "Chưa dịch sang EN" }).click();
    await expect(filter.getByRole("link", { name: "Chưa dịch sang EN" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const row = page.getByRole("listitem").filter({ hasText: NAME });
    await expect(row.getByText("Chưa có Tiếng Anh")).toBeAttached();

    await row.getByRole("link", { name: `Sửa ${NAME}` }).click();
    const dialog = page.getByRole("dialog", { name: "Sửa cảm nhận" });
    const languages = dialog.getByRole("navigation", { name: "Ngôn ngữ nội dung" });
    await languages.getByRole("link", { name: /Tiếng Anh/ }).click();
    await expect(languages.getByRole("link", { name: /Tiếng Anh/ })).toHaveAttribute("aria-current", "page");
    // Only the texts: the name, rating and order stay the original's.
    await expect(dialog.getByLabel("Họ tên")).toHaveCount(0);
    await expect(dialog.getByLabel("Đánh giá (1 đến 5 sao)")).toHaveCount(0);
    await expect(dialog.getByText("Bản gốc tiếng Việt: Cô giải thích ngữ pháp rất dễ hiểu.")).toBeVisible();
    await expectAccessible();

    await dialog.getByLabel("Vai trò").fill("A2 learner, Da Nang");
    await dialog.getByLabel("Nội dung cảm nhận").fill("She explains grammar so clearly.");
    await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
    await expect(dialog).toHaveCount(0);
    // Translated now: gone from "not translated into EN", listed with English under "all".
    await expect(row).toHaveCount(0);
    await filter.getByRole("link", { name: "Tất cả" }).click();
    await expect(row.getByText("Có Tiếng Anh")).toBeAttached();
    await expect(row.getByText("Chưa có Tiếng Đức")).toBeAttached();
    const [stored] = await database.db.select().from(testimonials).where(eq(testimonials.name, NAME));
    expect(stored).toMatchObject({
      role: "Học viên A2, Đà Nẵng",
      content: "Cô giải thích ngữ pháp rất dễ hiểu.",
      translations: { en: { role: "A2 learner, Da Nang", content: "She explains grammar so clearly." } },
    });

    const visitor = await browser.newContext({ baseURL });
    try {
      const english = await visitor.newPage();
      await english.goto("/en/about");
      await expect(english.locator("html")).toHaveAttribute("lang", "en");
      const quote = english.getByTestId("testimonial").filter({ hasText: NAME });
      await expect(quote.locator("blockquote")).toHaveText("“She explains grammar so clearly.”");
      await expect(quote.locator("blockquote")).not.toHaveAttribute("lang");
      await expect(quote.getByText("A2 learner, Da Nang")).toBeVisible();
      // The result is not translated: shown in Vietnamese and marked as such.
      await expect(quote.getByText("Đỗ A2 Goethe")).toHaveAttribute("lang", "vi");
      const value = english.getByTestId("core-value").filter({ hasText: VALUE });
      await expect(value.getByText("Mỗi học viên một nhịp riêng.")).toHaveAttribute("lang", "vi");
      await expect(value.getByRole("heading", { name: VALUE })).toHaveAttribute("lang", "vi");
      await expectAccessible(english);
    } finally {
      await visitor.close();
    }
  } finally {
    await change(database, baseURL!, "testimonials", (tx) =>
      tx.delete(testimonials).where(eq(testimonials.name, NAME)),
    );
    await change(database, baseURL!, "values", (tx) =>
      tx.delete(coreValues).where(eq(coreValues.title, VALUE)),
    );
  }
});
