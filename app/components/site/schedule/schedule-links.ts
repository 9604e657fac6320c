// Where the class schedule leads: the page, one class's enrolment and its calendar file.

export const SCHEDULE_PATH = "/schedule";

/** The enrolment form with this class (and so its course) preselected. */
export function enrollClassHref(classId: string) {
  return `/enroll?class=${encodeURIComponent(classId)}`;
}

/** The class's iCalendar file (RFC 5545), a resource route. */
export function classCalendarHref(classId: string) {
  return `${SCHEDULE_PATH}/${encodeURIComponent(classId)}/calendar.ics`;
}
