// A teacher's class session on a phone (issue 30): the teacher signs in at 390 px and lands on
// "Lớp của tôi", opens today's session of their class, takes attendance in a few taps, writes
// what was covered and the homework, and uploads a worksheet. The class's learner then sees all
// of it under "Khóa học của tôi" and opens the worksheet; a learner of another class and a
// visitor who is not signed in get no byte of it.
import { eq } from "drizzle-orm";
import { courseClasses, courses, enrollments, teamMembers, user } from "~/db/schema";
import { calendarDayInVietnam } from "~/lib/format";
import { expect, test } from "./fixtures";

const DAY = 24 * 60 * 60 * 1000;
const phone = { width: 390, height: 844 };
const worksheet = "%PDF-1.4 Arbeitsblatt Lektion 4";

test("a teacher takes attendance, writes the session's note and shares a worksheet on a phone; only the class's learner gets it", async ({
  browser,
  baseURL,
  accounts,
  database,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const db = database.db;
  // A class of this test's own that meets every day (so today too), begun ten days ago.
  const teacher = await accounts.create({ role: "teacher", name: "Cô Ngọc Test" });
  const [member] = await db
    .insert(teamMembers)
    .values({
      name: "Cô Ngọc Test",
      role: "Giáo viên",
      experience: "5 năm",
      userId: teacher.id,
      active: false,
    })
    .returning({ id: teamMembers.id });
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.active, true)).limit(1);
  const started = calendarDayInVietnam(new Date(Date.now() - 10 * DAY));
  const classOf = async (teacherId: string | null) =>
    (
      await db
        .insert(courseClasses)
        .values({
          courseId: course!.id,
          teacherId,
          startsOn: started,
          sessionCount: 60,
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          startTime: "19:00",
          endTime: "20:30",
          capacity: 8,
          status: "running",
          meetingUrl: "https://meet.example.com/lop-ngoc",
        })
        .returning({ id: courseClasses.id })
    )[0]!.id;
  const ownClass = await classOf(member!.id);
  const otherClass = await classOf(null);
  const learner = await accounts.create({ name: "Trần Thu Test" });
  const stranger = await accounts.create({ name: "Lê Khác Test" });
  for (const [account, classId] of [
    [learner, ownClass],
    [stranger, otherClass],
  ] as const) {
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, account.id));
    await db.insert(enrollments).values({
      fullName: account.name,
      phone: "0912 000 111",
      email: account.email,
      course: "a1",
      courseId: course!.id,
      schedule: "evening",
      status: "enrolled",
      classId,
      userId: account.id,
    });
  }

  // The teacher, on a phone, signs in and lands on their classes.
  const teacherContext = await browser.newContext({ viewport: phone, baseURL });
  const page = await teacherContext.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(teacher.email);
  await page.getByLabel("Mật khẩu", { exact: true }).fill(teacher.password);
  await page.getByRole("button", { name: "Đăng nhập", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/my-classes$/);
  await expect(page.getByRole("heading", { level: 1, name: "Lớp của tôi" })).toBeVisible();
  // A teacher's menu has their classes and their profile, nothing else (ADR 047).
  await page.getByRole("button", { name: "Mở menu quản trị" }).click();
  const menu = page.getByRole("navigation", { name: "Menu quản trị" });
  await expect(menu.getByRole("link")).toHaveText(["Lớp của tôi", "Tài khoản"]);
  await page.keyboard.press("Escape");
  await expectAccessible(page);
  await page.locator(`a[href="/admin/my-classes/${ownClass}"]`).click();

  // Today's session is the one open; one tap marks the learner present.
  await expect(page.getByRole("heading", { name: /^Điểm danh ngày/ })).toBeVisible();
  await expect(page.locator('nav[aria-labelledby="sessions-heading"] a[aria-current="page"]')).toContainText(
    "hôm nay",
  );
  const row = page.getByRole("group", { name: learner.name });
  await row.getByText("Có mặt", { exact: true }).click();
  await page.getByRole("button", { name: "Lưu điểm danh" }).click();
  await expect(page.getByText("Đã lưu điểm danh.")).toBeVisible();
  await expect(row.getByRole("radio", { name: "Có mặt" })).toBeChecked();

  await page.getByLabel("Nội dung đã học").fill("Lektion 4: Modalverben können, müssen");
  await page.getByLabel("Bài tập về nhà").fill("Arbeitsbuch S. 24, bài 1–3");
  await page.getByRole("button", { name: "Lưu ghi chú" }).click();
  await expect(page.getByText("Đã lưu ghi chú buổi học.")).toBeVisible();

  const upload = page.locator("form", { has: page.getByRole("heading", { name: "Tải tệp lên" }) });
  await upload.getByLabel("Tên tài liệu").fill("Arbeitsblatt Lektion 4");
  await upload.getByLabel("Chọn tệp").setInputFiles({
    name: "arbeitsblatt-4.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(worksheet),
  });
  await upload.getByRole("button", { name: "Tải lên" }).click();
  await expect(page.getByText("Đã thêm tài liệu.")).toBeVisible();
  const material = page.getByRole("link", { name: "Arbeitsblatt Lektion 4" });
  const href = (await material.getAttribute("href"))!;
  expect(href).toMatch(/^\/materials\/[0-9a-f-]{36}$/);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  await expectAccessible(page);
  await teacherContext.close();

  // The class's learner sees it under "Khóa học của tôi", and opens the worksheet.
  const learnerContext = await browser.newContext({ viewport: phone, baseURL });
  await accounts.signIn(learnerContext, learner);
  const learnerPage = await learnerContext.newPage();
  await learnerPage.goto("/profile");
  const panel = learnerPage.getByRole("region", { name: "Lớp học của tôi" });
  await panel.getByText("Các buổi đã học").click();
  await panel.getByText("Tài liệu của lớp").click();
  await expect(panel.getByText("Lektion 4: Modalverben können, müssen")).toBeVisible();
  await expect(panel.getByText("Arbeitsbuch S. 24, bài 1–3")).toBeVisible();
  await expect(panel.getByText("Có mặt").first()).toBeVisible();
  await expect(panel.getByRole("link", { name: "Arbeitsblatt Lektion 4" })).toHaveAttribute("href", href);
  await expect(panel.getByRole("link", { name: /Vào phòng học trực tuyến/ })).toHaveAttribute(
    "href",
    "https://meet.example.com/lop-ngoc",
  );
  const opened = await learnerPage.request.get(href);
  expect(opened.status()).toBe(200);
  expect(await opened.text()).toBe(worksheet);
  await expectAccessible(learnerPage);
  await learnerContext.close();

  // A learner of another class is told it does not exist; a visitor is sent to sign in.
  const strangerContext = await browser.newContext({ baseURL });
  await accounts.signIn(strangerContext, stranger);
  const refused = await strangerContext.request.get(href);
  expect(refused.status()).toBe(404);
  expect(await refused.text()).not.toContain("Arbeitsblatt");
  await strangerContext.close();
  const visitor = await browser.newContext({ baseURL });
  const anonymous = await visitor.request.get(href, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toMatch(/^\/login\?redirectTo=/);
  await visitor.close();
});
