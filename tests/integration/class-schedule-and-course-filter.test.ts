// Issue 26, item 3: a class chosen is its schedule (the record says the class's slot, not a second
// answer contradicting it), and the students list's "Khóa học" filter lists courses, so two B1
// courses are told apart.
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { courses, enrollments } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { listEnrollmentsForAdmin } from "~/models/enrollment.server";
import { loader as studentsLoader } from "~/routes/admin/students";
import { action as apiAction } from "~/routes/api/email.enrollment";
import { readStudentListQuery } from "~/schemas/enrollment-admin";
import { createSessionFixture } from "../support/admin-session";
import { addDays, createClass } from "../support/class-fixtures";
import { formTicketCookie } from "../support/form-ticket";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3995";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;
let adminCookie: string;
let b1: { id: string; price: number };
let b1Intensive: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  const fixture = createSessionFixture(database.db, APP_URL);
  context = fixture.context;
  adminCookie = await fixture.cookieFor("giao.vu@lernhaus.test", "Giáo Vụ", "admin");
  const [course] = await database.db
    .select({ id: courses.id, price: courses.price })
    .from(courses)
    .where(eq(courses.level, "B1"))
    .limit(1);
  b1 = course!;
  const [second] = await database.db
    .insert(courses)
    .values({
      level: "B1",
      title: "B1 cấp tốc buổi sáng",
      description: "Khóa B1 cấp tốc",
      price: 6_000_000,
      duration: "8 tuần",
      lessons: "24 buổi",
      color: "blue",
      active: true,
    })
    .returning({ id: courses.id });
  b1Intensive = second!.id;
});

let counter = 0;
async function enrol(body: Record<string, unknown>) {
  counter += 1;
  const request = new Request(`${APP_URL}/api/email/enrollment`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Accept-Language": "vi",
      Cookie: formTicketCookie(context.config.authSecret),
    },
    body: JSON.stringify({
      fullName: `Học viên ${counter}`,
      phone: `+84 94 ${String(counter).padStart(7, "0")}`,
      email: `lich-${counter}@example.com`,
      ...body,
    }),
  });
  return apiAction({
    request,
    context: { ...context, clientIp: `10.3.0.${counter}` },
    params: {},
  } as never);
}

describe("a class chosen", () => {
  it("sets the schedule from the class, whatever the form sent, and says so in the answer", async () => {
    const classId = await createClass(database.db, {
      courseId: b1.id,
      startTime: "19:00",
      startsOn: addDays(20),
    });
    const response = await enrol({ course: b1.id, classId, schedule: "morning" });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { id: string; schedule: string };
    expect(answer.schedule).toBe("evening");
    const [row] = await database.db
      .select({ schedule: enrollments.schedule })
      .from(enrollments)
      .where(eq(enrollments.id, answer.id));
    expect(row!.schedule).toBe("evening");
  });

  it("needs no schedule; without a class the schedule is required", async () => {
    const classId = await createClass(database.db, {
      courseId: b1.id,
      startTime: "09:00",
      weekdays: [6, 7],
      startsOn: addDays(20),
    });
    const withClass = await enrol({ course: b1.id, classId });
    expect(withClass.status).toBe(200);
    const { id } = (await withClass.json()) as { id: string };
    const [row] = await database.db
      .select({ schedule: enrollments.schedule })
      .from(enrollments)
      .where(eq(enrollments.id, id));
    expect(row!.schedule).toBe("weekend");
    const without = await enrol({ course: b1.id });
    expect(without.status).toBe(400);
  });
});

describe("the students list's course filter", () => {
  it("lists courses, two B1 courses apart, and filters by the one chosen", async () => {
    expect((await enrol({ course: b1Intensive, schedule: "morning" })).status).toBe(200);
    expect((await enrol({ course: b1.id, schedule: "evening" })).status).toBe(200);

    const request = new Request(`${APP_URL}/admin/students`, { headers: { cookie: adminCookie } });
    const page = (await studentsLoader({ request, context, params: {} } as never)) as {
      courses: { id: string; level: string; title: string }[];
    };
    const b1Choices = page.courses.filter((course) => course.level === "B1");
    expect(b1Choices.map((course) => course.id).sort()).toEqual([b1.id, b1Intensive].sort());
    expect(new Set(b1Choices.map((course) => course.title)).size).toBe(2);

    const intensive = await listEnrollmentsForAdmin(
      database.db,
      readStudentListQuery(`course=${b1Intensive}`),
    );
    expect(intensive.total).toBe(1);
    const regular = await listEnrollmentsForAdmin(database.db, readStudentListQuery(`course=${b1.id}`));
    expect(regular.rows.every((row) => row.courseTitle !== "B1 cấp tốc buổi sáng")).toBe(true);
    // A level code from links made before still filters by level: both courses.
    const byLevel = await listEnrollmentsForAdmin(database.db, readStudentListQuery("course=b1"));
    expect(byLevel.total).toBe(intensive.total + regular.total);
  });
});
