// /contact (spec §2 Contact, §4, §5, §8, §9; ADR 006) and /privacy: the page, the question
// form with and without JavaScript, the mail it sends, and its protections.
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { contactConfig, contactMessages } from "~/db/schema";
import { updateContactConfig } from "~/models/contact-config.server";
import { fallbackSchoolContact } from "~/models/school-contact.server";
import { expect, test } from "./fixtures";
import {
  exhaustFormWindow,
  expectSubmitted,
  pageExpectingFailedLoads,
  resetFormLimits,
  uniqueEmail,
  uniquePhone,
  waitForHydratedForm,
  waitForMail,
  waitOutMinimumFillTime,
} from "./forms-support";

async function fillQuestion(page: Page, email: string, phone = uniquePhone()) {
  await page.getByLabel("Họ và tên").fill("Trần Minh");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Số điện thoại").fill(phone);
  await page.getByLabel("Chủ đề").selectOption("certificate");
  await page.getByLabel("Nội dung câu hỏi").fill("Học xong B1 có <chứng chỉ> không?");
}

const messagesFrom = (database: { db: Db }, email: string) =>
  database.db.select().from(contactMessages).where(eq(contactMessages.email, email));

test.beforeEach(async ({ database }) => {
  await resetFormLimits(database);
});

