// How an enrolment's stored values read for people: the page, the detail panel and the CSV share
// these. `tEnroll` is a translator of the "enroll" namespace, whose texts are the spec's choices.
import type { TFunction } from "~/i18n/translator";
import { CONSULTATION_COURSE } from "~/schemas/domain";

/** The course's name when the enrolment has one; otherwise "consultation" → "Tư vấn chọn khóa
 * phù hợp" and a level value "b1" → "B1" (enrolments whose course was deleted). */
export function courseLabel(tEnroll: TFunction, course: string, courseTitle?: string | null) {
  if (courseTitle) return courseTitle;
  return course === CONSULTATION_COURSE ? tEnroll("form.consultation") : course.toUpperCase();
}

export const scheduleLabel = (tEnroll: TFunction, schedule: string) =>
  tEnroll(`schedules.${schedule}`, { defaultValue: schedule });

export const experienceLabel = (tEnroll: TFunction, experience: string) =>
  tEnroll(`experiences.${experience}`, { defaultValue: experience });

export const hearAboutLabel = (tEnroll: TFunction, source: string) =>
  tEnroll(`hearAbout.${source}`, { defaultValue: source });
