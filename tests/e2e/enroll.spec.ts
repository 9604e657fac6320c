// /enroll (spec §2 Enrol, §4, §5, §8; ADR 006): the form with and without JavaScript, its
// states, the mail it sends, and its protections.

import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { courses, enrollments } from "~/db/schema";
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

/** The demo's B1 course, as the form lists it. */
const DEMO_B1 = "B1 (3.500.000đ) – Tiếng Đức trung cấp B1";

async function fillEnrollment(page: Page, email: string, phone = uniquePhone("+84 ")) {
  await page.getByLabel("Họ và tên").fill("Nguyễn Thị Lan");
  await page.getByLabel("Số điện thoại").fill(phone);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Khóa học quan tâm").selectOption({ label: DEMO_B1 });
  await page.getByLabel("Lịch học mong muốn").selectOption("evening");
  await page.getByLabel("Trình độ tiếng Đức hiện tại").selectOption("basic");
  await page.getByLabel("Bạn biết đến Lernhaus qua").selectOption("friend");
  await page.getByLabel("Mục tiêu học tập").fill("Thi B1 <để> học Ausbildung");
}

const recordsFor = (database: Database, email: string) =>
  database.db.select().from(enrollments).where(eq(enrollments.email, email));

async function courseId(database: Database, title: string) {
  const [row] = await database.db.select({ id: courses.id }).from(courses).where(eq(courses.title, title));
  return row!.id;
}

test.beforeEach(async ({ database }) => {
  await resetFormLimits(database);
});

