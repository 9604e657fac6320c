import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { contactMessages, enrollments } from "~/db/schema";
import { expect, test } from "./fixtures";

/** A Monday about 30 weeks ago, in Vietnam: no other test creates records that far back. */
function mondayWeeksAgo(weeks: number) {
  const day = new Date(Date.now() + 7 * 3600_000 - weeks * 7 * 86_400_000);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}
const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const at = (day: string, time = "10:00:00") => new Date(`${day}T${time}+07:00`);

test("analytics shows the counts of the records in the chosen period, as charts and tables", async ({
  page,
  context,
  accounts,
  database,
  expectAccessible,
}) => {
  const from = mondayWeeksAgo(30);
  const to = plusDays(from, 13); // two weeks
  const tag = randomBytes(3).toString("hex");
  const base = { phone: "0900000000", email: `analytics-${tag}@lernhaus.test` };
  const plan = [
    { day: from, course: "a1", schedule: "evening", status: "enrolled", hearAbout: "facebook" },
    { day: plusDays(from, 2), course: "a1", schedule: "evening", status: "trial", hearAbout: "facebook" },
    { day: plusDays(from, 3), course: "b1", schedule: "weekend", status: "contacted", hearAbout: "google" },
    { day: plusDays(from, 8), course: "b1", schedule: "evening", status: "new", hearAbout: "friend" },
    { day: plusDays(from, 9), course: "b2", schedule: "morning", status: "cancelled", hearAbout: null },
  ];
  const created = await database.db
    .insert(enrollments)
    .values(plan.map((p, i) => ({ ...base, fullName: `Thống Kê ${tag} ${i}`, ...p, createdAt: at(p.day) })))
    .returning({ id: enrollments.id });
  await database.db
    .insert(contactMessages)
    .values([
      {
        name: "A",
        email: base.email,
        phone: base.phone,
        subject: "pricing",
        message: "?",
        createdAt: at(from),
        responseTime: 3600,
      },
      {
        name: "B",
        email: base.email,
        phone: base.phone,
        subject: "pricing",
        message: "?",
        createdAt: at(plusDays(from, 1)),
        responseTime: 3 * 3600,
      },
      {
        name: "C",
        email: base.email,
        phone: base.phone,
        subject: "other",
        message: "?",
        createdAt: at(plusDays(from, 7)),
        responseTime: 9000,
      },
    ])
    .returning({ id: contactMessages.id });
  try {
    await accounts.signIn(context, await accounts.create({ role: "admin" }));
    await page.goto("/admin/analytics");
    await page.getByLabel("Từ ngày").fill(from);
    await page.getByLabel("Đến ngày").fill(to);
    await page.getByRole("button", { name: "Xem" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));

    // Counts computed here from `plan`, read back from the tables under each chart.
    const table = async (heading: string) => {
      const region = page.getByRole("region", { name: heading });
      await region.getByText("Xem số liệu dạng bảng").click();
      return region.getByRole("table");
    };
    const weekly = await table("Đăng ký theo tuần");
    const firstWeek = plan.filter((p) => p.day < plusDays(from, 7)).length;
    await expect(weekly.getByRole("row")).toHaveCount(3);
    await expect(weekly.getByRole("row").nth(1)).toContainText(String(firstWeek));
    await expect(weekly.getByRole("row").nth(2)).toContainText(String(plan.length - firstWeek));

    const byCourse = await table("Theo khóa học");
    for (const course of ["a1", "b1", "b2"]) {
      const n = plan.filter((p) => p.course === course).length;
      await expect(byCourse.getByRole("row", { name: course.toUpperCase() })).toContainText(String(n));
    }
    const bySchedule = await table("Theo lịch học");
    await expect(bySchedule.getByRole("row", { name: /Buổi tối/ })).toContainText(
      String(plan.filter((p) => p.schedule === "evening").length),
    );
    const bySource = await table("Theo nguồn biết đến");
    await expect(bySource.getByRole("row", { name: "Facebook" })).toContainText("2");
    await expect(bySource.getByRole("row", { name: "Không trả lời" })).toContainText("1");

    const funnel = page.getByRole("table", { name: "Phễu chuyển đổi" });
    const reached = (statuses: string[]) => plan.filter((p) => statuses.includes(p.status)).length;
    await expect(funnel.getByRole("row", { name: /Đăng ký mới/ })).toContainText(String(plan.length));
    await expect(funnel.getByRole("row", { name: /Đã liên hệ/ })).toContainText(
      `${reached(["contacted", "trial", "enrolled"])}`,
    );
    // 2 of the 3 contacted reached a trial: 67 %; 1 of 5 enrolled overall: 20 %.
    await expect(funnel.getByRole("row", { name: /Đã hẹn học thử/ })).toContainText("67%");
    await expect(funnel.getByRole("row", { name: /Đã nhập học/ })).toContainText("20%");
    await expect(page.getByText("1 đăng ký đã hủy.")).toBeVisible();

    // Median of 1 h, 3 h and 2.5 h is 2.5 h: over the 2-hour promise.
    const response = page.getByRole("region", { name: "Thời gian phản hồi" });
    await expect(response).toContainText("2,5 giờ");
    await expect(response).toContainText("3/3");
    await expect(response).toContainText("33%");
    await expect(response).toContainText("Trung vị vượt quá cam kết 2 giờ.");
    await expectAccessible();
  } finally {
    await database.db.delete(enrollments).where(
      inArray(
        enrollments.id,
        created.map((c) => c.id),
      ),
    );
    await database.db.delete(contactMessages).where(eq(contactMessages.email, base.email));
  }
});
