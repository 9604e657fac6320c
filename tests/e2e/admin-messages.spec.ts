import { randomBytes } from "node:crypto";
import { count, eq, inArray } from "drizzle-orm";
import { contactMessages, emailOutbox, messageReplies } from "~/db/schema";
import { change } from "./courses-changes";
import { expect, test } from "./fixtures";
import { waitForHydratedForm } from "./forms-support";
import { waitForMail } from "./mail-files";

const tag = () => randomBytes(4).toString("hex");

// Exclusive: it counts every unread message (the sidebar badge), which other tests' contact
// messages would change meanwhile.
test("@exclusive a message is opened (read, badge drops live), answered by email and closed", async ({
  page,
  context,
  accounts,
  database,
  baseURL,
  expectAccessible,
}) => {
  // Two pages, two accessibility checks and a delivered mail: more than 30 s on a busy machine.
  test.setTimeout(60_000);
  const { db } = database;
  const email = `hoi-${tag()}@lernhaus.test`;
  const admin = await accounts.create({ role: "admin", name: "Cô Mai Admin" });
  await accounts.signIn(context, admin);
  let id = "";
  // Asked 30 minutes ago: a visitor on /contact (created the way the site creates it).
  await change(database, baseURL!, "messages", async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: "Phạm Thu Trang",
        email,
        phone: "0987 654 321",
        subject: "pricing",
        message: "Khóa B1 có ưu đãi cho người đăng ký sớm không?",
        contactMethod: "zalo",
        language: "vi",
        ipAddress: "203.0.113.9",
        userAgent: "Mozilla/5.0 (e2e)",
        createdAt: new Date(Date.now() - 30 * 60 * 1000),
      })
      .returning({ id: contactMessages.id });
    id = row!.id;
  });
  try {
    const unread = async () =>
      (await db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.isRead, false)))[0]!.n;
    // A second admin page watches the sidebar badge.
    const watcher = await context.newPage();
    await watcher.goto("/admin");
    const before = await unread();
    const badge = watcher
      .getByRole("navigation", { name: "Menu quản trị" })
      .getByRole("link", { name: /Tin nhắn/ });
    await expect(badge).toContainText(`${before} tin nhắn chưa đọc`);

    await page.goto(`/admin/messages?q=${encodeURIComponent(email)}`);
    const inbox = page.getByRole("list", { name: "Hộp thư đến" });
    const row = inbox.getByRole("link", { name: /Phạm Thu Trang/ });
    await expect(row).toContainText("Chưa đọc");
    await expect(row).toContainText("Học phí và ưu đãi");
    await expectAccessible();

    await row.click();
    await expect(page).toHaveURL(new RegExp(`id=${id}`));
    const pane = page.getByRole("article", { name: "Phạm Thu Trang" });
    await expect(pane).toBeVisible();
    await expect(row).not.toContainText("Chưa đọc");
    await expect(badge).toContainText(before - 1 > 0 ? `${before - 1} tin nhắn chưa đọc` : "Tin nhắn");
    if (before - 1 === 0) await expect(badge).not.toContainText("chưa đọc");
    expect((await db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0]!.isRead).toBe(true);

    // Every field, and the call and mail links.
    for (const text of [
      "Khóa B1 có ưu đãi cho người đăng ký sớm không?",
      email,
      "0987 654 321",
      "Học phí và ưu đãi",
      "Zalo",
      "203.0.113.9",
      "Mozilla/5.0 (e2e)",
      "Tiếng Việt",
      "Chưa trả lời",
    ]) {
      await expect(pane).toContainText(text);
    }
    await expect(pane.getByRole("link", { name: "Gọi 0987 654 321" })).toHaveAttribute(
      "href",
      "tel:0987654321",
    );
    await expect(pane.getByRole("link", { name: `Gửi email cho ${email}` })).toHaveAttribute(
      "href",
      new RegExp(`^mailto:${email}`),
    );
    await expectAccessible();

    // A reply emptied of its greeting and signature is refused in the browser and sends nothing.
    const prefilled = "Chào Phạm Thu Trang,\n\n\n\nTrân trọng,\nCô Mai Admin\nLernhaus";
    await expect(pane.getByLabel("Nội dung trả lời")).toHaveValue(prefilled);
    await waitForHydratedForm(page, `reply-${id}`);
    await pane.getByLabel("Nội dung trả lời").fill("");
    await pane.getByRole("button", { name: "Gửi trả lời" }).click();
    await expect(pane.getByText("Vui lòng điền thông tin này")).toBeVisible();

    const answer = "Chào bạn, đăng ký trước ngày 1/9 được giảm 10% học phí khóa B1.";
    await pane.getByLabel("Nội dung trả lời").fill(answer);
    await pane.getByRole("button", { name: "Gửi trả lời" }).click();
    await expect(pane.getByText("Đã gửi trả lời.")).toBeVisible();
    // Ready for the next reply: the greeting and signature again.
    await expect(pane.getByLabel("Nội dung trả lời")).toHaveValue(prefilled);
    const thread = pane.getByRole("region", { name: "Trao đổi" }).getByRole("listitem");
    await expect(thread).toHaveCount(1);
    await expect(thread).toContainText("Cô Mai Admin");
    await expect(thread).toContainText(answer);
    // The worker delivers it (no SMTP_URL here: an .eml file) and the state follows live.
    await expect(thread).toContainText("Đã gửi email", { timeout: 15_000 });
    const mail = await waitForMail(email, /^Re: Học phí và ưu đãi$/);
    // The admin's own greeting, and no second one.
    expect(mail.text.startsWith(`${answer}\n`)).toBe(true);
    expect(mail.text).not.toContain("Chào Phạm Thu Trang,");

    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored!.status).toBe("answered");
    expect(stored!.responseTime).toBeGreaterThanOrEqual(30 * 60 - 5);
    expect(stored!.responseTime).toBeLessThan(30 * 60 + 120);
    const [reply] = await db.select().from(messageReplies).where(eq(messageReplies.messageId, id));
    expect(reply).toMatchObject({ authorId: admin.id, authorName: "Cô Mai Admin", body: answer });
    const [outbox] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, reply!.outboxId!));
    expect(outbox).toMatchObject({ to: email, subject: "Re: Học phí và ưu đãi", status: "sent" });
    expect(outbox!.replyTo).toBeTruthy();
    await expect(pane).toContainText("trong cam kết 2 giờ");

    await pane.getByRole("button", { name: "Đóng tin nhắn" }).click();
    await expect(pane.getByText("Đã đóng").first()).toBeVisible();
    await expect(pane.getByRole("button", { name: "Mở lại" })).toBeVisible();
    const [closed] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(closed).toMatchObject({ status: "closed", responseTime: stored!.responseTime });
    await watcher.close();
  } finally {
    await db.delete(contactMessages).where(eq(contactMessages.id, id));
  }
});

