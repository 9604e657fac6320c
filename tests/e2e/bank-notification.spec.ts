// The learner sees the payment arrive (issue 31): a signed-in learner enrols on a phone and keeps
// the success screen open, "Khóa học của tôi" open beside it; the test, acting as SePay, posts the
// bank's notifications of the transfer (with the note the screen shows). A first part makes the
// screen say what came in and what is left, the QR code kept; the rest turns the screen to "Đã
// nhận thanh toán" and the profile's course to paid, both without a reload; a consultant's open
// Payments page follows too, and shows a transfer nobody could match with its reason; the receipt
// arrives by mail.
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { enrollments, paymentSettings, user } from "~/db/schema";
import { formatPriceVnd as price } from "~/lib/format";
import { updatePaymentSettings } from "~/models/payment-settings.server";
import { deliver, sepayRequest } from "../support/fake-bank-provider";
import { expect, test } from "./fixtures";
import {
  expectSubmitted,
  resetFormLimits,
  uniquePhone,
  waitForHydratedForm,
  waitForMail,
  waitOutMinimumFillTime,
} from "./forms-support";
import { E2E_SEPAY_API_KEY } from "./server-settings";

const PHONE = { width: 390, height: 844 };
const ACCOUNT = "0011001234567";
const DEMO_B1 = "B1 (3.500.000đ) – Tiếng Đức trung cấp B1";
const FIRST_PART = 1_000_000;

/** Opens `url` and waits for its live-update stream: a change before that would not reach it. */
async function openFollowing(page: Page, url: string) {
  const following = page.waitForResponse((response) => response.url().endsWith("/api/events"));
  await page.goto(url);
  await following;
}

