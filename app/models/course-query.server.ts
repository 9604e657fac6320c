// The one rule of "open now" for a course (spec §4 active, ADR 057 scheduled opening), in SQL, for
// every public read and every rule that needs an open course: the lists, its page and address, the
// schedule, seats, trial lessons, the sitemap and the overview's count. The database's clock
// decides, so a scheduled course opens at its minute even before the scheduled job has run.
// app/lib/course-schedule.ts holds the same rule for a course already read.
import { sql } from "drizzle-orm";
import { courses } from "~/db/schema";

export const isCourseOpen = sql`(${courses.active} and (${courses.publishAt} is null or ${courses.publishAt} <= now()))`;

/** Waiting for its opening time: open (active) with a publish_at still ahead. Never null (a
 * course with no time is not scheduled), so `not` of it is true for every other course. */
export const isCourseScheduled = sql`(${courses.active} and ${courses.publishAt} is not null and ${courses.publishAt} > now())`;
