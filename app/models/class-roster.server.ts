// A class's people (ADR 026): its roster (seat holders and the waitlist in order) and the mail
// the admin sends to the whole class; whom a class mail reaches and what it says of the class.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { courseClasses, courses, enrollments } from "~/db/schema";
import { enqueueMail } from "~/mail/outbox.server";
import { type ClassMessage, classMessageMail } from "~/mail/templates/class-mail.server";
import { activeEnrolment, holdsSeat, type Tx } from "./class-seat.server";
import { paymentColumns } from "./enrollment-admin.server";

/** What a mail says of its class. */
const mailColumns = {
  courseTitle: courses.title,
  courseLevel: courses.level,
  startsOn: courseClasses.startsOn,
  weekdays: courseClasses.weekdays,
  startTime: courseClasses.startTime,
  endTime: courseClasses.endTime,
  meetingUrl: courseClasses.meetingUrl,
};

/** Whom a mail to the class reaches, one per address (the latest enrolment's name and
 * language): its seat holders, or also its waitlist. */
export function learnersToMail(tx: Tx, classId: string, who: "seats" | "seats-and-waitlist") {
  return tx
    .selectDistinctOn([sql`lower(${enrollments.email})`], {
      fullName: enrollments.fullName,
      email: enrollments.email,
      language: enrollments.language,
    })
    .from(enrollments)
    .where(and(eq(enrollments.classId, classId), who === "seats" ? holdsSeat : activeEnrolment))
    .orderBy(sql`lower(${enrollments.email})`, desc(enrollments.createdAt));
}

/** The class's learners (seat holders, in enrolment order) and its waitlist in order, each with
 * its position; cancelled enrolments are not on the roster. */
export async function listClassRoster(db: Db, classId: string) {
  const rows = await db
    .select({
      id: enrollments.id,
      fullName: enrollments.fullName,
      email: enrollments.email,
      phone: enrollments.phone,
      status: enrollments.status,
      ...paymentColumns,
      language: enrollments.language,
      waitlistRank: enrollments.waitlistRank,
      seatOfferedAt: enrollments.seatOfferedAt,
      createdAt: enrollments.createdAt,
    })
    .from(enrollments)
    .where(and(eq(enrollments.classId, classId), activeEnrolment))
    .orderBy(asc(enrollments.waitlistRank), asc(enrollments.createdAt), asc(enrollments.id));
  // Ascending, PostgreSQL puts the seat holders (rank null) last, each group in its order.
  const learners = rows.filter((row) => row.waitlistRank === null);
  const waitlist = rows
    .filter((row) => row.waitlistRank !== null)
    .map((row, index) => ({ ...row, position: index + 1 }));
  return { learners, waitlist };
}

export type RosterEntry = Awaited<ReturnType<typeof listClassRoster>>["learners"][number];

/** What a mail to the class says of it, or undefined when the class is gone. */
export async function getMailedClass(db: Pick<Db, "select">, classId: string) {
  const [row] = await db
    .select(mailColumns)
    .from(courseClasses)
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(eq(courseClasses.id, classId));
  return row;
}

/** "Gửi thư cho cả lớp": one mail per seat holder (one per address), none to the waitlist or to
 * cancelled enrolments, queued in one transaction. Returns how many, or false when the class is
 * gone. */
export async function sendClassMessage(
  db: Db,
  classId: string,
  message: ClassMessage,
  replyTo: string | undefined,
): Promise<number | false> {
  return db.transaction(async (tx) => {
    const courseClass = await getMailedClass(tx, classId);
    if (!courseClass) return false;
    const learners = await learnersToMail(tx, classId, "seats");
    for (const learner of learners)
      await enqueueMail(tx, classMessageMail(learner, courseClass, message, replyTo));
    return learners.length;
  });
}