test("shows the contact details, opening hours, social links that exist, extra info and an FAQ", async ({
  page,
  expectAccessible,
}) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Liên hệ");
  const cards = page.getByTestId("contact-cards");
  await expect(cards.getByRole("link", { name: "+84 24 3123 4567" })).toHaveAttribute(
    "href",
    "tel:+842431234567",
  );
  await expect(cards.getByRole("link", { name: "info@lernhaus.edu.vn" })).toHaveAttribute(
    "href",
    "mailto:info@lernhaus.edu.vn",
  );
  await expect(cards.getByRole("link", { name: "0912 345 678" })).toHaveAttribute(
    "href",
    "https://zalo.me/0912345678",
  );
  await expect(cards).toContainText("Tầng 5, số 88 Láng Hạ, Đống Đa, Hà Nội");

  // spec §9 opening hours and response time.
  const aside = page.getByRole("complementary");
  await expect(aside).toContainText("Thứ 2 - Thứ 68:00-21:00");
  await expect(aside).toContainText("Thứ 7 - Chủ nhật9:00-18:00");
  await expect(aside).toContainText("Ngày lễ10:00-16:00");
  await expect(aside).toContainText("Thời gian phản hồi: trong vòng 2 giờ");
  // The demo content has Facebook, Instagram and YouTube but no X address.
  await expect(aside.getByRole("link", { name: "Facebook" })).toHaveAttribute(
    "href",
    "https://www.facebook.com/lernhaus.edu.vn",
  );
  await expect(aside.getByRole("link", { name: "YouTube" })).toBeVisible();
  await expect(aside.getByRole("link", { name: "X (Twitter)" })).toHaveCount(0);
  await expect(aside).toContainText("Kiểm tra trình độ đầu vào miễn phí");

  // The contact method defaults to email (spec §5).
  await expect(page.getByRole("radio", { name: "Email" })).toBeChecked();
  await expect(page.getByRole("main").getByRole("link", { name: /Chính sách bảo mật/ })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await expectAccessible();

  // The FAQ button scrolls to real answers.
  await page.getByRole("link", { name: "Câu hỏi thường gặp" }).click();
  await expect(page).toHaveURL(/#faq$/);
  const faq = page.locator("#faq");
  await expect(faq.getByRole("heading", { name: "Câu hỏi thường gặp" })).toBeInViewport();
  await expect(faq.locator("summary")).toHaveCount(7);
  await faq.getByText("Học phí các khóa học là bao nhiêu?").click();
  await expect(faq).toContainText("A1 2.500.000đ, A2 3.000.000đ, B1 3.500.000đ, B2 4.000.000đ");
});

test("with JavaScript: required fields, the sending state, the thank-you screen and both mails", async ({
  page,
  database,
  expectAccessible,
}) => {
  await page.goto("/contact");
  await waitForHydratedForm(page, "contact");
  const send = page.getByRole("button", { name: "Gửi tin nhắn" });
  await send.click();
  await expect(page.getByText("Vui lòng điền thông tin này")).toHaveCount(5);

  const email = uniqueEmail("minh.js");
  const phone = uniquePhone();
  await fillQuestion(page, email, phone);
  await page.getByRole("radio", { name: "Zalo" }).check();
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/email/contact", async (route) => {
    await held;
    await route.continue();
  });
  await send.click();
  // spec §4: fields and button disabled, "Đang gửi...".
  await expect(page.getByRole("button", { name: "Đang gửi..." })).toBeDisabled();
  await expect(page.getByLabel("Nội dung câu hỏi")).toBeDisabled();
  release();

  await expectSubmitted(page, "Cảm ơn bạn đã liên hệ!");
  // Zalo was chosen: the answer comes on Zalo, to the phone number given.
  await expect(
    page.getByText("Chúng tôi đã nhận được câu hỏi của bạn và sẽ trả lời qua Zalo theo số:"),
  ).toBeVisible();
  await expect(page.getByTestId("contact-success-phone")).toHaveText(phone);
  await expect(page.getByTestId("contact-success-email")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Gọi ngay +84 24 3123 4567" })).toHaveAttribute(
    "href",
    "tel:+842431234567",
  );
  await expectAccessible();

  const [message] = await messagesFrom(database, email);
  expect(message).toMatchObject({
    name: "Trần Minh",
    subject: "certificate",
    contactMethod: "zalo",
    message: "Học xong B1 có <chứng chỉ> không?",
    status: "new",
    isRead: false,
    responseTime: null,
    ipAddress: "127.0.0.1",
    language: "vi",
  });

  const notification = await waitForMail((m) => m.replyTo.includes(email));
  expect(notification.to).toEqual(["info@lernhaus.edu.vn"]);
  expect(notification.subject).toBe("Câu hỏi mới từ Trần Minh: Chứng chỉ");
  expect(notification.text).toContain("Nội dung câu hỏi: Học xong B1 có <chứng chỉ> không?");
  expect(notification.text).toContain("Bạn muốn được liên hệ qua: Zalo");
  const confirmation = await waitForMail((m) => m.to.includes(email));
  expect(confirmation.subject).toBe("Lernhaus đã nhận câu hỏi của bạn");
  expect(confirmation.text).toContain("trả lời bạn qua Zalo");
  expect(confirmation.text).toContain("Email: info@lernhaus.edu.vn");

  await page.getByRole("button", { name: "Gửi câu hỏi khác" }).click();
  await expect(page.getByLabel("Họ và tên")).toHaveValue("");
  await expect(page.getByLabel("Nội dung câu hỏi")).toHaveValue("");
  await expect(page.getByRole("radio", { name: "Email" })).toBeChecked();
});

