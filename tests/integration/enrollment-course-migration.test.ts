// Migration 0007 gives each existing enrolment the course of its level (ADR 024): the only
// course of that level, else the earliest created, open or closed; the consultation choice and a
// level without any course stay without one.
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { createMigrationDatabase, migrationFiles } from "../support/migration-database";

let client: pg.Client;
let apply: (file: string) => Promise<void>;

beforeAll(async () => {
  ({ client, apply } = await createMigrationDatabase("migrate"));
  // The schema as it was before enrolments referenced courses.
  for (const file of migrationFiles().filter((f) => f < "0007")) await apply(file);
});

async function insertCourse(level: string, title: string, createdAt: string, active = true) {
  const { rows } = await client.query<{ id: string }>(
    `insert into courses (level, title, description, duration, lessons, price, color, active, created_at)
     values ($1, $2, '', '', '', 1000000, 'blue', $3, $4) returning id`,
    [level, title, active, createdAt],
  );
  return rows[0]!.id;
}

async function insertEnrollment(course: string) {
  const { rows } = await client.query<{ id: string }>(
    `insert into enrollments (full_name, phone, email, course, schedule, updated_at)
     values ('Lan', '0912345678', 'lan@example.com', $1, 'evening', '2026-01-05T00:00:00Z') returning id`,
    [course],
  );
  return rows[0]!.id;
}

describe("migration 0007: enrolments reference their course", () => {
  it("gives each enrolment the course of its level, the earliest created of several, and keeps updated_at", async () => {
    const a1 = await insertCourse("A1", "A1 closed since", "2025-01-01T00:00:00Z", false);
    const b1First = await insertCourse("B1", "B1 first", "2025-02-01T00:00:00Z");
    await insertCourse("B1", "B1 weekend", "2025-06-01T00:00:00Z");
    const enrolments = {
      a1: await insertEnrollment("a1"),
      b1: await insertEnrollment("b1"),
      consultation: await insertEnrollment("consultation"),
      c1: await insertEnrollment("c1"),
    };

    await apply(migrationFiles().find((file) => file.startsWith("0007"))!);

    const { rows } = await client.query<{ id: string; course_id: string | null; updated_at: Date }>(
      "select id, course_id, updated_at from enrollments",
    );
    const courseOf = (id: string) => rows.find((row) => row.id === id)?.course_id;
    expect(courseOf(enrolments.a1)).toBe(a1);
    expect(courseOf(enrolments.b1)).toBe(b1First);
    expect(courseOf(enrolments.consultation)).toBeNull();
    expect(courseOf(enrolments.c1)).toBeNull();
    expect(rows.map((row) => row.updated_at.toISOString())).toEqual(
      Array(4).fill("2026-01-05T00:00:00.000Z"),
    );

    // Deleting a course keeps its enrolments, with their level and without the course.
    await client.query("delete from courses where id = $1", [b1First]);
    const { rows: after } = await client.query<{ course: string; course_id: string | null }>(
      "select course, course_id from enrollments where id = $1",
      [enrolments.b1],
    );
    expect(after).toEqual([{ course: "b1", course_id: null }]);
  });
});
