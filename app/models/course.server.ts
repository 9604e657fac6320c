import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { courses } from "~/db/schema";

// spec §9: courses sorted by level A1 < A2 < B1 < B2 (then C1, C2 from the admin form).
const levelOrder = sql`array_position(array['A1','A2','B1','B2','C1','C2']::text[], ${courses.level})`;

/** Open courses as the public pages show them (spec §4: active true, "Đang mở"). */
export async function listActiveCourses(db: Db) {
  return db
    .select({
      id: courses.id,
      level: courses.level,
      title: courses.title,
      description: courses.description,
      duration: courses.duration,
      lessons: courses.lessons,
      price: courses.price,
      features: courses.features,
      color: courses.color,
    })
    .from(courses)
    .where(eq(courses.active, true))
    .orderBy(levelOrder, asc(courses.price), asc(courses.createdAt));
}

export type PublicCourse = Awaited<ReturnType<typeof listActiveCourses>>[number];