test("a failed send shows 'Lỗi gửi email' or the red generic banner", async ({ context }) => {
  const { page, close } = await pageExpectingFailedLoads(context);
  await page.goto("/contact");
  await waitForHydratedForm(page, "contact");
  await fillQuestion(page, uniqueEmail("minh.fail"));
  const send = page.getByRole("button", { name: "Gửi tin nhắn" });

  await page.route("**/api/email/contact", (route) => route.fulfill({ status: 502, body: "Bad gateway" }));
  await send.click();
  await expect(page.getByRole("alert")).toHaveText("Lỗi gửi email");

  await page.unroute("**/api/email/contact");
  await page.route("**/api/email/contact", (route) => route.abort("failed"));
  await send.click();
  const banner = page.getByRole("alert");
  await expect(banner).toHaveText("Có lỗi xảy ra khi gửi tin nhắn. Vui lòng thử lại.");
  await expect(banner).toHaveClass(/bg-red-50/);
  await close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the browser's required check, then the thank-you screen with the entered email", async ({
    page,
    database,
  }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Gửi tin nhắn" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(
      await page
        .getByLabel("Nội dung câu hỏi")
        .evaluate((input: HTMLTextAreaElement) => input.validity.valueMissing),
    ).toBe(true);

    const email = uniqueEmail("minh.nojs");
    await fillQuestion(page, email);
    await waitOutMinimumFillTime(page);
    await page.getByRole("button", { name: "Gửi tin nhắn" }).click();
    await expectSubmitted(page, "Cảm ơn bạn đã liên hệ!");
    await expect(
      page.getByText("Chúng tôi đã nhận được câu hỏi của bạn và sẽ trả lời qua email:"),
    ).toBeVisible();
    await expect(page.getByTestId("contact-success-email")).toHaveText(email);
    await expect(page.getByTestId("contact-success-phone")).toHaveCount(0);
    const [message] = await messagesFrom(database, email);
    expect(message).toMatchObject({ contactMethod: "email", ipAddress: "127.0.0.1", status: "new" });

    await page.getByRole("button", { name: "Gửi câu hỏi khác" }).click();
    await expect(page.getByLabel("Họ và tên")).toHaveValue("");
  });

  test("the 31st message from one address within 10 minutes is refused, saying when to retry @exclusive", async ({
    context,
    database,
  }) => {
    const { page, close } = await pageExpectingFailedLoads(context);
    try {
      await exhaustFormWindow(page, "contact");
      await page.goto("/contact");
      const email = uniqueEmail("minh.limited");
      await fillQuestion(page, email);
      await waitOutMinimumFillTime(page);
      await page.getByRole("button", { name: "Gửi tin nhắn" }).click();
      await expect(page.getByRole("alert")).toHaveText(
        "Bạn đã gửi quá nhiều lần. Vui lòng thử lại sau 10 phút",
      );
      await expect(page.getByLabel("Nội dung câu hỏi")).toHaveValue("Học xong B1 có <chứng chỉ> không?");
      expect(await messagesFrom(database, email)).toHaveLength(0);
      await close();
    } finally {
      await resetFormLimits(database);
    }
  });
});

test("the thank-you screen names the contact method chosen and where the answer goes", async ({ page }) => {
  const cases = [
    { method: "Điện thoại", text: "và sẽ gọi điện cho bạn theo số:", byPhone: true, byEmail: false },
    {
      method: "Tất cả",
      text: "và sẽ liên hệ với bạn qua email, điện thoại và Zalo:",
      byPhone: true,
      byEmail: true,
    },
  ];
  for (const { method, text, byPhone, byEmail } of cases) {
    await page.goto("/contact");
    await waitForHydratedForm(page, "contact");
    const email = uniqueEmail("minh.method");
    const phone = uniquePhone();
    await fillQuestion(page, email, phone);
    await page.getByRole("radio", { name: method }).check();
    await page.getByRole("button", { name: "Gửi tin nhắn" }).click();
    await expect(page.getByText(`Chúng tôi đã nhận được câu hỏi của bạn ${text}`)).toBeVisible();
    await expect(page.getByTestId("contact-success-phone")).toHaveText(byPhone ? [phone] : []);
    await expect(page.getByTestId("contact-success-email")).toHaveText(byEmail ? [email] : []);
  }
});

test("a filled honeypot looks like success but saves nothing", async ({ page, database }) => {
  await page.goto("/contact");
  await waitForHydratedForm(page, "contact");
  const email = uniqueEmail("robot");
  await fillQuestion(page, email);
  await page.locator('input[name="website"]').fill("https://spam.example", { force: true });
  await page.getByRole("button", { name: "Gửi tin nhắn" }).click();
  await expectSubmitted(page, "Cảm ơn bạn đã liên hệ!");
  expect(await messagesFrom(database, email)).toHaveLength(0);
});

test("the privacy page says what is collected, why, for how long and whom to ask for deletion", async ({
  page,
  expectAccessible,
}) => {
  await page.goto("/contact");
  await page
    .getByRole("main")
    .getByRole("link", { name: /Chính sách bảo mật/ })
    .click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chính sách bảo mật");
  for (const heading of [
    "Chúng tôi thu thập những gì",
    "Vì sao chúng tôi cần",
    "Lưu trong bao lâu",
    "Quyền của bạn và yêu cầu xóa dữ liệu",
  ]) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(page.getByRole("main").getByRole("link", { name: "info@lernhaus.edu.vn" })).toHaveAttribute(
    "href",
    "mailto:info@lernhaus.edu.vn",
  );
  await expectAccessible();
});

