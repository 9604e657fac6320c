// Where the class schedule leads: the page, one class's enrolment and its calendar file.
import type { Language } from "~/i18n/language";
import { localizePath } from "~/lib/localized-path";

export const SCHEDULE_PATH = "/schedule";

/** The enrolment form with this class (and so its course) preselected. */
export function enrollClassHref(classId: string) {
  return `/enroll?class=${encodeURIComponent(classId)}`;
}

/** The class's iCalendar file (RFC 5545), a resource route, in `language` (its texts and the
 * course's title; /en/…, /de/…). */
export function classCalendarHref(classId: string, language: Language) {
  return localizePath(`${SCHEDULE_PATH}/${encodeURIComponent(classId)}/calendar.ics`, language);
}
