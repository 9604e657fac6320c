import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { courses } from "~/db/schema";
import { getActiveCourse, listActiveCourses } from "~/models/course.server";
import { loader as courseDetailLoader } from "~/routes/site/course-detail";
import { loader as coursesLoader } from "~/routes/site/courses";
import { loaderArgs } from "../support/loader-args";
import { createTestDatabase } from "../support/test-database";

type Course = typeof courses.$inferInsert;

function course(level: string, title: string, extra: Partial<Course> = {}): Course {
  return {
    level,
    title,
    description: `Mô tả ${title}`,
    duration: "10 tuần",
    lessons: "30 buổi",
    price: 2_500_000,
    features: ["Lớp tối đa 8 học viên"],
    color: "blue",
    active: true,
    ...extra,
  };
}

describe("course reads", () => {
  let database: Database;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    // Inserted out of order on purpose; createdAt decides between equal level and price.
    const rows = await database.db
      .insert(courses)
      .values([
        course("B2", "B2", { price: 4_000_000 }),
        course("C1", "C1", { price: 5_000_000 }),
        course("A2", "A2 later", { price: 3_000_000, createdAt: new Date("2025-02-01") }),
        course("B1", "B1 closed", { price: 3_500_000, active: false }),
        course("A2", "A2 earlier", { price: 3_000_000, createdAt: new Date("2025-01-01") }),
        course("A1", "A1", { price: 2_500_000 }),
      ])
      .returning({ id: courses.id, title: courses.title });
    for (const row of rows) ids[row.title] = row.id;
  });

  it("lists only open courses, by level A1 < A2 < B1 < B2 then C1, the older first within a level", async () => {
    const list = await listActiveCourses(database.db);
    expect(list.map((row) => row.title)).toEqual(["A1", "A2 earlier", "A2 later", "B2", "C1"]);
    // Only what the page shows: no timestamps or flags.
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        "color",
        "description",
        "duration",
        "fallbackFields",
        "features",
        "id",
        "lessons",
        "level",
        "price",
        "slug",
        "title",
      ].sort(),
    );
  });

  it("finds an open course by id, and nothing for a closed, unknown or malformed id", async () => {
    expect((await getActiveCourse(database.db, ids.A1!))?.title).toBe("A1");
    expect(await getActiveCourse(database.db, ids["B1 closed"]!)).toBeUndefined();
    expect(await getActiveCourse(database.db, "00000000-0000-4000-8000-000000000000")).toBeUndefined();
    expect(await getActiveCourse(database.db, "not-a-uuid")).toBeUndefined();
    expect(await getActiveCourse(database.db, "' or 1=1 --")).toBeUndefined();
  });

  it("answers 404 on the detail page of an unknown or malformed course", async () => {
    const ok = await courseDetailLoader(loaderArgs<typeof courseDetailLoader>(database, { slug: "b2" }));
    expect(ok.course?.title).toBe("B2");
    expect(ok.closed).toBeUndefined();
    for (const slug of ["00000000-0000-4000-8000-000000000000", "abc"]) {
      const thrown = await courseDetailLoader(
        loaderArgs<typeof courseDetailLoader>(database, { slug }),
      ).catch((error: unknown) => error);
      expect(thrown, slug).toBeInstanceOf(Response);
      expect((thrown as Response).status, slug).toBe(404);
    }
  });

  it("gives a closed course's detail page only its title and the open courses", async () => {
    const data = await courseDetailLoader(
      loaderArgs<typeof courseDetailLoader>(database, { slug: "b1-closed" }),
    );
    expect(data.course).toBeUndefined();
    expect(data.closed?.title.title).toBe("B1 closed");
    expect(data.closed?.openCourses.map((row) => row.title)).toEqual([
      "A1",
      "A2 earlier",
      "A2 later",
      "B2",
      "C1",
    ]);
    expect(Object.keys(data.closed?.openCourses[0] ?? {}).sort()).toEqual([
      "fallbackFields",
      "id",
      "level",
      "slug",
      "title",
    ]);
  });

  it("gives the course list page the sorted open courses", async () => {
    const data = await coursesLoader(loaderArgs<typeof coursesLoader>(database));
    expect(data.courses.map((row) => row.level)).toEqual(["A1", "A2", "A2", "B2", "C1"]);
  });

  it("fails the page load (→ its error state) when the courses cannot be read", async () => {
    await database.pool.query("alter table courses rename to courses_unavailable");
    try {
      await expect(listActiveCourses(database.db)).rejects.toThrow(/courses/);
      await expect(coursesLoader(loaderArgs<typeof coursesLoader>(database))).rejects.toThrow();
      await expect(
        courseDetailLoader(loaderArgs<typeof courseDetailLoader>(database, { slug: "a1" })),
      ).rejects.toThrow();
    } finally {
      await database.pool.query("alter table courses_unavailable rename to courses");
    }
    expect(await listActiveCourses(database.db)).toHaveLength(5);
  });
});