test("offers the open courses with their prices, the spec's choices and the side panels", async ({
  page,
  database,
  expectAccessible,
}) => {
  await page.goto("/enroll?course=b1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Đăng ký khóa học tiếng Đức");
  const course = page.getByLabel("Khóa học quan tâm");
  // ?course=b1 (a level code) preselects the level's course.
  await expect(course).toHaveValue(await courseId(database, "Tiếng Đức trung cấp B1"));
  await expect(course.locator("option")).toHaveText([
    "Chọn khóa học",
    "A1 (2.500.000đ) – Tiếng Đức cơ bản A1",
    "A2 (3.000.000đ) – Tiếng Đức sơ cấp A2",
    "B1 (3.500.000đ) – Tiếng Đức trung cấp B1",
    "B2 (4.000.000đ) – Tiếng Đức cao cấp B2",
    "Tư vấn chọn khóa phù hợp",
  ]);
  await expect(page.getByLabel("Lịch học mong muốn").locator("option")).toHaveText([
    "Chọn lịch học",
    "Buổi sáng (8:00-10:00)",
    "Buổi chiều (14:00-16:00)",
    "Buổi tối (19:00-21:00)",
    "Cuối tuần (9:00-11:00)",
    "Linh hoạt",
  ]);
  await expect(page.getByLabel("Số điện thoại")).toHaveAttribute("type", "tel");
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  for (const required of ["Họ và tên", "Số điện thoại", "Email", "Khóa học quan tâm", "Lịch học mong muốn"]) {
    await expect(page.getByLabel(required)).toHaveAttribute("required", "");
  }
  await expect(page.getByLabel("Mục tiêu học tập")).not.toHaveAttribute("required", "");

  const aside = page.getByRole("complementary");
  await expect(aside).toContainText("Giảm 10% học phí cho khóa học đầu tiên");
  await expect(aside.getByRole("listitem")).toContainText([
    "Điền form đăng ký",
    "Tư vấn",
    "Học thử",
    "Bắt đầu học",
  ]);
  await expect(aside).toContainText("Hỗ trợ 24/7");
  await expect(aside).toContainText("phản hồi trong vòng 30 phút");
  // Privacy notice under the form.
  await expect(page.getByRole("main").getByRole("link", { name: /Chính sách bảo mật/ })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await expectAccessible();

  await page.goto("/enroll?course=c2"); // not an open course: nothing preselected
  await expect(page.getByLabel("Khóa học quan tâm")).toHaveValue("");
});

test("with JavaScript: required fields, the submitting state, the success screen and both mails", async ({
  page,
  database,
  expectAccessible,
}) => {
  // From the page cache (ADR 042), as most visitors of an advertisement get it: the same bytes
  // for everyone, and a form ticket in a cookie of this visitor's own. (Other tests' changes
  // empty the cache at any time: asked again until the answer is a hit.)
  let response = await page.goto("/enroll");
  for (let attempt = 0; response?.headers()["x-page-cache"] !== "hit" && attempt < 10; attempt++) {
    response = await page.goto("/enroll");
  }
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  const ticket = (await page.context().cookies()).find((cookie) => cookie.name === "form_ticket");
  expect(ticket).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  await waitForHydratedForm(page, "enrollment");
  const submit = page.getByRole("button", { name: "Đăng ký ngay" });

  // Required-field check in the page, before anything is sent.
  await submit.click();
  await expect(page.getByText("Vui lòng điền thông tin này")).toHaveCount(5);
  await page.getByLabel("Email").fill("lan@example");
  await page.getByLabel("Email").blur();
  await expect(page.getByText("Email không hợp lệ")).toBeVisible();

  const email = uniqueEmail("lan.js");
  const phone = uniquePhone("+84 ");
  await fillEnrollment(page, email, phone);
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/email/enrollment", async (route) => {
    await held;
    await route.continue();
  });
  await submit.click();
  // spec §4: inputs and button disabled, label "Đang xử lý...".
  await expect(page.getByRole("button", { name: "Đang xử lý..." })).toBeDisabled();
  await expect(page.getByLabel("Họ và tên")).toBeDisabled();
  await expect(page.getByLabel("Khóa học quan tâm")).toBeDisabled();
  release();

  await expectSubmitted(page, "Đăng ký thành công!");
  await expect(page.getByText("Chúng tôi sẽ liên hệ với bạn trong vòng 24 giờ")).toBeVisible();
  // The recap of what was sent, and what happens next.
  const recap = page.getByRole("region", { name: "Thông tin đăng ký của bạn" });
  await expect(recap.getByTestId("enroll-recap-course")).toHaveText(`Khóa học quan tâm${DEMO_B1}`);
  await expect(recap.getByTestId("enroll-recap-schedule")).toHaveText(
    "Lịch học mong muốnBuổi tối (19:00-21:00)",
  );
  await expect(recap.getByTestId("enroll-recap-email")).toHaveText(`Email xác nhận đã gửi tới${email}`);
  const next = page.getByRole("region", { name: "Các bước tiếp theo" });
  await expect(next.getByRole("listitem")).toHaveCount(3);
  await expect(next.getByRole("listitem").first()).toContainText(`Kiểm tra hộp thư ${email}`);
  await expect(next).toContainText("gọi cho bạn trong vòng 24 giờ");
  await expectAccessible();

  const [record] = await recordsFor(database, email);
  expect(record).toMatchObject({
    fullName: "Nguyễn Thị Lan",
    course: "b1",
    schedule: "evening",
    goals: "Thi B1 <để> học Ausbildung",
    status: "new",
    isProcessed: false,
    paymentStatus: "pending",
    language: "vi",
  });
  expect(record!.userAgent).toContain("Chrome");

  // SCHOOL_INBOX is unset on the e2e server: the school's copy goes to the stored contact email.
  const notification = await waitForMail((m) => m.replyTo.includes(email));
  expect(notification.to).toEqual(["info@lernhaus.edu.vn"]);
  expect(notification.subject).toBe(
    "Đăng ký học mới: Nguyễn Thị Lan – B1 (3.500.000đ) – Tiếng Đức trung cấp B1",
  );
  expect(notification.text).toContain(`Số điện thoại: ${phone}`);
  expect(notification.text).toContain("Lịch học mong muốn: Buổi tối (19:00-21:00)");
  expect(notification.text).toContain("Mục tiêu học tập: Thi B1 <để> học Ausbildung");
  expect(notification.html).toContain("Thi B1 &lt;để&gt; học Ausbildung");
  const confirmation = await waitForMail((m) => m.to.includes(email));
  expect(confirmation.subject).toBe("Lernhaus đã nhận đăng ký của bạn");
  expect(confirmation.text).toContain("trong vòng 24 giờ");
  expect(confirmation.text).toContain("Hotline: +84 24 3123 4567");

  // "Đăng ký thêm khóa học khác" returns to a blank form.
  await page.getByRole("button", { name: "Đăng ký thêm khóa học khác" }).click();
  await expect(page.getByLabel("Họ và tên")).toHaveValue("");
  await expect(page.getByLabel("Email")).toHaveValue("");
  await expect(page.getByLabel("Khóa học quan tâm")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Đăng ký ngay" })).toBeEnabled();
});

test("in English, the success title stays the spec's and the confirmation mail is in English", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/enroll?course=a1");
  await waitForHydratedForm(page, "enrollment");
  const email = uniqueEmail("lan.en");
  await page.getByLabel("Full name").fill("Lan Nguyen");
  await page.getByLabel("Phone number").fill(uniquePhone());
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Preferred schedule").selectOption("weekend");
  await page.getByRole("button", { name: "Enrol now" }).click();
  await expectSubmitted(page, "Registration Successful!");
  // The demo course is translated: an English page and mail name it in English (ADR 032).
  await expect(page.getByTestId("enroll-recap-course")).toHaveText(
    "CourseA1 (2.500.000đ) – German for Beginners A1",
  );
  await expect(page.getByTestId("enroll-recap-schedule")).toHaveText(
    "Preferred scheduleWeekend (9:00-11:00)",
  );
  await expect(page.getByTestId("enroll-recap-email")).toHaveText(`Confirmation sent to${email}`);
  await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Enrol in another course" })).toBeVisible();
  const confirmation = await waitForMail((m) => m.to.includes(email));
  expect(confirmation.subject).toBe("Lernhaus has received your enrolment");
  expect(confirmation.text).toContain("will contact you within 24 hours");
  expect(confirmation.text).toContain("Course: A1 (2.500.000đ) – German for Beginners A1");
});

