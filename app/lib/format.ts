// The one place that formats dates, times, durations, numbers and prices for people (spec §9).
// Browser-safe: pages, mails and the CSV export all format through these functions.
//
// Dates read dd/mm/yyyy and a date with its time "22/11/2026 14:05" (day first, then the time)
// in every interface language: spec §9 shows dates "in the Vietnamese format", and the school's
// people read the same dates whichever language they chose. Words and decimal separators follow
// the language (durations, counts); prices keep the spec's "2.500.000đ" everywhere.
import type { Language } from "~/i18n/language";

/** The school's time zone: every date and time shown, and every "day" counted, is Vietnam's. */
export const TIME_ZONE = "Asia/Ho_Chi_Minh";

/** A moment (a Date or an ISO timestamp), or a calendar day as "yyyy-mm-dd". */
export type DateInput = Date | string;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A bare calendar day is that day in Vietnam (noon, far from either midnight); anything else is
 * the moment it names. */
function toDate(value: DateInput) {
  if (typeof value === "string" && CALENDAR_DAY.test(value)) return new Date(`${value}T12:00:00+07:00`);
  return new Date(value);
}

// Built once: a DateTimeFormat costs far more to create than to use.
const partsFormat = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: TIME_ZONE,
});

/** Day, month, year, hour and minute in Vietnam, each two digits (the year four). The order is
 * put together here rather than left to a locale, whose orders differ ("14:05 22/11/2026" in
 * vi-VN). */
function partsInVietnam(value: DateInput) {
  const parts = partsFormat.formatToParts(toDate(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    day: part("day"),
    month: part("month"),
    year: part("year"),
    hour: part("hour"),
    minute: part("minute"),
  };
}

/** spec §9: "22/11/2026", in Vietnam's time zone. */
export function formatDateVi(value: DateInput) {
  const { day, month, year } = partsInVietnam(value);
  return `${day}/${month}/${year}`;
}

/** "22/11": a week's first day on a chart's axis, where the year is the range's. */
export function formatDayMonthVi(value: DateInput) {
  const { day, month } = partsInVietnam(value);
  return `${day}/${month}`;
}

/** "14:05", 24-hour, in Vietnam's time zone. */
export function formatTimeVi(value: DateInput) {
  const { hour, minute } = partsInVietnam(value);
  return `${hour}:${minute}`;
}

/** "22/11/2026 14:05": where the time of day matters (mail, notes, replies, the CSV export). */
export function formatDateTimeVi(value: DateInput) {
  return `${formatDateVi(value)} ${formatTimeVi(value)}`;
}

/** The calendar day in Vietnam as "yyyy-mm-dd" (the school's day, whatever the server's zone):
 * what forms, URLs and file names carry, never what a person reads. */
export function calendarDayInVietnam(now: DateInput = new Date()) {
  const { day, month, year } = partsInVietnam(now);
  return `${year}-${month}-${day}`;
}

/** A count with the language's digit grouping: "1.234" (vi, de), "1,234" (en). */
export function formatNumber(value: number, language: Language) {
  return new Intl.NumberFormat(language).format(value);
}

/** A part of a whole as a whole percent: "67%" (vi, en), "67 %" (de); "—" when the whole is 0. */
export function formatShare(part: number, whole: number, language: Language) {
  if (whole <= 0) return "—";
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(part / whole);
}

/** A duration an administrator reads at a glance: "45 phút", "2,5 giờ", "2.5 hours",
 * "2,5 Stunden". Under an hour in whole minutes (at least one), from an hour on in hours with at
 * most one decimal. */
export function formatDuration(seconds: number, language: Language) {
  const [unit, amount] =
    seconds < 3600
      ? (["minute", Math.max(1, Math.round(seconds / 60))] as const)
      : (["hour", seconds / 3600] as const);
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit,
    unitDisplay: "long",
    maximumFractionDigits: 1,
  }).format(amount);
}

/** A time taken, to the minute, in its two largest units: "5 phút", "2 giờ 5 phút",
 * "1 ngày 3 giờ" ("2 hr 5 min", "1 Tg. 3 Std."). From a minute on; the caller words less. */
export function formatElapsed(seconds: number, language: Language) {
  const unit = (value: number, name: "day" | "hour" | "minute") =>
    new Intl.NumberFormat(language, { style: "unit", unit: name, unitDisplay: "short" }).format(value);
  const minutes = Math.floor(seconds / 60) % 60;
  const hours = Math.floor(seconds / 3600) % 24;
  const days = Math.floor(seconds / 86_400);
  if (days > 0) return `${unit(days, "day")} ${unit(hours, "hour")}`;
  if (hours > 0) return `${unit(hours, "hour")} ${unit(minutes, "minute")}`;
  return unit(minutes, "minute");
}

/** spec §9: "Prices are shown as a number with the suffix đ" — dot thousands separators:
 * 2500000 → "2.500.000đ". The same in every interface language. */
export function formatPriceVnd(price: number) {
  const digits = Math.round(price).toString();
  return `${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".")}đ`;
}
