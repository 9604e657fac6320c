// A teacher's own trial lessons in "Lớp của tôi" (issue 30): the bookings of the trial sessions
// they teach and of their classes' sessions, from two weeks back; marked "Đã tham gia" / "Vắng
// mặt" after the lesson through the one marking rule of the school's trials (markTrialBooking).
import { and, asc, eq, gte, inArray, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { courseClasses, courses, trialBookings, trialSessions } from "~/db/schema";
import { can } from "~/lib/permissions";
import type { TrialLevel, TrialMark, TrialStatus } from "~/lib/trial-lesson";
import { membersOf, type WorkspaceViewer } from "./class-workspace.server";
import { markTrialBooking, type TrialChange } from "./trial-admin.server";

const DAY = 24 * 60 * 60 * 1000;
const SHOWN = 50;

/** The bookings a person sees here: with "classes" (an admin) every one; a teacher those of the
 * sessions and classes taught by the team member linked to their account. */
function whoseTrials(viewer: WorkspaceViewer) {
  if (can(viewer.role, "classes")) return undefined;
  const members = membersOf(viewer);
  return or(inArray(trialSessions.teacherId, members), inArray(courseClasses.teacherId, members));
}

/** Their trial lessons not cancelled, from two weeks ago on, soonest first. */
export async function listTeacherTrials(db: Db, viewer: WorkspaceViewer, now: Date = new Date()) {
  return db
    .select({
      id: trialBookings.id,
      startsAt: trialBookings.startsAt,
      endsAt: trialBookings.endsAt,
      fullName: trialBookings.fullName,
      phone: trialBookings.phone,
      email: trialBookings.email,
      level: sql<TrialLevel>`${trialBookings.level}`,
      status: sql<TrialStatus>`${trialBookings.status}`,
      courseTitle: courses.title,
      meetingUrl: sql<string>`coalesce(${trialSessions.meetingUrl}, ${courseClasses.meetingUrl}, '')`,
    })
    .from(trialBookings)
    .leftJoin(trialSessions, eq(trialSessions.id, trialBookings.trialSessionId))
    .leftJoin(courseClasses, eq(courseClasses.id, trialBookings.classId))
    .leftJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(
      and(
        ne(trialBookings.status, "cancelled"),
        gte(trialBookings.startsAt, new Date(now.getTime() - 14 * DAY)),
        whoseTrials(viewer),
      ),
    )
    .orderBy(asc(trialBookings.startsAt), asc(trialBookings.id))
    .limit(SHOWN);
}

export type TeacherTrial = Awaited<ReturnType<typeof listTeacherTrials>>[number];

/** Marks one of their own trial lessons; another teacher's is "not-found". */
export async function markTeacherTrial(
  db: Db,
  viewer: WorkspaceViewer,
  id: string,
  mark: TrialMark,
): Promise<TrialChange> {
  const [own] = await db
    .select({ id: trialBookings.id })
    .from(trialBookings)
    .leftJoin(trialSessions, eq(trialSessions.id, trialBookings.trialSessionId))
    .leftJoin(courseClasses, eq(courseClasses.id, trialBookings.classId))
    .where(and(eq(trialBookings.id, id), whoseTrials(viewer)))
    .limit(1);
  if (!own) return "not-found";
  return markTrialBooking(db, id, mark);
}
