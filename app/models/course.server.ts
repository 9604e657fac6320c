import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { courses } from "~/db/schema";
import { isUuid, sortCoursesByLevel } from "~/schemas/course";

// What the public pages show of a course: no timestamps, no `active` flag.
const publicColumns = {
  id: courses.id,
  level: courses.level,
  title: courses.title,
  description: courses.description,
  duration: courses.duration,
  lessons: courses.lessons,
  price: courses.price,
  features: courses.features,
  color: courses.color,
};

/** Open courses as the public pages show them (spec §4: active true, "Đang mở"), sorted by
 * level A1 < A2 < B1 < B2 < C1 < C2 (spec §9), the oldest first within a level and price. */
export async function listActiveCourses(db: Db) {
  const rows = await db
    .select(publicColumns)
    .from(courses)
    .where(eq(courses.active, true))
    .orderBy(asc(courses.createdAt), asc(courses.id));
  return sortCoursesByLevel(rows);
}

export type PublicCourse = Awaited<ReturnType<typeof listActiveCourses>>[number];

/** One open course, or undefined when it is closed, unknown or `id` is not a uuid at all
 * (a hand-typed URL must give 404, not a database error). */
export async function getActiveCourse(db: Db, id: string): Promise<PublicCourse | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select(publicColumns)
    .from(courses)
    .where(and(eq(courses.id, id), eq(courses.active, true)))
    .limit(1);
  return row;
}
