import { and, asc, count, eq } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { courseClasses, courses } from "~/db/schema";
import { type CourseInput, isUuid, sortCoursesByLevel } from "~/schemas/course";

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

/** The title of a course the admin closed, or undefined when it is open or unknown: its link
 * keeps answering with a "closed" page (shared links do not break), nothing more is public. */
export async function getClosedCourseTitle(db: Db, id: string): Promise<string | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ title: courses.title })
    .from(courses)
    .where(and(eq(courses.id, id), eq(courses.active, false)))
    .limit(1);
  return row?.title;
}

/* ---------------------------------------------------------------- admin (topic "courses") */

/** Every course, open or closed, as the admin list shows it (same order as the public page). */
export async function listCoursesForAdmin(db: Db) {
  const rows = await db
    .select({ ...publicColumns, active: courses.active, updatedAt: courses.updatedAt })
    .from(courses)
    .orderBy(asc(courses.createdAt), asc(courses.id));
  return sortCoursesByLevel(rows);
}

export type AdminCourse = Awaited<ReturnType<typeof listCoursesForAdmin>>[number];

export async function countActiveCourses(db: Db) {
  const [row] = await db.select({ total: count() }).from(courses).where(eq(courses.active, true));
  return row?.total ?? 0;
}

export async function createCourse(db: Db, input: CourseInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(courses).values(input).returning({ id: courses.id });
    await notifyChange(tx, "courses");
    return row!.id;
  });
}

/** false when the course no longer exists (deleted in another tab). */
export async function updateCourse(db: Db, id: string, input: CourseInput) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(courses)
      .set(input)
      .where(eq(courses.id, id))
      .returning({ id: courses.id });
    await notifyChange(tx, "courses");
    return updated.length > 0;
  });
}

/** spec §4: open ("Đang mở") or closed ("Đã đóng"), switched from the list. */
export async function setCourseActive(db: Db, id: string, active: boolean) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(courses)
      .set({ active })
      .where(eq(courses.id, id))
      .returning({ id: courses.id });
    await notifyChange(tx, "courses");
    return updated.length > 0;
  });
}

/** ADR 026: a course with classes is not deleted (the database restricts it too): its classes
 * are promises to people. The row lock keeps a class from being added between the count and the
 * delete. */
export async function deleteCourse(db: Db, id: string): Promise<"deleted" | "not-found" | "has-classes"> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, id)).for("update");
    if (!row) return "not-found";
    const [classes] = await tx
      .select({ total: count() })
      .from(courseClasses)
      .where(eq(courseClasses.courseId, id));
    if ((classes?.total ?? 0) > 0) return "has-classes";
    await tx.delete(courses).where(eq(courses.id, id));
    await notifyChange(tx, "courses");
    return "deleted";
  });
}
