import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { emailOutbox } from "~/db/schema";
import { change } from "./courses-changes";
import { expect, test } from "./fixtures";
import { waitForMail } from "./mail-files";

// @exclusive: "retry all" sends every failed mail of the school, and the banner counts them all.
test("@exclusive a failed mail raises the overview's banner; retry all from the outbox delivers it and the banner goes", async ({
  page,
  context,
  accounts,
  database,
  baseURL,
  expectAccessible,
}) => {
  const expectAccessibleAtBothWidths = async () => {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible();
    }
  };
  const to = `loi-${randomBytes(4).toString("hex")}@lernhaus.test`;
  const subject = `Thư lỗi ${to}`;
  await accounts.signIn(context, await accounts.create({ role: "admin" }));
  // Hydrated: the live-update stream is open.
  const hydrated = page.waitForResponse((response) => response.url().endsWith("/api/events"));
  await page.goto("/admin");
  await hydrated;
  const banner = page.getByTestId("mail-trouble");
  await expect(page.getByRole("heading", { name: "Số liệu chính" })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // The mail server refused it every time: the worker gave up. The open overview follows live.
  let id = "";
  await change(database, baseURL!, "outbox", async (tx) => {
    const [mail] = await tx
      .insert(emailOutbox)
      .values({
        kind: "test",
        to,
        subject,
        text: "Nội dung thư",
        status: "failed",
        attempts: 8,
        lastError: "connect ECONNREFUSED 127.0.0.1:2525",
      })
      .returning({ id: emailOutbox.id });
    id = mail!.id;
  });
  await expect(banner).toContainText("Email không gửi được");
  await expect(banner).toContainText(/\d+ email gửi thất bại\./);
  await expectAccessibleAtBothWidths();

  await banner.getByRole("link", { name: "Mở hộp thư đi" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\?tab=outbox&status=failed$/);
  await expect(page.getByRole("listitem").filter({ hasText: subject })).toContainText("Gửi thất bại");

  await page.getByRole("link", { name: "Gửi lại tất cả" }).click();
  const dialog = page.getByRole("dialog", { name: "Gửi lại mọi email lỗi?" });
  await expect(dialog).toContainText("sẽ được đưa lại vào hàng chờ");
  await expectAccessibleAtBothWidths();
  await dialog.getByRole("button", { name: "Gửi lại tất cả" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /Đã đưa \d+ email vào hàng chờ gửi lại\./ }),
  ).toBeVisible();

  await waitForMail(to, new RegExp(subject));
  await expect
    .poll(async () => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!.status)
    .toBe("sent");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Số liệu chính" })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
