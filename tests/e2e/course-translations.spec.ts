// A course in German (ADR 032, issue 19): the admin switches the course dialog to DE, translates
// the title and the features, and the German /courses shows them while the untranslated
// description stays Vietnamese and says so (lang="vi"); the Vietnamese page is unchanged.
import { eq } from "drizzle-orm";
import { courses } from "~/db/schema";
import { expect, test } from "./fixtures";

const TITLE = "Tiếng Đức giao tiếp B2 — Dịch thuật";
const DESCRIPTION = "Khóa học giao tiếp nâng cao cho người đi làm tại Đức.";
const GERMAN_TITLE = "Kommunikation B2 — Übersetzen";

test.describe("course translations", () => {
  // @exclusive: the course appears on /courses for every visitor while the test runs.
  test("@exclusive an admin translates a course into German; /courses in German shows it, the rest in Vietnamese", async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
    database,
    expectAccessible,
  }) => {
    test.setTimeout(60_000);
    const [course] = await database.db
      .insert(courses)
      .values({
        level: "B2",
        title: TITLE,
        description: DESCRIPTION,
        duration: "4 tháng",
        lessons: "48 buổi",
        price: 4_500_000,
        features: ["Luyện dịch văn bản", "Lớp tối đa 8 học viên"],
        color: "green",
        active: true,
      })
      .returning({ id: courses.id });
    try {
      await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Hạnh" }));
      await page.goto("/admin/courses");
      const row = page.getByRole("listitem").filter({ hasText: TITLE });
      await expect(row.getByText("Chưa có Tiếng Đức")).toBeAttached();
      await row.getByRole("link", { name: `Sửa ${TITLE}` }).click();
      const dialog = page.getByRole("dialog", { name: "Sửa khóa học" });
      const german = dialog.getByRole("link", { name: /Tiếng Đức/ });
      await expect(german).toContainText("chưa dịch");
      await german.click();
      await expect(page).toHaveURL(/[?&]lang=de/);
      await expect(german).toHaveAttribute("aria-current", "page");

      // Only the texts, each with the Vietnamese original beneath; no price, level or colour.
      await expect(dialog.getByLabel("Học phí (VNĐ)")).toHaveCount(0);
      await expect(dialog.getByText(`Bản gốc tiếng Việt: ${DESCRIPTION}`)).toBeVisible();
      await expectAccessible();
      await dialog.getByLabel("Tên khóa học").fill(GERMAN_TITLE);
      await dialog.getByRole("textbox", { name: "Nội dung 1" }).fill("Texte übersetzen");
      await dialog.getByRole("textbox", { name: "Nội dung 2" }).fill("Höchstens 8 Lernende pro Klasse");
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
      await expect(row.getByText("Có Tiếng Đức")).toBeAttached();
      const [stored] = await database.db.select().from(courses).where(eq(courses.id, course!.id));
      expect(stored).toMatchObject({
        title: TITLE,
        description: DESCRIPTION,
        translations: {
          de: { title: GERMAN_TITLE, features: ["Texte übersetzen", "Höchstens 8 Lernende pro Klasse"] },
        },
      });

      // The dialog opened again in German shows the translation and a "partly translated" badge.
      await row.getByRole("link", { name: `Sửa ${TITLE}` }).click();
      await expect(dialog.getByLabel("Tên khóa học")).toHaveValue(GERMAN_TITLE);
      await expect(dialog.getByRole("link", { name: /Tiếng Đức/ })).toContainText("dịch một phần");

      const germanVisitor = await browser.newContext({ baseURL });
      try {
        await germanVisitor.addCookies([{ name: "lng", value: "de", url: baseURL! }]);
        const germanPage = await germanVisitor.newPage();
        // The German cookie leads from the Vietnamese address to the German one.
        await germanPage.goto("/courses");
        await expect(germanPage).toHaveURL(/\/de\/courses$/);
        const card = germanPage.getByRole("article", { name: GERMAN_TITLE });
        await expect(card).toBeVisible();
        await expect(card.getByRole("heading", { name: GERMAN_TITLE })).not.toHaveAttribute("lang");
        await expect(card.getByText(DESCRIPTION)).toHaveAttribute("lang", "vi");
        await expect(card.getByText("Texte übersetzen")).toBeVisible();
        await expect(card.getByText("4 tháng")).toHaveAttribute("lang", "vi");
      } finally {
        await germanVisitor.close();
      }

      const visitor = await browser.newContext({ baseURL });
      try {
        const vietnamesePage = await visitor.newPage();
        await vietnamesePage.goto("/courses");
        const card = vietnamesePage.getByRole("article", { name: TITLE });
        await expect(card.getByText(DESCRIPTION)).not.toHaveAttribute("lang");
        await expect(card.getByText("Luyện dịch văn bản")).toBeVisible();
        await expect(vietnamesePage.getByText(GERMAN_TITLE)).toHaveCount(0);
      } finally {
        await visitor.close();
      }
    } finally {
      await database.db.delete(courses).where(eq(courses.id, course!.id));
    }
  });
});
