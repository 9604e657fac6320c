import { eq } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import { courseRevisions, courses } from "~/db/schema";
import { serializeDocument } from "~/lib/rich-text/document";
import { expect, test } from "./fixtures";
import { gotoHydrated } from "./forms-support";

const TITLE = "Tiếng Đức C1 — Luyện thi Goethe";

test.describe("admin courses", () => {
  test("@exclusive an admin adds, edits, closes and deletes a course; /courses follows live", async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
    database,
    expectAccessible,
  }) => {
    test.setTimeout(60_000);
    const visitor = await browser.newContext({ baseURL });
    try {
      await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Hạnh" }));
      const publicPage = await visitor.newPage();
      await publicPage.goto("/courses");
      await expect(publicPage.getByRole("heading", { name: TITLE })).toHaveCount(0);

      await page.goto("/admin/courses");
      await expectAccessible();
      await page.getByRole("link", { name: "Thêm khóa học" }).click();
      const dialog = page.getByRole("dialog", { name: "Thêm khóa học mới" });
      await expect(dialog).toBeVisible();

      // Required fields and the price rule, in the spec's words where it gives them.
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog.getByText("Vui lòng điền thông tin này").first()).toBeVisible();
      await dialog.getByLabel("Học phí (VNĐ)").fill("năm triệu");
      await dialog.getByLabel("Tên khóa học").fill(TITLE);
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog.getByText("Học phí phải là số nguyên không âm (VNĐ)")).toBeVisible();
      await expectAccessible();

      await dialog.getByLabel("Trình độ").selectOption("C1");
      await dialog.getByLabel("Học phí (VNĐ)").fill("5.500.000");
      await expect(dialog.getByText("5.500.000đ")).toBeVisible();
      // The description is written in the visual editor (ADR 056): Ctrl+B makes "C1" bold.
      await dialog.getByRole("textbox", { name: "Mô tả", exact: true }).click();
      await page.keyboard.type("Khóa luyện thi ");
      await page.keyboard.press("Control+b");
      await page.keyboard.type("C1");
      await page.keyboard.press("Control+b");
      await page.keyboard.type(" cho người chuẩn bị học đại học tại Đức.");
      await dialog.getByLabel("Thời lượng").fill("4 tháng");
      await dialog.getByLabel("Số buổi học").fill("48 buổi");
      // The one feature field cannot be removed; a second, left empty, is dropped on save.
      await expect(dialog.getByRole("button", { name: "Xóa nội dung 1" })).toBeDisabled();
      await dialog.getByRole("textbox", { name: "Nội dung 1" }).fill("Đề thi thật Goethe C1");
      await dialog.getByRole("button", { name: "Thêm nội dung" }).click();
      await expect(dialog.getByRole("textbox", { name: "Nội dung 2" })).toBeVisible();
      // The colour swatches are a radio group, chosen here by keyboard.
      await dialog.getByRole("radio", { name: "Tím" }).focus();
      await page.keyboard.press("Space");
      await expect(dialog.getByRole("radio", { name: "Tím" })).toBeChecked();
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();

      await expect(dialog).toHaveCount(0);
      await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
      const row = page.getByRole("listitem").filter({ hasText: TITLE });
      await expect(row).toContainText("5.500.000đ");
      const [stored] = await database.db.select().from(courses).where(eq(courses.title, TITLE));
      expect(stored).toMatchObject({
        level: "C1",
        price: 5_500_000,
        features: ["Đề thi thật Goethe C1"],
        color: "purple",
        active: true,
      });
      await expect(publicPage.getByRole("heading", { name: TITLE })).toBeVisible();
      // Its card says the description's words; its page shows it as written.
      await expect(
        publicPage.getByText("Khóa luyện thi C1 cho người chuẩn bị học đại học tại Đức."),
      ).toBeVisible();
      const coursePage = await (await page.request.get(`/courses/${stored!.slug}`)).text();
      expect(coursePage).toContain("<strong>C1</strong>");

      // Edit: the dialog opens with the stored values.
      await row.getByRole("link", { name: `Sửa ${TITLE}` }).click();
      const edit = page.getByRole("dialog", { name: "Sửa khóa học" });
      await expect(edit.getByLabel("Học phí (VNĐ)")).toHaveValue("5500000");
      await edit.getByLabel("Tên khóa học").fill(`${TITLE} (tối)`);
      await edit.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(edit).toHaveCount(0);
      await expect(publicPage.getByRole("heading", { name: `${TITLE} (tối)` })).toBeVisible();

      // Close it from the list: it leaves the public page.
      const edited = page.getByRole("listitem").filter({ hasText: `${TITLE} (tối)` });
      await edited.getByRole("button", { name: "Đang mở (bấm để đóng)" }).click();
      await expect(edited.getByRole("button", { name: "Đã đóng (bấm để mở)" })).toBeVisible();
      await expect(publicPage.getByRole("heading", { name: `${TITLE} (tối)` })).toHaveCount(0);

      // Delete asks first; Escape cancels, the second time it goes.
      await edited.getByRole("link", { name: `Xóa ${TITLE} (tối)` }).click();
      const confirm = page.getByRole("dialog", { name: "Xác nhận xóa" });
      await expect(confirm).toContainText(`C1 — ${TITLE} (tối)`);
      await page.keyboard.press("Escape");
      await expect(confirm).toHaveCount(0);
      await expect(edited).toBeVisible();
      await edited.getByRole("link", { name: `Xóa ${TITLE} (tối)` }).click();
      await confirm.getByRole("button", { name: "Xóa" }).click();
      await expect(page.getByText("Đã xóa.")).toBeVisible();
      await expect(edited).toHaveCount(0);
      expect(await database.db.select().from(courses).where(eq(courses.id, stored!.id))).toEqual([]);
    } finally {
      await visitor.close();
      await database.db.delete(courses).where(eq(courses.level, "C1"));
    }
  });

  test("@exclusive an editor rewrites a description, compares it with the earlier version and restores that one", async ({
    page,
    context,
    accounts,
    database,
    expectAccessible,
  }) => {
    test.setTimeout(60_000);
    const paragraph = (text: string) =>
      serializeDocument({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
    const first = "Khóa C2 cho người cần tiếng Đức ở trình độ gần bản ngữ.";
    const [course] = await database.db
      .insert(courses)
      .values({
        level: "C2",
        title: "Tiếng Đức C2 — Thành thạo",
        description: paragraph(first),
        duration: "6 tháng",
        lessons: "72 buổi",
        price: 9_000_000,
        color: "purple",
        active: true,
      })
      .returning();
    // Its history begins with the text it has (as migration 0022 gives every course).
    await database.db.insert(courseRevisions).values({
      courseId: course!.id,
      title: course!.title,
      slug: course!.slug,
      description: course!.description,
      duration: course!.duration,
      lessons: course!.lessons,
      features: [],
      savedByName: "Cô Hạnh",
    });
    try {
      await accounts.signIn(context, await accounts.create({ role: "editor", name: "Biên Tập Viên" }));
      await page.goto(`/admin/courses?dialog=edit&id=${course!.id}`);
      const dialog = page.getByRole("dialog", { name: "Sửa khóa học" });
      const description = dialog.getByRole("textbox", { name: "Mô tả", exact: true });
      await description.click();
      await page.keyboard.press("Control+a");
      await page.keyboard.type("Khóa C2 mới: luyện viết luận và thuyết trình.");
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog).toHaveCount(0);

      // The history, reached from the course's dialog: two versions, the newest first.
      await page.goto(`/admin/courses?dialog=edit&id=${course!.id}`);
      await page.getByRole("link", { name: "Lịch sử phiên bản" }).click();
      const history = page.getByRole("dialog", { name: "Lịch sử phiên bản" });
      const versions = history
        .getByRole("list", { name: "Các phiên bản, mới nhất trước" })
        .getByRole("listitem");
      await expect(versions).toHaveCount(2);
      await expect(versions.first()).toContainText("bởi Biên Tập Viên");
      await versions.nth(1).getByRole("link", { name: "So sánh" }).click();
      const compared = history.getByRole("table", { name: "Mô tả" });
      await expect(compared.locator('tr[data-kind="changed"] td').first()).toContainText(first);
      await expectAccessible();

      await history.getByRole("button", { name: "Khôi phục phiên bản này" }).click();
      await expect(page.getByRole("dialog", { name: "Sửa khóa học" })).toBeVisible();
      const [restored] = await database.db.select().from(courses).where(eq(courses.id, course!.id));
      expect(restored!.description).toBe(paragraph(first));
      const coursePage = await (await page.request.get(`/courses/${restored!.slug}`)).text();
      expect(coursePage).toContain(first);
      // The restore is itself a version: it can be undone.
      expect(
        await database.db.select().from(courseRevisions).where(eq(courseRevisions.courseId, course!.id)),
      ).toHaveLength(3);
    } finally {
      await database.db.delete(courses).where(eq(courses.id, course!.id));
    }
  });

  test("a failed save keeps the dialog open with the typed values and the spec's alert", async ({
    page,
    context,
    accounts,
    database,
  }) => {
    await accounts.signIn(context, await accounts.create({ role: "admin" }));
    // A closed course of this test's own: no public page shows it.
    const [course] = await database.db
      .insert(courses)
      .values({
        level: "A2",
        title: "Khóa thử nghiệm đã đóng",
        description: "Chỉ dùng trong kiểm thử.",
        duration: "1 tháng",
        lessons: "8 buổi",
        price: 1_000_000,
        color: "teal",
        active: false,
      })
      .returning();
    try {
      await page.goto(`/admin/courses?dialog=edit&id=${course!.id}`);
      const dialog = page.getByRole("dialog", { name: "Sửa khóa học" });
      await dialog.getByLabel("Học phí (VNĐ)").fill("2500000000");
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog.getByText("Học phí phải là số nguyên không âm (VNĐ)")).toBeVisible();
      await expect(dialog.getByLabel("Học phí (VNĐ)")).toHaveValue("2500000000");
      // Another admin deletes it meanwhile, and the page hears of it (a live reload of the list):
      // the dialog stays open, the save says the course is gone and keeps what was typed.
      const countLine = page.getByText(/^\d+ khóa học$/);
      const countBefore = (await countLine.textContent()) ?? "";
      await database.db.transaction(async (tx) => {
        await tx.delete(courses).where(eq(courses.id, course!.id));
        await notifyChange(tx, "courses");
      });
      await expect(countLine).not.toHaveText(countBefore);
      await expect(dialog).toBeVisible();
      await dialog.getByLabel("Học phí (VNĐ)").fill("4100000");
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog.getByRole("alert")).toHaveText("Mục này không còn tồn tại (có thể đã bị xóa).");
      await expect(dialog.getByLabel("Học phí (VNĐ)")).toHaveValue("4100000");
    } finally {
      await database.db.delete(courses).where(eq(courses.id, course!.id));
    }
  });

  test("a plain user's posts to the course actions are refused and change nothing", async ({
    browser,
    baseURL,
    accounts,
    database,
  }) => {
    // The demo courses (other tests running meanwhile add and remove their own).
    const demo = () => database.db.select().from(courses).where(eq(courses.active, true)).orderBy(courses.id);
    const before = await demo();
    const context = await browser.newContext({ baseURL });
    await accounts.signIn(context, await accounts.create());
    const target = before[0]!;
    const forms: Record<string, string>[] = [
      {
        intent: "save",
        level: "A1",
        title: "Hacked",
        description: "x",
        duration: "x",
        lessons: "x",
        price: "1",
      },
      {
        intent: "save",
        id: target.id,
        level: "A1",
        title: "Hacked",
        description: "x",
        duration: "x",
        lessons: "x",
        price: "1",
      },
      { intent: "toggle-active", id: target.id, active: String(!target.active) },
      { intent: "delete", id: target.id },
    ];
    for (const form of forms) {
      const response = await context.request.post("/admin/courses", {
        form,
        headers: { origin: baseURL! },
        maxRedirects: 0,
      });
      expect(response.status(), form.intent).toBe(403);
    }
    await context.close();
    expect(await demo()).toEqual(before);
  });
});