/** Set on the window: still there afterwards, the page was not loaded again. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as { notReloaded?: boolean }).notReloaded = true;
  });
}
const stillTheSamePage = (page: Page) =>
  page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded === true);

test.describe("bank-transfer notifications", () => {
  test("@exclusive the success screen and 'Khóa học của tôi' turn to paid when the bank's notification arrives", async ({
    browser,
    baseURL,
    accounts,
    database,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    await resetFormLimits(database);
    const [stored] = await database.db.select().from(paymentSettings);
    await updatePaymentSettings(database.db, {
      bankBin: "970436",
      accountNumber: ACCOUNT,
      accountHolder: "TRUONG DUC NGU LERNHAUS",
      transferPrefix: "HOCPHI",
      firstCourseDiscount: true,
    });
    const visitor = await browser.newContext({ baseURL, viewport: PHONE });
    const contexts = [visitor];
    try {
      const learner = await accounts.create();
      await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, learner.id));
      await accounts.signIn(visitor, learner);
      const phone = await visitor.newPage();
      const errors: string[] = [];
      phone.on("pageerror", (error) => errors.push(error.message));

      await openFollowing(phone, "/enroll");
      await waitForHydratedForm(phone, "enrollment");
      await phone.getByLabel("Họ và tên").fill("Trần Minh Anh");
      await phone.getByLabel("Số điện thoại").fill(uniquePhone("+84 "));
      await phone.getByLabel("Email").fill(learner.email);
      await phone.getByLabel("Khóa học quan tâm").selectOption({ label: DEMO_B1 });
      await phone.getByLabel("Lịch học mong muốn").selectOption("evening");
      await waitOutMinimumFillTime(phone);
      await phone.getByRole("button", { name: "Đăng ký ngay" }).click();
      await expectSubmitted(phone, "Đăng ký thành công!");

      const [record] = await database.db
        .select()
        .from(enrollments)
        .where(eq(enrollments.email, learner.email));
      const amount = record!.paymentAmount!;
      const details = phone.getByRole("region", { name: "Thanh toán học phí" });
      await expect(details.getByRole("img", { name: /Mã VietQR/ })).toBeVisible();
      const note = (await details.getByTestId("payment-note").textContent())!;
      expect(note).toBe(`HOCPHI ${record!.paymentReference}`);
      await markPage(phone);

      const profile = await visitor.newPage();
      await openFollowing(profile, "/profile");
      await expect(profile.getByRole("region", { name: "Thanh toán học phí" })).toBeVisible();
      await markPage(profile);

      // A consultant has Payments open on a desktop, found by the reference.
      const office = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
      contexts.push(office);
      await accounts.signIn(office, await accounts.create({ role: "consultant", name: "Chị Thu" }));
      const payments = await office.newPage();
      await openFollowing(payments, `/admin/payments?q=${record!.paymentReference}`);
      const row = payments.getByRole("row", { name: new RegExp(record!.paymentReference) });
      await expect(row).toContainText("Chờ thanh toán");
      await markPage(payments);

      // SePay posts the first part of the transfer.
      const bank = (id: number, value: number, content = note) =>
        deliver(
          sepayRequest(
            baseURL!,
            { id, content, amount: value, accountNumber: ACCOUNT },
            { apiKey: E2E_SEPAY_API_KEY },
          ),
        );
      const transactionId = Math.floor(Date.now() / 1000);
      expect(await bank(transactionId, FIRST_PART)).toEqual({ status: 200, body: { success: true } });
      const said = phone.getByTestId("payment-live");
      await expect(said).toContainText(
        `Đã nhận ${price(FIRST_PART)} / ${price(amount)} — còn lại ${price(amount - FIRST_PART)}`,
      );
      // The code still holds the whole fee; the line says what to change it to.
      await expect(said).toContainText(`hãy sửa số tiền thành ${price(amount - FIRST_PART)}`);
      await expect(details.getByRole("img", { name: /Mã VietQR/ })).toBeVisible();

      // Then the rest.
      expect(await bank(transactionId + 1, amount - FIRST_PART)).toEqual({
        status: 200,
        body: { success: true },
      });
      const received = phone.getByRole("region", { name: "Đã nhận thanh toán" });
      await expect(received).toBeVisible();
      await expect(received).toContainText(`Số tiền đã nhận: ${price(amount)}`);
      await expect(received).toContainText("Trung tâm đã nhận học phí của bạn. Cảm ơn bạn!");
      await expect(phone.getByRole("img", { name: /Mã VietQR/ })).toHaveCount(0);
      // Said by the polite live region the screen had from the start.
      await expect(said).toHaveAttribute("aria-live", "polite");
      await expect(said).toContainText("Đã nhận thanh toán");
      expect(await stillTheSamePage(phone)).toBe(true);
      // The rest of the success screen is as it was.
      await expect(phone.getByRole("heading", { name: "Đăng ký thành công!" })).toBeVisible();
      await expectAccessible(phone);

      // "Khóa học của tôi" reloaded its data, not the page: the course is paid, no QR code.
      await expect(profile.getByTestId("payment-details")).toHaveCount(0);
      await expect(profile.getByText("Trung tâm đã nhận học phí của bạn. Cảm ơn bạn!")).toBeVisible();
      await expect(profile.getByText("Đã thanh toán")).toBeVisible();
      expect(await stillTheSamePage(profile)).toBe(true);

      // The consultant's page followed too; a transfer nobody can match appears there, with why.
      await expect(row).toContainText("Đã thanh toán");
      expect(await bank(transactionId + 2, 250_000, "CHUYEN TIEN HOC THEM")).toEqual({
        status: 200,
        body: { success: true },
      });
      const unmatched = payments.getByRole("region", { name: /Giao dịch chưa khớp/ });
      await expect(unmatched).toContainText("Nội dung chuyển khoản không có mã thanh toán.");
      expect(await stillTheSamePage(payments)).toBe(true);

      // The receipt of the payment that covered the fee (the first part had one of its own).
      const receipt = await waitForMail(
        (mail) =>
          mail.to.includes(learner.email) &&
          mail.subject === `Biên nhận thanh toán – ${record!.paymentReference}` &&
          mail.text.includes("Lernhaus đã nhận được khoản thanh toán của bạn. Cảm ơn bạn!"),
      );
      expect(receipt.text).toContain(price(amount - FIRST_PART));
      expect(errors).toEqual([]);
    } finally {
      for (const context of contexts) await context.close();
      if (stored) await database.db.update(paymentSettings).set(stored).where(eq(paymentSettings.id, 1));
      else await database.db.delete(paymentSettings);
    }
  });
});
