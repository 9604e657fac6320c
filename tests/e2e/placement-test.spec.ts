// The free placement test (issue 29): from the home page, one question at a time with a progress
// bar, to the result, the course to start with and the mail; without JavaScript as one page; in
// the three languages, on a phone and on a laptop, without serious accessibility violations.
import { enrollments } from "~/db/schema";
import { expect, test } from "./fixtures";
import { uniqueEmail } from "./forms-support";
import { waitForMail } from "./mail-files";

const QUESTIONS = 30;

test("from the home page, one question at a time, to the result, the course to start with and the mail", async ({
  page,
  expectAccessible,
}) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Kiểm tra trình độ miễn phí" }).click();
  await expect(page).toHaveURL(/\/placement-test$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Mình nên học lớp nào?");
  await expectAccessible();
  await page.getByRole("button", { name: "Bắt đầu làm bài" }).click();
  await expect(page).toHaveURL(/\/placement-test\/[0-9a-f]{32}$/);

  // Hydrated: one question shows, with the progress bar.
  await expect(page.getByText(`Câu 1/${QUESTIONS}`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Câu 1", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Câu 2", exact: true })).toBeHidden();
  await page.getByRole("radio", { name: "bin", exact: true }).check();
  await expectAccessible();
  await page.getByRole("button", { name: "Câu tiếp theo" }).click();
  await expect(page.getByText(`Câu 2/${QUESTIONS}`)).toBeVisible();
  // The next question's heading takes the focus, for a screen reader.
  await expect(page.getByRole("heading", { name: "Câu 2", exact: true })).toBeFocused();
  await page.getByRole("button", { name: "Câu trước" }).click();
  await expect(page.getByRole("radio", { name: "bin", exact: true })).toBeChecked();
  for (let n = 1; n <= QUESTIONS; n++) {
    await page.getByRole("button", { name: "Câu tiếp theo" }).click();
  }
  const email = uniqueEmail("placement");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Họ và tên").fill("Nguyễn Văn Minh");
  await page.getByRole("button", { name: "Xem kết quả" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Kết quả kiểm tra trình độ" })).toBeVisible();
  // One right answer of 30: start at A1, with its course and next class.
  await expect(page.getByText("Bạn nên bắt đầu với khóa A1")).toBeVisible();
  await expect(page.getByRole("row", { name: /Trình độ A1 1\/8 câu đúng/ })).toBeVisible();
  const course = page.getByRole("region", { name: "Khóa học phù hợp" });
  await expect(course).toContainText("A1");
  await expect(course).toContainText("Lớp khai giảng gần nhất");
  await expect(page.getByRole("link", { name: "Đăng ký khóa học" })).toHaveAttribute(
    "href",
    /^\/enroll\?class=/,
  );
  await expectAccessible();

  const mail = await waitForMail(email, /Kết quả kiểm tra trình độ/);
  expect(mail.text).toContain("Xin chào Nguyễn Văn Minh,");
  expect(mail.text).toContain(page.url());
});

test("without JavaScript: every question on one page, answered and scored", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/en/placement-test");
  await page.getByRole("button", { name: "Start the test" }).click();
  await expect(page.getByText("Answer the questions below")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Question \d+$/ })).toHaveCount(QUESTIONS);
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await page.getByRole("radio", { name: "bin", exact: true }).check();
  await page.getByLabel("Missing word").first().fill("ist");
  // An address the browser lets through and the server does not (no domain ending).
  await page.getByLabel("Email").fill("minh@localhost");
  await page.getByRole("button", { name: "See my result" }).click();
  // Refused with the field's message; the answers and the address are given back to correct.
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Email")).toHaveValue("minh@localhost");
  await expect(page.getByRole("radio", { name: "bin", exact: true })).toBeChecked();
  await expect(page.getByLabel("Missing word").first()).toHaveValue("ist");
  await page.getByLabel("Email").fill("");
  await page.getByRole("button", { name: "See my result" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your placement test result" })).toBeVisible();
  await expect(page.getByText("Start with the A1 course")).toBeVisible();
  await context.close();
});

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
for (const [language, start, viewport] of [
  ["vi", "Bắt đầu làm bài", PHONE],
  ["vi", "Bắt đầu làm bài", LAPTOP],
  ["en", "Start the test", PHONE],
  ["en", "Start the test", LAPTOP],
  ["de", "Test starten", PHONE],
  ["de", "Test starten", LAPTOP],
] as const) {
  test(`in ${language} at ${viewport.width} px: the test's pages are accessible and fit the screen`, async ({
    page,
    expectAccessible,
  }) => {
    await page.setViewportSize(viewport);
    const prefix = language === "vi" ? "" : `/${language}`;
    await page.goto(`${prefix}/placement-test`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expectAccessible();
    await page.getByRole("button", { name: start }).click();
    await expect(page).toHaveURL(new RegExp(`^[^?]*${prefix}/placement-test/[0-9a-f]{32}$`));
    await expect(page.getByRole("progressbar")).toBeVisible();
    await expectAccessible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("an unknown test's address says it has expired and offers a new one", async ({ page }) => {
  await page.goto(`/placement-test/${"0".repeat(32)}`);
  await expect(page.getByText("Bài kiểm tra này đã hết hạn hoặc không tồn tại")).toBeVisible();
  await page.getByRole("link", { name: "Bắt đầu làm bài" }).click();
  await expect(page).toHaveURL(/\/placement-test$/);
});

test("the result shows in the admin beside the learner's enrolment, found by their email", async ({
  page,
  browser,
  baseURL,
  context,
  accounts,
  database,
}) => {
  const email = uniqueEmail("placement.admin");
  const learner = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const testPage = await learner.newPage();
  await testPage.goto("/placement-test");
  await testPage.getByRole("button", { name: "Bắt đầu làm bài" }).click();
  await testPage.getByRole("radio", { name: "bin", exact: true }).check();
  await testPage.getByLabel("Email").fill(email);
  await testPage.getByRole("button", { name: "Xem kết quả" }).click();
  await expect(testPage.getByRole("heading", { level: 1, name: "Kết quả kiểm tra trình độ" })).toBeVisible();
  await learner.close();

  // The same person enrols later, typing their address in capitals.
  const [enrolment] = await database.db
    .insert(enrollments)
    .values({
      fullName: "Trần Thị Placement",
      phone: "0912 000 111",
      email: email.toUpperCase(),
      course: "a1",
      schedule: "evening",
    })
    .returning({ id: enrollments.id });
  await accounts.signIn(context, await accounts.create({ role: "admin", name: "Cô Hạnh" }));
  await page.goto(`/admin/students?id=${enrolment!.id}`);
  const panel = page.getByRole("dialog", { name: "Chi tiết đăng ký" });
  await expect(panel).toContainText("Kiểm tra trình độ");
  await expect(panel).toContainText("Trình độ ước tính chưa đạt A1, nên học từ A1");
});
