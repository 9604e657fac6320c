import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { newsletterSubscribers } from "~/db/schema";
import { expect, test } from "./fixtures";
import { E2E_MAIL_DIR } from "./mail-files";

// What the run's SMTP sink received (mail-files.ts).
const mailDir = E2E_MAIL_DIR;

async function mailTo(address: string) {
  let found: Awaited<ReturnType<typeof PostalMime.parse>> | undefined;
  await expect
    .poll(
      async () => {
        for (const file of fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []) {
          const mail = await PostalMime.parse(fs.readFileSync(path.join(mailDir, file)));
          if (mail.to?.some((to) => to.address === address)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, message: `a mail to ${address} in ${mailDir}` },
    )
    .toBe(true);
  return found!;
}

function linkIn(text: string, pathname: string) {
  const match = new RegExp(`https?://[^\\s]+${pathname}\\?token=[\\w-]+`).exec(text);
  expect(match, `${pathname} link in the mail`).not.toBeNull();
  return new URL(match![0]);
}

/** Opens a page and waits until React has taken it over (its live-update stream opens then). */
async function gotoHydrated(page: Page, url: string) {
  const hydrated = page.waitForResponse((response) => response.url().endsWith("/api/events"));
  await page.goto(url);
  await hydrated;
}

const freshEmail = () => `hoc.vien.${randomBytes(4).toString("hex")}@example.com`;

test.describe("newsletter", () => {
  test("subscribes from the blog, then confirms and unsubscribes through the mailed links", async ({
    page,
    database,
  }) => {
    const email = freshEmail();
    await gotoHydrated(page, "/blog");
    const box = page.getByRole("region", { name: "Nhận bài viết mới qua email" });
    await box.getByRole("textbox", { name: "Email của bạn" }).fill(email);
    await box.getByRole("button", { name: "Đăng ký nhận tin" }).click();
    await expect(box).toContainText("Cảm ơn bạn! Vui lòng kiểm tra hộp thư");
    // Submitted by a fetcher: the page stayed, the field is empty for another address.
    await expect(box.getByRole("textbox", { name: "Email của bạn" })).toHaveValue("");
    await expect(page).toHaveURL(/\/blog$/);

    const statusOf = async () =>
      (
        await database.db
          .select({ status: newsletterSubscribers.status })
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, email))
      )[0]?.status;
    expect(await statusOf()).toBe("pending");

    const mail = await mailTo(email);
    expect(mail.subject).toBe("Xác nhận đăng ký nhận tin từ Lernhaus");
    const confirm = linkIn(mail.text ?? "", "/newsletter/confirm");
    const unsubscribe = linkIn(mail.text ?? "", "/newsletter/unsubscribe");

    await page.goto(confirm.pathname + confirm.search);
    await expect(page.getByRole("main")).toContainText(email);
    await page.getByRole("button", { name: "Xác nhận đăng ký" }).click();
    await expect(page.getByRole("status")).toContainText("Đăng ký thành công!");
    expect(await statusOf()).toBe("confirmed");

    await page.goto(unsubscribe.pathname + unsubscribe.search);
    await page.getByRole("button", { name: "Hủy đăng ký" }).click();
    await expect(page.getByRole("status")).toContainText("Bạn đã hủy đăng ký.");
    expect(await statusOf()).toBe("unsubscribed");
  });

  test("answers a known address like a new one", async ({ page }) => {
    const email = freshEmail();
    await gotoHydrated(page, "/blog");
    const box = page.getByRole("region", { name: "Nhận bài viết mới qua email" });
    for (let i = 0; i < 2; i++) {
      await box.getByRole("textbox", { name: "Email của bạn" }).fill(email);
      await box.getByRole("button", { name: "Đăng ký nhận tin" }).click();
      await expect(box).toContainText("Cảm ơn bạn! Vui lòng kiểm tra hộp thư");
    }
  });

  test("checks the address in the browser", async ({ page }) => {
    await gotoHydrated(page, "/blog");
    const box = page.getByRole("region", { name: "Nhận bài viết mới qua email" });
    await box.getByRole("textbox", { name: "Email của bạn" }).fill("khong-phai-email");
    await box.getByRole("button", { name: "Đăng ký nhận tin" }).click();
    await expect(box).toContainText("Email không hợp lệ");
    await expect(box).not.toContainText("Cảm ơn bạn!");
  });

  test("shows an invalid link as such", async ({ page }) => {
    await page.goto(`/newsletter/confirm?token=${"x".repeat(43)}`);
    await expect(page.getByRole("alert")).toHaveText("Liên kết không hợp lệ hoặc đã hết hạn.");
  });
});

test.describe("newsletter without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("subscribes with a plain form post and shows the result", async ({ page, database }) => {
    const email = freshEmail();
    await page.goto("/blog?category=grammar");
    const box = page.getByRole("region", { name: "Nhận bài viết mới qua email" });
    await box.getByRole("textbox", { name: "Email của bạn" }).fill(email);
    await box.getByRole("button", { name: "Đăng ký nhận tin" }).click();
    await expect(page).toHaveURL(/\/blog\?category=grammar&newsletter=pending#newsletter$/);
    await expect(page.getByRole("region", { name: "Nhận bài viết mới qua email" })).toContainText(
      "Cảm ơn bạn! Vui lòng kiểm tra hộp thư",
    );
    const [row] = await database.db
      .select({ status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(row?.status).toBe("pending");
  });
});