test("shows the server's error, 'Lỗi gửi email', or the generic message above the form", async ({
  context,
}) => {
  const { page, close } = await pageExpectingFailedLoads(context);
  await page.goto("/enroll");
  await waitForHydratedForm(page, "enrollment");
  await fillEnrollment(page, uniqueEmail("lan.fail"));
  const submit = page.getByRole("button", { name: "Đăng ký ngay" });
  const alert = page.getByRole("alert");

  await page.route("**/api/email/enrollment", (route) =>
    route.fulfill({ status: 400, json: { error: "Khóa học quan tâm: Lựa chọn không hợp lệ" } }),
  );
  await submit.click();
  await expect(alert).toHaveText("Khóa học quan tâm: Lựa chọn không hợp lệ");

  await page.unroute("**/api/email/enrollment");
  await page.route("**/api/email/enrollment", (route) => route.fulfill({ status: 502, body: "" }));
  await submit.click();
  await expect(alert).toHaveText("Lỗi gửi email");

  await page.unroute("**/api/email/enrollment");
  await page.route("**/api/email/enrollment", (route) => route.abort("failed"));
  await submit.click();
  await expect(alert).toHaveText("Có lỗi xảy ra khi đăng ký. Vui lòng thử lại.");
  // The form keeps what was typed, ready to try again.
  await expect(page.getByLabel("Họ và tên")).toHaveValue("Nguyễn Thị Lan");
  await expect(submit).toBeEnabled();
  await close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the browser's required check, server validation, then the success screen and a blank form", async ({
    context,
    database,
  }) => {
    const { page, close } = await pageExpectingFailedLoads(context);
    await page.goto("/enroll?course=b1");
    await expect(page.getByLabel("Khóa học quan tâm")).toHaveValue(
      await courseId(database, "Tiếng Đức trung cấp B1"),
    );

    // Native required check: nothing is sent.
    await page.getByRole("button", { name: "Đăng ký ngay" }).click();
    await expect(page).toHaveURL(/\/enroll\?course=b1$/);
    expect(
      await page.getByLabel("Họ và tên").evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);

    // An address the browser lets through but the server refuses: the page comes back with
    // the message next to the field and everything typed still there.
    const email = uniqueEmail("lan.nojs");
    await fillEnrollment(page, email);
    await page.getByLabel("Email").fill("lan@example");
    await page.getByRole("button", { name: "Đăng ký ngay" }).click();
    await expect(page.getByText("Email không hợp lệ")).toBeVisible();
    await expect(page.getByLabel("Họ và tên")).toHaveValue("Nguyễn Thị Lan");
    await expect(page.getByLabel("Lịch học mong muốn")).toHaveValue("evening");
    expect(await recordsFor(database, "lan@example")).toHaveLength(0);

    await page.getByLabel("Email").fill(email);
    await waitOutMinimumFillTime(page);
    await page.getByRole("button", { name: "Đăng ký ngay" }).click();
    await expectSubmitted(page, "Đăng ký thành công!");
    // The page action's answer carries what the recap shows.
    await expect(page.getByTestId("enroll-recap-course")).toContainText(DEMO_B1);
    await expect(page.getByTestId("enroll-recap-schedule")).toContainText("Buổi tối (19:00-21:00)");
    await expect(page.getByTestId("enroll-recap-email")).toContainText(email);
    await expect(page.getByRole("heading", { name: "Các bước tiếp theo" })).toBeVisible();
    expect(await recordsFor(database, email)).toHaveLength(1);

    await page.getByRole("button", { name: "Đăng ký thêm khóa học khác" }).click();
    await expect(page).toHaveURL(/\/enroll\??$/);
    await expect(page.getByLabel("Họ và tên")).toHaveValue("");
    await expect(page.getByLabel("Khóa học quan tâm")).toHaveValue("");
    await close();
  });
});

test("a filled honeypot looks like success but saves nothing", async ({ page, database }) => {
  await page.goto("/enroll");
  await waitForHydratedForm(page, "enrollment");
  const email = uniqueEmail("robot");
  await fillEnrollment(page, email);
  await page.locator('input[name="website"]').fill("https://spam.example", { force: true });
  await page.getByRole("button", { name: "Đăng ký ngay" }).click();
  await expectSubmitted(page, "Đăng ký thành công!");
  expect(await recordsFor(database, email)).toHaveLength(0);
});

test("the 31st enrolment from one address within 10 minutes is refused, saying when to retry @exclusive", async ({
  context,
  database,
}) => {
  const { page, close } = await pageExpectingFailedLoads(context);
  try {
    await exhaustFormWindow(page, "enrollment");
    await page.goto("/enroll");
    await waitForHydratedForm(page, "enrollment");
    const email = uniqueEmail("lan.limited");
    await fillEnrollment(page, email);
    await page.getByRole("button", { name: "Đăng ký ngay" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Bạn đã gửi quá nhiều lần. Vui lòng thử lại sau 10 phút",
    );
    expect(await recordsFor(database, email)).toHaveLength(0);
    await close();
  } finally {
    await resetFormLimits(database);
  }
});
