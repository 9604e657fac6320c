import { count, eq, sql } from "drizzle-orm";
import { contactMessages, courses, enrollments, posts } from "~/db/schema";
import { change } from "./courses-changes";
import { expect, test } from "./fixtures";

// Every figure is compared with a count the test makes itself; @exclusive so that no other test
// adds an enrolment or a message between the two.
test("@exclusive the overview shows real figures and the latest entries, and follows new enrolments live", async ({
  page,
  context,
  accounts,
  database,
  baseURL,
  expectAccessible,
}) => {
  const { db } = database;
  const total = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
  const weekStart = sql`(date_trunc('week', now() at time zone 'Asia/Ho_Chi_Minh') at time zone 'Asia/Ho_Chi_Minh')`;
  const figures = async () => ({
    week: await total(
      db.select({ n: count() }).from(enrollments).where(sql`${enrollments.createdAt} >= ${weekStart}`),
    ),
    all: await total(db.select({ n: count() }).from(enrollments)),
    unread: await total(
      db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.isRead, false)),
    ),
    published: await total(db.select({ n: count() }).from(posts).where(eq(posts.published, true))),
    drafts: await total(db.select({ n: count() }).from(posts).where(eq(posts.published, false))),
    open: await total(db.select({ n: count() }).from(courses).where(eq(courses.active, true))),
    newOnes: await total(db.select({ n: count() }).from(enrollments).where(eq(enrollments.status, "new"))),
  });
  const figure = (label: string) =>
    page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");

  await accounts.signIn(context, await accounts.create({ role: "admin" }));
  const before = await figures();
  await page.goto("/admin");
  await expect(figure("Đăng ký mới tuần này")).toHaveText(String(before.week));
  await expect(page.getByText(`Tổng cộng ${before.all} đăng ký`)).toBeVisible();
  await expect(figure("Tin nhắn chưa đọc")).toHaveText(String(before.unread));
  await expect(figure("Bài viết đã đăng")).toHaveText(String(before.published));
  await expect(figure("Bài viết nháp")).toHaveText(String(before.drafts));
  await expect(figure("Khóa học đang mở")).toHaveText(String(before.open));
  await expectAccessible();

  // A visitor enrols: the figure, the latest list and the sidebar badge follow without a reload.
  const name = `Trần Thị Overview ${Date.now()}`;
  await change(database, baseURL!, "enrollments", (tx) =>
    tx.insert(enrollments).values({
      fullName: name,
      phone: "0901234567",
      email: "overview@lernhaus.test",
      course: "b1",
      schedule: "evening",
    }),
  );
  await expect(figure("Đăng ký mới tuần này")).toHaveText(String(before.week + 1));
  const latest = page.getByRole("region", { name: "Đăng ký mới nhất" });
  await expect(latest.getByRole("link").filter({ hasText: name })).toHaveAttribute(
    "href",
    /\/admin\/students\?id=/,
  );
  await expect(
    page.getByRole("navigation", { name: "Menu quản trị" }).getByRole("link", { name: /Học viên/ }),
  ).toContainText(String(before.newOnes + 1));
  await db.delete(enrollments).where(eq(enrollments.fullName, name));
});

test("the admin works in their own language, chosen in the admin header", async ({
  page,
  context,
  accounts,
}) => {
  await accounts.signIn(context, await accounts.create({ role: "admin", name: "Frau Weber" }));
  await page.goto("/admin/courses");
  await page.getByRole("button", { name: "Deutsch" }).click();
  const nav = page.getByRole("navigation", { name: "Admin-Menü" });
  await expect(nav.getByRole("link", { name: "Einstellungen" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Kurs hinzufügen" })).toBeVisible();
  // The choice is the admin's own: it holds on the next page and after a reload.
  await nav.getByRole("link", { name: "Statistiken" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Statistik");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Statistik");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics");
});
