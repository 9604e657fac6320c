// The admin overview's figures: one read across several entities, so it lives in
// its own read model rather than in any one entity's file. Every figure is a count in the
// database, never a sample.
import { count, desc, eq, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactMessages, courses, enrollments, posts } from "~/db/schema";
import { TIME_ZONE } from "~/lib/format";
import { isCourseOpen } from "./course-query.server";
import { isPublished } from "./post-query.server";

/** The school's week: Monday 00:00 in Vietnam (the admins' time zone), as a timestamp. */
const zone = sql.raw(`'${TIME_ZONE}'`);
const startOfWeekInVietnam = sql`(date_trunc('week', now() at time zone ${zone}) at time zone ${zone})`;

const LATEST = 5;

export async function getOverview(db: Db) {
  const [enrolmentCounts, unreadMessages, postCounts, activeCourses, latestEnrollments, latestMessages] =
    await Promise.all([
      db
        .select({
          total: count(),
          thisWeek:
            sql<number>`count(*) filter (where ${enrollments.createdAt} >= ${startOfWeekInVietnam})`.mapWith(
              Number,
            ),
        })
        .from(enrollments),
      db.select({ total: count() }).from(contactMessages).where(eq(contactMessages.isRead, false)),
      db
        .select({
          // Public now; a scheduled post is not yet (ADR 053), so it counts with the drafts.
          published: sql<number>`count(*) filter (where ${isPublished})`.mapWith(Number),
          drafts: sql<number>`count(*) filter (where not ${isPublished})`.mapWith(Number),
        })
        .from(posts),
      db.select({ total: count() }).from(courses).where(isCourseOpen),
      db
        .select({
          id: enrollments.id,
          fullName: enrollments.fullName,
          course: enrollments.course,
          courseTitle: courses.title,
          status: enrollments.status,
          createdAt: enrollments.createdAt,
        })
        .from(enrollments)
        .leftJoin(courses, eq(courses.id, enrollments.courseId))
        .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
        .limit(LATEST),
      db
        .select({
          id: contactMessages.id,
          name: contactMessages.name,
          subject: contactMessages.subject,
          isRead: contactMessages.isRead,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(LATEST),
    ]);
  return {
    enrollmentsThisWeek: enrolmentCounts[0]?.thisWeek ?? 0,
    enrollmentsTotal: enrolmentCounts[0]?.total ?? 0,
    unreadMessages: unreadMessages[0]?.total ?? 0,
    publishedPosts: postCounts[0]?.published ?? 0,
    draftPosts: postCounts[0]?.drafts ?? 0,
    activeCourses: activeCourses[0]?.total ?? 0,
    latestEnrollments,
    latestMessages,
  };
}

/** The sidebar's badges: the new enrolments and unread messages, each only when asked for (a
 * role that may not open the list is not told how many there are). One statement for both: every
 * admin page asks, and each statement is a round trip that waits its turn under load. */
export async function getSidebarCounts(db: Db, shown: { enrollments: boolean; messages: boolean }) {
  if (!shown.enrollments && !shown.messages) return { newEnrollments: 0, unreadMessages: 0 };
  // Each count a subquery of the same builder as any other query, so that the enrolment state
  // and the column types are checked as everywhere else.
  const countOf = (wanted: boolean, query: SQLWrapper) =>
    wanted ? sql<number>`(${query})::int` : sql<number>`0`;
  const [counts] = await db
    .select({
      newEnrollments: countOf(
        shown.enrollments,
        db.select({ total: count() }).from(enrollments).where(eq(enrollments.status, "new")),
      ),
      unreadMessages: countOf(
        shown.messages,
        db.select({ total: count() }).from(contactMessages).where(eq(contactMessages.isRead, false)),
      ),
    })
    .from(sql`(select 1) as once`);
  return { newEnrollments: counts?.newEnrollments ?? 0, unreadMessages: counts?.unreadMessages ?? 0 };
}