test("the inbox filters by status, subject and search, unread first, all in the URL", async ({
  page,
  context,
  accounts,
  database,
  expectAccessible,
}) => {
  const { db } = database;
  await accounts.signIn(context, await accounts.create({ role: "admin" }));
  const mark = `Lọc${tag()}`;
  const rows = await db
    .insert(contactMessages)
    .values([
      {
        name: `${mark} Một`,
        email: `mot-${mark}@lernhaus.test`.toLowerCase(),
        phone: "0901000001",
        subject: "schedule",
        message: "Lớp tối bắt đầu lúc mấy giờ?",
        status: "answered",
        isRead: true,
        createdAt: new Date(Date.now() - 60_000),
      },
      {
        name: `${mark} Hai`,
        email: `hai-${mark}@lernhaus.test`.toLowerCase(),
        phone: "0901000002",
        subject: "certificate",
        message: "Có chứng chỉ Goethe không?",
        createdAt: new Date(Date.now() - 3_600_000),
      },
      {
        name: `${mark} Ba`,
        email: `ba-${mark}@lernhaus.test`.toLowerCase(),
        phone: "0901000003",
        subject: "schedule",
        message: "Cuối tuần có lớp không?",
        status: "closed",
        isRead: true,
        createdAt: new Date(Date.now() - 120_000),
      },
    ])
    .returning({ id: contactMessages.id });
  try {
    await page.goto(`/admin/messages?q=${encodeURIComponent(mark)}`);
    const inbox = page.getByRole("list", { name: "Hộp thư đến" });
    // Unread first (the oldest, unread "Hai"), then newest.
    await expect(inbox.getByRole("listitem")).toHaveCount(3);
    await expect(inbox.getByRole("listitem").nth(0)).toContainText(`${mark} Hai`);
    await expect(inbox.getByRole("listitem").nth(0)).toContainText("Chưa đọc");
    await expect(inbox.getByRole("listitem").nth(1)).toContainText(`${mark} Một`);
    await expect(inbox.getByRole("listitem").nth(2)).toContainText(`${mark} Ba`);
    await expect(page.getByText("3 tin nhắn · 1 chưa đọc")).toBeVisible();
    await expectAccessible();

    const filters = page.getByRole("search", { name: "Lọc tin nhắn" });
    await filters.getByLabel("Chủ đề").selectOption({ label: "Lịch học" });
    await filters.getByRole("button", { name: "Lọc" }).click();
    await expect(page).toHaveURL(/subject=schedule/);
    await expect(inbox.getByRole("listitem")).toHaveCount(2);

    await page.getByRole("search").getByLabel("Trạng thái").selectOption({ label: "Đã đóng" });
    await page.getByRole("search").getByRole("button", { name: "Lọc" }).click();
    await expect(page).toHaveURL(/status=closed/);
    await expect(inbox.getByRole("listitem")).toHaveCount(1);
    await expect(inbox).toContainText(`${mark} Ba`);

    // The view is a link: opening it afresh shows the same.
    await page.goto(`/admin/messages?q=${encodeURIComponent(mark)}&status=new`);
    await expect(page.getByRole("list", { name: "Hộp thư đến" }).getByRole("listitem")).toHaveCount(1);
    await page.goto(`/admin/messages?q=${encodeURIComponent(mark)}&subject=technical`);
    await expect(page.getByText("Không có tin nhắn nào khớp với bộ lọc.")).toBeVisible();
  } finally {
    await db.delete(contactMessages).where(
      inArray(
        contactMessages.id,
        rows.map((r) => r.id),
      ),
    );
  }
});

