// Classes and enrolments made directly in the database, for the tests of seats and the waitlist.
import type { Db } from "~/db/client.server";
import { courseClasses, enrollments } from "~/db/schema";
import { calendarDayInVietnam } from "~/lib/format";

/** The day `days` after today in Vietnam, "yyyy-mm-dd". */
export function addDays(days: number, from: Date = new Date()) {
  return calendarDayInVietnam(new Date(from.getTime() + days * 24 * 60 * 60 * 1000));
}

export async function createClass(
  db: Db,
  values: {
    courseId: string;
    capacity?: number;
    startsOn?: string;
    startTime?: string;
    weekdays?: number[];
    status?: string;
    meetingUrl?: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(courseClasses)
    .values({
      courseId: values.courseId,
      startsOn: values.startsOn ?? addDays(30),
      sessionCount: 24,
      weekdays: values.weekdays ?? [2, 4],
      startTime: values.startTime ?? "19:00",
      // A class starting late in the evening (a test's "20 hours from now") still ends after it
      // begins, that same day.
      endTime: (values.startTime ?? "19:00") < "20:30" ? "20:30" : "23:59:59",
      capacity: values.capacity ?? 8,
      status: values.status ?? "open",
      meetingUrl: values.meetingUrl ?? "",
    })
    .returning({ id: courseClasses.id });
  return row!.id;
}

let enrolled = 0;

/** An enrolment of the class as the form would save it; a seat unless given a waitlist rank. */
export async function enrolDirectly(
  db: Db,
  classId: string,
  values: { status?: string; waitlistRank?: number; language?: string; fullName?: string } = {},
): Promise<string> {
  enrolled += 1;
  const [row] = await db
    .insert(enrollments)
    .values({
      fullName: values.fullName ?? `Người học ${enrolled}`,
      phone: `+84 98 ${String(enrolled).padStart(7, "0")}`,
      email: `direct-${enrolled}-${Date.now()}@example.com`,
      course: "b1",
      schedule: "evening",
      classId,
      waitlistRank: values.waitlistRank ?? null,
      status: values.status ?? "new",
      language: values.language ?? "vi",
    })
    .returning({ id: enrollments.id });
  return row!.id;
}
