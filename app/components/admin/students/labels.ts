// How an enrolment's stored values read for people: the page, the detail panel and the CSV share
// these. `tEnroll` is a translator of the "enroll" namespace, whose texts are the spec's choices.
import type { TFunction } from "~/i18n/translator";
import { CONSULTATION_COURSE } from "~/schemas/domain";

/** "consultation" → "Tư vấn chọn khóa phù hợp"; a level value "b1" → "B1". */
export function courseLabel(tEnroll: TFunction, course: string) {
  return course === CONSULTATION_COURSE ? tEnroll("form.consultation") : course.toUpperCase();
}

export const scheduleLabel = (tEnroll: TFunction, schedule: string) =>
  tEnroll(`schedules.${schedule}`, { defaultValue: schedule });

export const experienceLabel = (tEnroll: TFunction, experience: string) =>
  tEnroll(`experiences.${experience}`, { defaultValue: experience });

export const hearAboutLabel = (tEnroll: TFunction, source: string) =>
  tEnroll(`hearAbout.${source}`, { defaultValue: source });
