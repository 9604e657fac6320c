// The sessions of a class (ADR 026): it starts on a Vietnam calendar day and meets on fixed ISO
// weekdays (1 = Monday … 7 = Sunday). Days are "yyyy-mm-dd" and counted in UTC so that the
// server's own time zone never moves a day. Also how a class's dates, weekdays and times read
// in the enrolment form, its success screen and the mails. Browser-safe.
import type { TFunction } from "~/i18n/translator";
import { formatDateVi } from "./format";

const DAY_MS = 86_400_000;

function dayNumber(day: string) {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

function dayOf(number: number) {
  return new Date(number * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string) {
  // 1970-01-01 was a Thursday (ISO 4).
  return ((((dayNumber(day) + 3) % 7) + 7) % 7) + 1;
}

/** The day of the first session: the first day from `startsOn` on that is one of `weekdays`
 * (a class "starting" on a Tuesday that meets Mon/Wed first meets on the Wednesday). */
export function firstSessionDay(startsOn: string, weekdays: readonly number[]) {
  const start = dayNumber(startsOn);
  for (let offset = 0; offset < 7; offset++) {
    if (weekdays.includes(isoWeekday(dayOf(start + offset)))) return dayOf(start + offset);
  }
  return startsOn;
}

/** The day of the last of `sessionCount` sessions, counted from the first session. */
export function lastSessionDay(startsOn: string, weekdays: readonly number[], sessionCount: number) {
  const meets = new Set(weekdays.filter((day) => day >= 1 && day <= 7));
  if (meets.size === 0 || sessionCount < 1) return startsOn;
  let number = dayNumber(firstSessionDay(startsOn, weekdays));
  let held = 1;
  while (held < sessionCount) {
    number += 1;
    if (meets.has(isoWeekday(dayOf(number)))) held += 1;
  }
  return dayOf(number);
}

/** The class's last day: its end date when it has one, else the day of its last session. */
export function classEndDay(course: {
  startsOn: string;
  weekdays: readonly number[];
  sessionCount: number | null;
  endsOn: string | null;
}) {
  if (course.endsOn) return course.endsOn;
  return lastSessionDay(course.startsOn, course.weekdays, course.sessionCount ?? 1);
}

/** "19:00" from a database time "19:00:00". */
export function hourMinute(time: string) {
  return time.slice(0, 5);
}

/** What naming a class needs: its first day ("yyyy-mm-dd"), ISO weekdays and "hh:mm[:ss]" times. */
export interface ClassWhen {
  startsOn: string;
  weekdays: number[];
  startTime: string;
  endTime: string;
}

/** "Khai giảng 05/01/2027 · Thứ 2, Thứ 4, Thứ 6 · 19:00–20:30". The weekday names and the seat
 * texts are /schedule's (the schedule namespace: a component calling these loads it). */
export function describeClassWhen(t: TFunction, when: ClassWhen) {
  return t("class-seats:class.when", {
    date: formatDateVi(when.startsOn),
    weekdays: [...when.weekdays]
      .sort((a, b) => a - b)
      .map((day) => t(`schedule:weekdays.${day}`))
      .join(", "),
    start: hourMinute(when.startTime),
    end: hourMinute(when.endTime),
  });
}

/** "Còn 3 chỗ", or "Đã đủ chỗ – nhận danh sách chờ" when nobody can take a seat now. */
export function describeSeats(t: TFunction, seats: { seatsLeft: number; full: boolean }) {
  return seats.full || seats.seatsLeft === 0
    ? t("schedule:card.full")
    : t("schedule:card.seatsLeft", { count: seats.seatsLeft });
}

/** The time slot a class's sessions fall in, as the enrolment's "Lịch học mong muốn" names it
 * (issue 26: a class chosen is its schedule, not a second answer that may contradict it). Only on
 * Saturday and Sunday: "weekend"; else by the start time (Vietnam time): before 12:00 morning,
 * before 17:00 afternoon, else evening. */
export function scheduleOfClass(klass: { weekdays: readonly number[]; startTime: string }) {
  if (klass.weekdays.length > 0 && klass.weekdays.every((day) => day >= 6)) return "weekend" as const;
  const start = hourMinute(klass.startTime);
  if (start < "12:00") return "morning" as const;
  if (start < "17:00") return "afternoon" as const;
  return "evening" as const;
}
