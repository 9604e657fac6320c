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

/** Date and time in Vietnam, the admins' time zone: "22/11/2026 14:05" (dates as spec §9). */
export function formatDateTimeVi(date: Date | string) {
  const parts = new Intl.DateTimeFormat("vi-VN", {
    hour: "2-digit",
    minute: "2-digit",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour12: false,
    timeZone: "Asia/Ho_Chi_Minh",
  }).formatToParts(new Date(date));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")}/${part("month")}/${part("year")} ${part("hour")}:${part("minute")}`;
}
