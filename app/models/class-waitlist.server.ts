// The admin's operations on a class's waitlist (ADR 026): move up and down, promote onto a free
// seat, remove, and move a learner to another class. Each locks the enrolment row, then the class
// rows it touches (in id order, so two moves between the same classes cannot deadlock), exactly
// as an enrolment and a cancellation do, and keeps the classes' status in step with their seats.
import { and, asc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { courses, enrollments } from "~/db/schema";
import type { WaitlistOperation } from "~/schemas/class-seat";
import {
  acceptsEnrollments,
  ClassSeatError,
  countSeatsHeld,
  giveSeat,
  listEnrollableClasses,
  lockClass,
  placeInLockedClass,
  releaseSeat,
  type Tx,
} from "./class-seat.server";

export async function runWaitlistOperation(db: Db, operation: WaitlistOperation): Promise<void> {
  await db.transaction(async (tx) => {
    const [enrollment] = await tx
      .select({
        id: enrollments.id,
        classId: enrollments.classId,
        status: enrollments.status,
        waitlistRank: enrollments.waitlistRank,
      })
      .from(enrollments)
      .where(eq(enrollments.id, operation.enrollmentId))
      .for("update");
    if (!enrollment || enrollment.status === "cancelled") throw new ClassSeatError("not-found");
    if (operation.intent === "move-to-class") {
      await moveToClass(tx, enrollment, operation.classId);
    } else {
      if (!enrollment.classId || enrollment.waitlistRank === null) throw new ClassSeatError("not-waiting");
      const klass = await lockClass(tx, enrollment.classId);
      if (!klass) throw new ClassSeatError("not-found");
      if (operation.intent === "promote") await promote(tx, klass, enrollment.id);
      else if (operation.intent === "remove") {
        await tx.update(enrollments).set({ status: "cancelled" }).where(eq(enrollments.id, enrollment.id));
        // Nobody waiting any more may open a full class that has free seats.
        await releaseSeat(tx, klass.id);
      } else await moveInLine(tx, klass.id, enrollment.id, operation.intent === "move-up" ? -1 : 1);
    }
    await notifyChange(tx, "classes");
    await notifyChange(tx, "enrollments");
  });
}

/** Onto a free seat (with the offer mail, as when a seat frees by itself). A full class is not
 * overfilled: the admin raises its capacity first, which the class form allows up to 8. */
async function promote(
  tx: Tx,
  klass: { id: string; status: string; capacity: number },
  enrollmentId: string,
) {
  if (klass.status === "cancelled" || klass.status === "finished") throw new ClassSeatError("closed");
  if ((await countSeatsHeld(tx, klass.id)) >= klass.capacity) throw new ClassSeatError("no-seat");
  await giveSeat(tx, enrollmentId);
  await releaseSeat(tx, klass.id);
}

/** Swaps the enrolment with its neighbour in the waitlist's order; the ranks are written anew as
 * 1…n, which also settles equal ranks. At either end nothing moves. */
async function moveInLine(tx: Tx, classId: string, enrollmentId: string, step: -1 | 1) {
  const line = await tx
    .select({ id: enrollments.id, rank: enrollments.waitlistRank })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.classId, classId),
        ne(enrollments.status, "cancelled"),
        isNotNull(enrollments.waitlistRank),
      ),
    )
    .orderBy(asc(enrollments.waitlistRank), asc(enrollments.createdAt), asc(enrollments.id));
  const from = line.findIndex((entry) => entry.id === enrollmentId);
  const to = from + step;
  if (from < 0 || to < 0 || to >= line.length) return;
  [line[from], line[to]] = [line[to]!, line[from]!];
  for (const [index, entry] of line.entries()) {
    if (entry.rank !== index + 1) {
      await tx
        .update(enrollments)
        .set({ waitlistRank: index + 1 })
        .where(eq(enrollments.id, entry.id));
    }
  }
}

/** Into another class (of any course) that takes enrolments: a seat there when one is free, else
 * the end of its waitlist; the seat it leaves goes to the first waiting in the old class. */
async function moveToClass(tx: Tx, enrollment: { id: string; classId: string | null }, targetId: string) {
  if (enrollment.classId === targetId) throw new ClassSeatError("same-class");
  const ids = [targetId, enrollment.classId].filter((id): id is string => id !== null).sort();
  const locked = new Map<string, Awaited<ReturnType<typeof lockClass>>>();
  for (const id of ids) locked.set(id, await lockClass(tx, id));
  const target = locked.get(targetId);
  if (!target) throw new ClassSeatError("not-found");
  if (!acceptsEnrollments(target)) throw new ClassSeatError("closed");
  const placement = await placeInLockedClass(tx, target, { seatsTaken: 0 });
  const [course] = await tx
    .select({ level: courses.level })
    .from(courses)
    .where(eq(courses.id, target.courseId));
  await tx
    .update(enrollments)
    .set({
      classId: targetId,
      courseId: target.courseId,
      course: course!.level.toLowerCase(),
      waitlistRank: placement.waitlistRank,
      seatOfferedAt: null,
    })
    .where(eq(enrollments.id, enrollment.id));
  await releaseSeat(tx, enrollment.classId);
}

/** The classes a learner can be moved to: those taking enrolments, with their course's title. */
export async function listMoveTargets(db: Db) {
  const classes = await listEnrollableClasses(db);
  const titles = await db
    .select({ id: courses.id, title: courses.title, level: courses.level })
    .from(courses)
    .where(inArray(courses.id, [...new Set(classes.map((klass) => klass.courseId))]));
  return classes.map((klass) => {
    const course = titles.find((entry) => entry.id === klass.courseId);
    return { ...klass, courseTitle: course ? `${course.level} – ${course.title}` : "" };
  });
}

export type MoveTarget = Awaited<ReturnType<typeof listMoveTargets>>[number];
