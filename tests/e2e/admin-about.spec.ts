// The admin about page through the UI: the six tabs of /admin/about, the public /about page following
// each change live in a second (anonymous) page, avatar uploads, and the server refusing a plain
// user. Tests that change what /about shows are @exclusive and put every row back in `finally`.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "~/db/client.server";
import { aboutInfo, coreValues, milestones, stats, teamMembers, testimonials } from "~/db/schema";
import { change } from "./courses-changes";
import { expect, type TestAccount, test } from "./fixtures";

/** Every about-page row, to put back exactly as it was. */
async function saveAboutContent({ db }: Database) {
  return {
    info: await db.select().from(aboutInfo),
    stats: await db.select().from(stats),
    team: await db.select().from(teamMembers).orderBy(teamMembers.id),
    values: await db.select().from(coreValues).orderBy(coreValues.id),
    milestones: await db.select().from(milestones).orderBy(milestones.id),
    testimonials: await db.select().from(testimonials).orderBy(testimonials.id),
  };
}

async function restoreAboutContent(
  database: Database,
  baseURL: string,
  saved: Awaited<ReturnType<typeof saveAboutContent>>,
) {
  await change(database, baseURL, "about", async (tx) => {
    for (const table of [aboutInfo, stats, teamMembers, coreValues, milestones, testimonials])
      await tx.delete(table);
    if (saved.info.length) await tx.insert(aboutInfo).values(saved.info);
    if (saved.stats.length) await tx.insert(stats).values(saved.stats);
    if (saved.team.length) await tx.insert(teamMembers).values(saved.team);
    if (saved.values.length) await tx.insert(coreValues).values(saved.values);
    if (saved.milestones.length) await tx.insert(milestones).values(saved.milestones);
    if (saved.testimonials.length) await tx.insert(testimonials).values(saved.testimonials);
  });
}

/** An admin on /admin/about and an anonymous visitor on /about, side by side. */
async function adminAndVisitor({
  browser,
  baseURL,
  context,
  accounts,
}: {
  browser: Browser;
  baseURL: string;
  context: BrowserContext;
  accounts: Accounts;
}) {
  await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Hạnh" }));
  const visitor = await browser.newContext({ baseURL });
  const publicPage = await visitor.newPage();
  await publicPage.goto("/about");
  return { visitor, publicPage };
}

interface Accounts {
  create(options?: { role?: "user" | "admin"; name?: string }): Promise<TestAccount>;
  signIn(context: BrowserContext, account: TestAccount): Promise<void>;
}