test("a plain user's posts to the messages actions are refused and change nothing", async ({
  browser,
  baseURL,
  accounts,
  database,
}) => {
  const { db } = database;
  const email = `guard-${tag()}@lernhaus.test`;
  const [message] = await db
    .insert(contactMessages)
    .values({
      name: "Khách Kiểm Tra",
      email,
      phone: "0901234567",
      subject: "other",
      message: "Xin chào",
      status: "answered",
      isRead: true,
      responseTime: 600,
    })
    .returning();
  const context = await browser.newContext({ baseURL });
  try {
    await accounts.signIn(context, await accounts.create());
    const forms: Record<string, string>[] = [
      { intent: "reply", id: message!.id, body: "Hacked" },
      { intent: "status", id: message!.id, status: "closed" },
      { intent: "unread", id: message!.id },
      { intent: "nonsense", id: message!.id },
    ];
    for (const form of forms) {
      const response = await context.request.post(`/admin/messages?id=${message!.id}`, {
        form,
        headers: { origin: baseURL! },
        maxRedirects: 0,
      });
      expect(response.status(), form.intent).toBe(403);
    }
    // Opening the pane as a plain user does not mark anything either.
    await db.update(contactMessages).set({ isRead: false }).where(eq(contactMessages.id, message!.id));
    const opened = await context.request.get(`/admin/messages?id=${message!.id}`, { maxRedirects: 0 });
    expect(opened.status()).toBe(302);
    const [after] = await db.select().from(contactMessages).where(eq(contactMessages.id, message!.id));
    expect(after).toMatchObject({ status: "answered", isRead: false, responseTime: 600 });
    expect(await db.select().from(messageReplies).where(eq(messageReplies.messageId, message!.id))).toEqual(
      [],
    );
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).toEqual([]);
  } finally {
    await context.close();
    await db.delete(contactMessages).where(eq(contactMessages.id, message!.id));
  }
});

