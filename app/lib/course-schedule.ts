// A course's state as the admin sees it (spec §4 open/closed, ADR 057 scheduled opening): the
// same rule as course-query.server.ts's isCourseOpen, for a course already read. Browser-safe.

export type CourseState = "closed" | "scheduled" | "open";

export interface CourseOpening {
  active: boolean;
  /** When an active course opens; null for "now" (or once the job has run). */
  publishAt: Date | string | null;
}

export function courseState(course: CourseOpening, now: Date = new Date()): CourseState {
  if (!course.active) return "closed";
  return course.publishAt !== null && new Date(course.publishAt).getTime() > now.getTime()
    ? "scheduled"
    : "open";
}