async function openTab(page: Page, name: string) {
  const tabs = page.getByRole("navigation", { name: "Các mục của trang giới thiệu" });
  await tabs.getByRole("link", { name }).click();
  await expect(tabs.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
}

test.describe("admin about content", () => {
  test("@exclusive general info and stats are saved and /about follows live", async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
    database,
    expectAccessible,
  }) => {
    test.setTimeout(60_000);
    const saved = await saveAboutContent(database);
    const { visitor, publicPage } = await adminAndVisitor({ browser, baseURL: baseURL!, context, accounts });
    try {
      await page.goto("/admin/about");
      await expect(
        page.getByRole("navigation", { name: "Các mục của trang giới thiệu" }).getByRole("link", {
          name: "Thông tin chung",
        }),
      ).toHaveAttribute("aria-current", "page");
      await expectAccessible();
      const mission = "Giúp mỗi học viên Việt Nam tự tin nói tiếng Đức trong 12 tháng.";
      await page.getByLabel("Sứ mệnh").fill(mission);
      await page.getByLabel("Cam kết").fill("Học lại miễn phí nếu chưa đạt.");
      await page.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
      await expect(page).toHaveURL(/done=saved/);
      await expect(publicPage.getByText(mission)).toBeVisible();
      await expect(publicPage.getByText("Học lại miễn phí nếu chưa đạt.")).toBeVisible();

      // Stats: keyboard reaches the tabs; an empty field shows the default as its placeholder.
      await openTab(page, "Số liệu");
      await expect(page).toHaveURL(/\?tab=stats$/);
      await expectAccessible();
      const years = page.getByLabel("Năm hoạt động");
      await years.fill("");
      await expect(years).toHaveAttribute("placeholder", "3+");
      await expect(page.getByLabel("Tổng số học viên")).toHaveAttribute("placeholder", "800+");
      await expect(page.getByLabel("Tỷ lệ thành công")).toHaveAttribute("placeholder", "95%");
      await expect(page.getByLabel("Đánh giá trung bình")).toHaveAttribute("placeholder", "4.9/5");
      await years.fill("Hơn mười năm kinh nghiệm dạy học");
      await page.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(page.getByText("Nội dung quá dài")).toBeVisible();
      await years.fill("12+");
      await page.getByLabel("Tổng số học viên").fill("");
      await page.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
      await expect(publicPage.getByTestId("stat-yearsActive")).toContainText("12+");
      await expect(publicPage.getByTestId("stat-totalStudents")).toContainText("800+");
      const [row] = await database.db.select().from(stats);
      expect(row).toMatchObject({ yearsActive: "12+", totalStudents: null });
    } finally {
      await visitor.close();
      await restoreAboutContent(database, baseURL!, saved);
    }
  });

  test("@exclusive team: add with an uploaded avatar, edit, hide and delete; /about follows live", async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
    database,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    const saved = await saveAboutContent(database);
    const { visitor, publicPage } = await adminAndVisitor({ browser, baseURL: baseURL!, context, accounts });
    const NAME = "Katharina Vogel";
    const publicMember = publicPage.getByTestId("team-member").filter({ hasText: NAME });
    try {
      await page.goto("/admin/about?tab=team");
      await expectAccessible();
      await page.getByRole("link", { name: "Thêm thành viên" }).click();
      const dialog = page.getByRole("dialog", { name: "Thêm thành viên mới" });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(/tab=team&dialog=new&kind=team/);
      await expectAccessible();

      // spec §5: name, role, experience required; order at least 1.
      await dialog.getByLabel("Thứ tự").fill("0");
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog.getByText("Vui lòng điền thông tin này")).toHaveCount(3);
      await expect(dialog.getByText("Thứ tự nhỏ nhất là 1")).toBeVisible();

      // A file that only claims to be a PNG is refused with a clear message.
      const picker = dialog.getByLabel("Tải ảnh lên");
      await picker.setInputFiles({
        name: "anh.png",
        mimeType: "image/png",
        buffer: Buffer.from("chỉ là chữ"),
      });
      await expect(dialog.getByText("Tệp không phải ảnh JPEG, PNG hoặc WebP.")).toBeVisible();
      // A real picture is uploaded and its address fills the field.
      const png = await sharp({ create: { width: 640, height: 640, channels: 3, background: "#0f766e" } })
        .png()
        .toBuffer();
      await picker.setInputFiles({ name: "katharina.png", mimeType: "image/png", buffer: png });
      const avatar = dialog.getByLabel("Ảnh đại diện");
      await expect(avatar).toHaveValue(/^\/uploads\/[0-9a-f]{32}-1200\.webp$/);
      await expect(dialog.getByText("Tệp không phải ảnh JPEG, PNG hoặc WebP.")).toHaveCount(0);
      const upload = await avatar.inputValue();

      await dialog.getByLabel("Họ tên").fill(NAME);
      await dialog.getByLabel("Vai trò").fill("Giáo viên bản ngữ");
      await dialog.getByLabel("Kinh nghiệm").fill("7 năm dạy tiếng Đức");
      await dialog.getByLabel("Chứng chỉ").fill("Goethe-Prüfer\n\nDaF-Zertifikat");
      await dialog.getByLabel("Chuyên môn").fill("Phát âm");
      await dialog.getByLabel("Thứ tự").fill("9");
      await dialog.getByRole("radio", { name: "Xanh ngọc" }).focus();
      await page.keyboard.press("Space");
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();
      const row = page.getByRole("listitem").filter({ hasText: NAME });
      await expect(row.getByRole("button", { name: /^Hoạt động/ })).toBeVisible();
      const [stored] = await database.db.select().from(teamMembers).where(eq(teamMembers.name, NAME));
      expect(stored).toMatchObject({
        certifications: ["Goethe-Prüfer", "DaF-Zertifikat"],
        specialties: ["Phát âm"],
        avatar: upload,
        color: "teal",
        order: 9,
        active: true,
      });
      // The public page shows the member with the small variant of the upload.
      await expect(publicMember).toBeVisible();
      await expect(publicMember.locator("img")).toHaveAttribute(
        "src",
        upload.replace("-1200.webp", "-480.webp"),
      );
      expect((await publicPage.request.get(upload.replace("-1200.webp", "-480.webp"))).status()).toBe(200);

      // Edit: the dialog opens with the stored values, one per line.
      await row.getByRole("link", { name: `Sửa ${NAME}` }).click();
      const edit = page.getByRole("dialog", { name: "Sửa thông tin thành viên" });
      await expect(edit.getByLabel("Chứng chỉ")).toHaveValue("Goethe-Prüfer\nDaF-Zertifikat");
      await edit.getByLabel("Vai trò").fill("Trưởng bộ môn phát âm");
      await edit.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(edit).toHaveCount(0);
      await expect(publicMember).toContainText("Trưởng bộ môn phát âm");

      // "Hoạt động" → "Ẩn": the member leaves the public page.
      await row.getByRole("button", { name: "Hoạt động (bấm để ẩn)" }).click();
      await expect(row.getByRole("button", { name: "Ẩn (bấm để hiện)" })).toBeVisible();
      await expect(publicMember).toHaveCount(0);

      // Delete asks first; Cancel keeps it, the second time it goes.
      await row.getByRole("link", { name: `Xóa ${NAME}` }).click();
      const confirm = page.getByRole("dialog", { name: "Xác nhận xóa" });
      await expect(confirm).toContainText(NAME);
      await expectAccessible();
      await confirm.getByRole("link", { name: "Hủy" }).click();
      await expect(confirm).toHaveCount(0);
      await expect(row).toBeVisible();
      await row.getByRole("link", { name: `Xóa ${NAME}` }).click();
      await confirm.getByRole("button", { name: "Xóa" }).click();
      await expect(page.getByText("Đã xóa.")).toBeVisible();
      await expect(row).toHaveCount(0);
      expect(await database.db.select().from(teamMembers).where(eq(teamMembers.id, stored!.id))).toEqual([]);
    } finally {
      await visitor.close();
      await restoreAboutContent(database, baseURL!, saved);
    }
  });

  test("@exclusive values: icon from the admin set with a preview, colour, edit and delete", async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
    database,
    expectAccessible,
  }) => {
    test.setTimeout(60_000);
    const saved = await saveAboutContent(database);
    const { visitor, publicPage } = await adminAndVisitor({ browser, baseURL: baseURL!, context, accounts });
    const TITLE = "Kiên nhẫn từng bước";
    const publicValue = publicPage.getByTestId("core-value").filter({ hasText: TITLE });
    try {
      await page.goto("/admin/about");
      await openTab(page, "Giá trị cốt lõi");
      await page.getByRole("link", { name: "Thêm giá trị" }).click();
      const dialog = page.getByRole("dialog", { name: "Thêm giá trị mới" });
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog.getByText("Vui lòng điền thông tin này")).toHaveCount(2);
      await expectAccessible();

      // The six icons of the admin set, chosen by keyboard; the preview follows.
      const icons = dialog.getByRole("group", { name: "Biểu tượng" }).getByRole("radio");
      await expect(icons).toHaveCount(6);
      await dialog.getByLabel("Tiêu đề").fill(TITLE);
      await dialog.getByLabel("Mô tả").fill("Mỗi học viên tiến bộ theo nhịp của riêng mình.");
      await dialog.getByRole("radio", { name: "Giải thưởng" }).focus();
      await page.keyboard.press("Space");
      await expect(dialog.getByRole("radio", { name: "Giải thưởng" })).toBeChecked();
      await dialog.getByRole("radio", { name: "Cam" }).focus();
      await page.keyboard.press("Space");
      const preview = dialog.getByTestId("value-preview");
      await expect(preview).toContainText(TITLE);
      await expect(preview).toHaveAttribute("data-icon", "award");
      await expect(preview.locator("span").first()).toHaveClass(/from-orange-700/);
      await dialog.getByLabel("Thứ tự").fill("1");
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(publicValue).toHaveAttribute("data-icon", "award");
      const [stored] = await database.db.select().from(coreValues).where(eq(coreValues.title, TITLE));
      expect(stored).toMatchObject({ icon: "award", color: "orange", order: 1 });

      const row = page.getByRole("listitem").filter({ hasText: TITLE });
      await row.getByRole("link", { name: `Sửa ${TITLE}` }).click();
      const edit = page.getByRole("dialog", { name: "Sửa giá trị" });
      await expect(edit.getByRole("radio", { name: "Giải thưởng" })).toBeChecked();
      await edit.getByRole("radio", { name: "Ngôi sao" }).focus();
      await page.keyboard.press("Space");
      await edit.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(edit).toHaveCount(0);
      await expect(publicValue).toHaveAttribute("data-icon", "star");

      await row.getByRole("link", { name: `Xóa ${TITLE}` }).click();
      await page.getByRole("dialog", { name: "Xác nhận xóa" }).getByRole("button", { name: "Xóa" }).click();
      await expect(page.getByText("Đã xóa.")).toBeVisible();
      await expect(publicValue).toHaveCount(0);
    } finally {
      await visitor.close();
      await restoreAboutContent(database, baseURL!, saved);
    }
  });

  test("@exclusive milestones: add, edit and delete, sorted by order; order 0 refused", async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
    database,
    expectAccessible,
  }) => {
    test.setTimeout(60_000);
    const saved = await saveAboutContent(database);
    const { visitor, publicPage } = await adminAndVisitor({ browser, baseURL: baseURL!, context, accounts });
    const TITLE = "Mở lớp luyện thi C1";
    const publicMilestone = publicPage.getByTestId("milestone").filter({ hasText: TITLE });
    try {
      await page.goto("/admin/about?tab=milestones");
      await page.getByRole("link", { name: "Thêm mốc" }).click();
      const dialog = page.getByRole("dialog", { name: "Thêm mốc mới" });
      await dialog.getByLabel("Năm").fill("2026");
      await dialog.getByLabel("Tiêu đề").fill(TITLE);
      await dialog.getByLabel("Thứ tự").fill("0");
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog.getByText("Thứ tự nhỏ nhất là 1")).toBeVisible();
      await expect(dialog.getByText("Vui lòng điền thông tin này")).toHaveCount(1);
      await expectAccessible();
      await dialog.getByLabel("Mô tả").fill("Lớp C1 đầu tiên cho học viên chuẩn bị vào đại học tại Đức.");
      await dialog.getByLabel("Thứ tự").fill("99");
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog).toHaveCount(0);
      // Order 99: last in the admin list and on the public timeline.
      // The list's rows: the items with an edit link (each row also lists its languages).
      const list = page
        .getByRole("region", { name: "Hành trình" })
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: /^Sửa / }) });
      await expect(list.last()).toContainText(TITLE);
      await expect(publicPage.getByTestId("milestone").last()).toContainText(TITLE);

      const row = list.filter({ hasText: TITLE });
      await row.getByRole("link", { name: `Sửa 2026 — ${TITLE}` }).click();
      const edit = page.getByRole("dialog", { name: "Sửa mốc" });
      await expect(edit.getByLabel("Thứ tự")).toHaveValue("99");
      await edit.getByLabel("Tiêu đề").fill(`${TITLE} và B2`);
      await edit.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(edit).toHaveCount(0);
      await expect(publicPage.getByTestId("milestone").last()).toContainText(`${TITLE} và B2`);

      await row.getByRole("link", { name: `Xóa 2026 — ${TITLE} và B2` }).click();
      const confirm = page.getByRole("dialog", { name: "Xác nhận xóa" });
      await expect(confirm).toContainText(`2026 — ${TITLE} và B2`);
      await confirm.getByRole("button", { name: "Xóa" }).click();
      await expect(page.getByText("Đã xóa.")).toBeVisible();
      await expect(publicMilestone).toHaveCount(0);
    } finally {
      await visitor.close();
      await restoreAboutContent(database, baseURL!, saved);
    }
  });

  test("@exclusive testimonials: rating 1–5, featured or normal, edit and delete; /about follows live", async ({
    page,
    context,
    browser,
    baseURL,
    accounts,
    database,
    expectAccessible,
  }) => {
    test.setTimeout(60_000);
    const saved = await saveAboutContent(database);
    const { visitor, publicPage } = await adminAndVisitor({ browser, baseURL: baseURL!, context, accounts });
    const NAME = "Đỗ Minh Châu";
    const publicQuote = publicPage.getByTestId("testimonial").filter({ hasText: NAME });
    try {
      await page.goto("/admin/about?tab=testimonials");
      await page.getByRole("link", { name: "Thêm cảm nhận" }).click();
      const dialog = page.getByRole("dialog", { name: "Thêm cảm nhận mới" });
      await expect(dialog.getByLabel("Đánh giá (1 đến 5 sao)")).toHaveValue("5");
      await dialog.getByLabel("Đánh giá (1 đến 5 sao)").fill("6");
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog.getByText("Đánh giá từ 1 đến 5 sao")).toBeVisible();
      await expect(dialog.getByText("Vui lòng điền thông tin này")).toHaveCount(3);
      await expectAccessible();

      await dialog.getByLabel("Họ tên").fill(NAME);
      await dialog.getByLabel("Vai trò").fill("Học viên B1, Hà Nội");
      await dialog
        .getByLabel("Nội dung cảm nhận")
        .fill("Sau 6 tháng mình tự tin phỏng vấn visa bằng tiếng Đức.");
      await dialog.getByLabel("Đánh giá (1 đến 5 sao)").fill("4");
      await dialog.getByLabel("Kết quả đạt được").fill("Đỗ B1 Goethe");
      await dialog.getByLabel("Nổi bật (hiển thị trên trang giới thiệu)").check();
      await dialog.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(dialog).toHaveCount(0);
      const row = page.getByRole("listitem").filter({ hasText: NAME });
      await expect(row).toContainText("4/5 sao");
      await expect(publicQuote).toContainText("Đỗ B1 Goethe");
      await expect(publicQuote.getByRole("img", { name: "4 trên 5 sao" })).toBeVisible();

      await row.getByRole("link", { name: `Sửa ${NAME}` }).click();
      const edit = page.getByRole("dialog", { name: "Sửa cảm nhận" });
      await edit.getByLabel("Đánh giá (1 đến 5 sao)").fill("5");
      await edit.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(edit).toHaveCount(0);
      await expect(publicQuote.getByRole("img", { name: "5 trên 5 sao" })).toBeVisible();

      // "Nổi bật" → "Thường": only featured testimonials are on the public page.
      await row.getByRole("button", { name: "Nổi bật (bấm để bỏ nổi bật)" }).click();
      await expect(row.getByRole("button", { name: "Thường (bấm để đánh dấu nổi bật)" })).toBeVisible();
      await expect(publicQuote).toHaveCount(0);

      await row.getByRole("link", { name: `Xóa ${NAME}` }).click();
      await page.getByRole("dialog", { name: "Xác nhận xóa" }).getByRole("button", { name: "Xóa" }).click();
      await expect(page.getByText("Đã xóa.")).toBeVisible();
      await expect(row).toHaveCount(0);
      expect(await database.db.select().from(testimonials).where(eq(testimonials.name, NAME))).toEqual([]);
    } finally {
      await visitor.close();
      await restoreAboutContent(database, baseURL!, saved);
    }
  });

  test("every tab and every add dialog passes axe; the tabs are links in the URL", async ({
    page,
    context,
    accounts,
    expectAccessible,
  }) => {
    // Twelve axe runs (six tabs, six dialogs): 41–44 s on CI's loaded 2-core runner.
    test.setTimeout(90_000);
    await accounts.signIn(context, await accounts.create({ role: "admin" }));
    for (const tab of ["general", "stats", "team", "values", "milestones", "testimonials"]) {
      await page.goto(`/admin/about?tab=${tab}`);
      await expect(page.locator('nav a[aria-current="page"]').last()).toHaveAttribute(
        "href",
        `/admin/about?tab=${tab}`,
      );
      await expectAccessible();
      if (["general", "stats"].includes(tab)) continue;
      await page.goto(`/admin/about?tab=${tab}&dialog=new&kind=${tab}`);
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible();
    }
    // A stale dialog link (an entry deleted meanwhile) shows the list.
    await page.goto("/admin/about?tab=team&dialog=edit&kind=team&id=00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Thêm thành viên" })).toBeVisible();
  });

  test("a plain user's posts to each about action are refused and change nothing", async ({
    browser,
    baseURL,
    accounts,
    database,
  }) => {
    const before = await saveAboutContent(database);
    const context = await browser.newContext({ baseURL });
    await accounts.signIn(context, await accounts.create());
    const member = before.team[0]!;
    const testimonial = before.testimonials[0]!;
    const ids = {
      team: member.id,
      values: before.values[0]!.id,
      milestones: before.milestones[0]!.id,
      testimonials: testimonial.id,
    };
    const entries = {
      team: { name: "Hacked", role: "x", experience: "x", order: "1" },
      values: { title: "Hacked", description: "x", order: "1" },
      milestones: { year: "2000", title: "Hacked", description: "x", order: "1" },
      testimonials: { name: "Hacked", role: "x", content: "x", rating: "1", order: "1" },
    };
    const forms: Record<string, string>[] = [
      { intent: "save-info", mission: "Hacked" },
      { intent: "save-stats", yearsActive: "0" },
      ...Object.entries(entries).flatMap(([kind, fields]): Record<string, string>[] => [
        { intent: "save", kind, ...fields },
        { intent: "save", kind, id: ids[kind as keyof typeof ids], ...fields },
        { intent: "delete", kind, id: ids[kind as keyof typeof ids] },
      ]),
      { intent: "toggle", kind: "team", id: member.id, value: String(!member.active) },
      { intent: "toggle", kind: "testimonials", id: testimonial.id, value: String(!testimonial.featured) },
    ];
    for (const form of forms) {
      const response = await context.request.post("/admin/about?tab=team", {
        form,
        headers: { origin: baseURL! },
        maxRedirects: 0,
      });
      expect(response.status(), `${form.intent} ${form.kind ?? ""}`).toBe(403);
    }
    await context.close();
    expect(await saveAboutContent(database)).toEqual(before);
  });
});