test("without stored contact details the page shows Lernhaus's own, and no social links @exclusive", async ({
  page,
  database,
}) => {
  const [saved] = await database.db.select().from(contactConfig);
  try {
    await database.db.transaction(async (tx) => {
      await tx.delete(contactConfig);
      await notifyChange(tx, "contacts"); // the server's page cache forgets the old page
    });
    const cards = page.getByTestId("contact-cards");
    await expect(async () => {
      await page.goto("/contact");
      await expect(page.getByRole("heading", { name: "Theo dõi Lernhaus" })).toHaveCount(0, { timeout: 500 });
    }).toPass();
    await expect(cards).toContainText(fallbackSchoolContact.phone);
    await expect(cards).toContainText(fallbackSchoolContact.email);
    await expect(cards).toContainText(fallbackSchoolContact.zalo);
    await expect(cards).toContainText(fallbackSchoolContact.address);
    await expect(page.getByRole("heading", { name: "Theo dõi Lernhaus" })).toHaveCount(0);
  } finally {
    if (saved) {
      const { id: _, createdAt: __, updatedAt: ___, ...values } = saved;
      await updateContactConfig(database.db, values);
    }
  }
});

test("a contact detail the admin clears is hidden on /contact, in the footer and on /privacy @exclusive", async ({
  page,
  context,
  browser,
  baseURL,
  accounts,
  database,
  expectAccessible,
}) => {
  const [saved] = await database.db.select().from(contactConfig);
  const visitor = await browser.newContext({ baseURL });
  try {
    await updateContactConfig(database.db, {
      zalo: "0977 111 222",
      phone: "024 3777 6666",
      email: "tuvan@lernhaus.vn",
      address: "25 Phố Huế, Hà Nội",
    });
    await accounts.signIn(context, await accounts.create({ role: "admin" }));
    await page.goto("/admin/settings");
    await page.getByLabel("Zalo (số điện thoại)").fill("");
    await page.getByLabel("Hotline").fill("");
    await page.getByRole("button", { name: "Lưu" }).click();
    await expect(page.getByText("Đã lưu thay đổi.")).toBeVisible();

    const contactPage = await visitor.newPage();
    const cards = contactPage.getByTestId("contact-cards");
    await expect(async () => {
      await contactPage.goto("/contact");
      await expect(cards).not.toContainText("0977 111 222", { timeout: 500 });
    }).toPass();
    await expect(cards.getByRole("heading", { name: "Zalo" })).toHaveCount(0);
    await expect(cards.getByRole("heading", { name: "Hotline" })).toHaveCount(0);
    await expect(cards).not.toContainText(fallbackSchoolContact.zalo);
    await expect(cards).not.toContainText(fallbackSchoolContact.phone);
    await expect(cards).toContainText("tuvan@lernhaus.vn");
    await expect(cards).toContainText("25 Phố Huế, Hà Nội");
    const footer = contactPage.getByRole("contentinfo");
    await expect(footer).toContainText("tuvan@lernhaus.vn");
    await expect(footer).not.toContainText("Zalo");
    await expect(footer).not.toContainText(fallbackSchoolContact.phone);
    await expectAccessible(contactPage);

    await contactPage.goto("/privacy");
    const rights = contactPage.getByRole("region", { name: "Quyền của bạn và yêu cầu xóa dữ liệu" });
    await expect(rights).toContainText("tuvan@lernhaus.vn");
    await expect(contactPage.getByRole("main")).not.toContainText(fallbackSchoolContact.phone);
    await expect(contactPage.getByRole("main")).not.toContainText("024 3777 6666");
  } finally {
    await visitor.close();
    if (saved) {
      const { id: _, createdAt: __, updatedAt: ___, ...values } = saved;
      await updateContactConfig(database.db, values);
    }
  }
});