test("a reply starts from the greeting and signature, previews the whole mail as typed, and sends exactly that", async ({
  page,
  browser,
  context,
  accounts,
  database,
  baseURL,
  expectAccessible,
}) => {
  // Two browser contexts and a mail delivered by the worker: more than the default 30 s on a busy
  // machine.
  test.setTimeout(60_000);
  // A question asked in Vietnamese, already read, with one reply from before the form started
  // with the greeting: that reply's text is only what the admin typed.
  const email = `hoi-${tag()}@lernhaus.test`;
  const question = { name: "Nguyễn Văn An", email, phone: "0912 345 678", subject: "schedule" };
  const { db } = database;
  const [message] = await db
    .insert(contactMessages)
    .values({ ...question, message: "Lớp tối học mấy giờ ạ?", language: "vi", isRead: true })
    .returning();
  await db
    .insert(messageReplies)
    .values({ messageId: message!.id, authorName: "Cô Hà", body: "Lớp tối học từ 19:00 đến 21:00." });
  const admin = await accounts.create({ role: "admin", name: "Cô Lan Admin" });
  await accounts.signIn(context, admin);
  const prefilled = "Chào Nguyễn Văn An,\n\n\n\nTrân trọng,\nCô Lan Admin\nLernhaus";
  try {
    await page.goto(`/admin/messages?id=${message!.id}`);
    const pane = page.getByRole("article", { name: "Nguyễn Văn An" });
    const thread = pane.getByRole("region", { name: "Trao đổi" }).getByRole("listitem");
    await expect(thread).toHaveCount(1);
    await expect(thread).toContainText("Cô Hà");
    await expect(thread).toContainText("Lớp tối học từ 19:00 đến 21:00.");

    const text = pane.getByLabel("Nội dung trả lời");
    await expect(text).toHaveValue(prefilled);
    const preview = pane.getByRole("region", { name: "Xem trước email" });
    const previewText = preview.getByTestId("reply-preview-text");
    await expect(preview).toContainText(`Gửi đến${email}`);
    await expect(preview).toContainText("Tiêu đềRe: Lịch học");
    await expect(previewText).toContainText("Chào Nguyễn Văn An,");
    await expect(previewText).toContainText("Trân trọng, Cô Lan Admin Lernhaus");
    await expect(previewText).toContainText("> Lớp tối học mấy giờ ạ?");
    await expectAccessible();

    // The admin writes on the blank line between greeting and signature, then makes the greeting
    // their own; the preview follows every keystroke (once the page is hydrated).
    await waitForHydratedForm(page, `reply-${message!.id}`);
    const answer = "Lớp tối học thứ Hai và thứ Tư, 19:00–21:00.";
    await text.click();
    await text.press("Control+Home");
    await text.press("ArrowDown");
    await text.press("ArrowDown");
    await text.pressSequentially(answer);
    await expect(previewText).toContainText(answer);
    await text.press("Control+Home");
    await text.press("Shift+End");
    await text.pressSequentially("Chào anh An,");
    const written = `Chào anh An,\n\n${answer}\n\nTrân trọng,\nCô Lan Admin\nLernhaus`;
    await expect(text).toHaveValue(written);
    await expect(previewText).not.toContainText("Nguyễn Văn An");
    const shown = (await previewText.textContent()) ?? "";
    expect(shown.startsWith(`${written}\n\n`)).toBe(true);

    await pane.getByRole("button", { name: "Gửi trả lời" }).click();
    await expect(pane.getByText("Đã gửi trả lời.")).toBeVisible();
    await expect(thread).toHaveCount(2);
    await expect(thread.nth(1)).toContainText("Chào anh An,");
    await expect(thread.nth(1)).toContainText(answer);

    // The mail is the previewed text, line for line: one greeting, the admin's words, one signature.
    const mail = await waitForMail(email, /^Re: Lịch học$/);
    const sent = mail.text.replaceAll("\r\n", "\n");
    expect(sent.trimEnd()).toBe(shown.trimEnd());
    expect(sent.startsWith(`${written}\n\n`)).toBe(true);
    expect(sent.split("Chào").length - 1).toBe(1);
    expect(sent.split("Trân trọng").length - 1).toBe(1);

    // Without JavaScript the page is rendered with the same starting text and its preview.
    const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      await accounts.signIn(plain, admin);
      const noScript = await plain.newPage();
      await noScript.goto(`/admin/messages?id=${message!.id}`);
      const plainPane = noScript.getByRole("article", { name: "Nguyễn Văn An" });
      await expect(plainPane.getByLabel("Nội dung trả lời")).toHaveValue(prefilled);
      const plainPreview = plainPane
        .getByRole("region", { name: "Xem trước email" })
        .getByTestId("reply-preview-text");
      expect(await plainPreview.textContent()).toBe(
        `${prefilled}\n\n${shown.slice(`${written}\n\n`.length)}`,
      );
    } finally {
      await plain.close();
    }
  } finally {
    await db.delete(contactMessages).where(eq(contactMessages.id, message!.id));
  }
});