test("a dialog opened from the list is modal the moment it shows: Escape closes it at once", async ({
  page,
  context,
  accounts,
}) => {
  // Records, as each open dialog is put into the page, whether it is already modal (before any later
  // task could make it so): a keyboard user's Escape right after it shows must close it.
  await page.addInitScript(() => {
    const seen: boolean[] = [];
    Object.assign(window, { dialogsModalWhenShown: seen });
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.addedNodes)
          if (node instanceof Element)
            for (const dialog of [node, ...node.querySelectorAll("dialog")])
              if (dialog instanceof HTMLDialogElement && dialog.open) seen.push(dialog.matches(":modal"));
    }).observe(document, { subtree: true, childList: true });
  });
  const admin = await accounts.create({ role: "admin", name: "Cô Thu Hà" });
  await accounts.signIn(context, admin);
  await gotoHydrated(page, "/admin/courses");
  await page.getByRole("link", { name: /^Xóa / }).first().click();
  const confirm = page.getByRole("dialog", { name: "Xác nhận xóa" });
  await expect(confirm).toBeVisible();
  expect(
    await page.evaluate(
      () => (window as unknown as { dialogsModalWhenShown: boolean[] }).dialogsModalWhenShown,
    ),
  ).toEqual([true]);
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/courses$/);
});
