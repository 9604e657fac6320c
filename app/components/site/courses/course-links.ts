// Where the course pages lead (spec §2 Courses, and the course detail pages added since).

/** The id of the class-times block on /courses (the general time slots; the dated classes are
 * on /schedule). */
export const SCHEDULE_ANCHOR = "lich-hoc";

export function courseHref(id: string) {
  return `/courses/${id}`;
}

/** The enrolment form with this very course preselected: /enroll?course=<id> (two courses may
 * share a level, so the level alone would not do). */
export function enrollHref(courseId: string) {
  return `/enroll?course=${encodeURIComponent(courseId)}`;
}
