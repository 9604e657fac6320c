// A class as an iCalendar file (RFC 5545): one weekly recurring event in Vietnam time. The
// zone is written out (VTIMEZONE) so that calendars without a zone database read it right;
// Asia/Ho_Chi_Minh is +07:00 all year, so one STANDARD block covers every date.
import { firstSessionDay, hourMinute } from "./class-dates";
import { TIME_ZONE } from "./format";

export interface ClassEvent {
  /** Globally unique and stable: the same class keeps its UID across downloads. */
  uid: string;
  /** When the class last changed (DTSTAMP). */
  stamp: Date;
  startsOn: string;
  weekdays: readonly number[];
  /** "19:00" or "19:00:00", Vietnam time. */
  startTime: string;
  endTime: string;
  sessionCount: number | null;
  endsOn: string | null;
  summary: string;
  description: string;
  location?: string;
  url?: string;
}

const BYDAY = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
const encoder = new TextEncoder();

/** RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT. */
export function escapeText(value: string) {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** RFC 5545 §3.1: a content line longer than 75 octets goes on as continuation lines that start
 * with a space; a UTF-8 character is never split. */
export function foldLine(line: string) {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation holds 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** "20260105T190000" for a local day and time. */
function localDateTime(day: string, time: string) {
  return `${day.replace(/-/g, "")}T${hourMinute(time).replace(":", "")}00`;
}

/** "20260105T120000Z". */
function utcDateTime(instant: Date) {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

/** The recurrence: a number of sessions when the class has one, else up to its last day
 * (UNTIL in UTC, as RFC 5545 requires with a zoned DTSTART: the end of that day in Vietnam). */
function recurrence(event: ClassEvent) {
  const byDay = [...new Set(event.weekdays)]
    .sort((a, b) => a - b)
    .map((day) => BYDAY[day - 1])
    .join(",");
  const end = event.sessionCount
    ? `COUNT=${event.sessionCount}`
    : `UNTIL=${utcDateTime(new Date(`${event.endsOn}T23:59:59+07:00`))}`;
  return `FREQ=WEEKLY;BYDAY=${byDay};${end}`;
}

export function buildClassCalendar(event: ClassEvent) {
  const first = firstSessionDay(event.startsOn, event.weekdays);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Lernhaus//Lich khai giang//VI",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VTIMEZONE",
    `TZID:${TIME_ZONE}`,
    "BEGIN:STANDARD",
    "DTSTART:19700101T000000",
    "TZOFFSETFROM:+0700",
    "TZOFFSETTO:+0700",
    "TZNAME:ICT",
    "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `DTSTART;TZID=${TIME_ZONE}:${localDateTime(first, event.startTime)}`,
    `DTEND;TZID=${TIME_ZONE}:${localDateTime(first, event.endTime)}`,
    `RRULE:${recurrence(event)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** One lesson at a fixed instant (a trial lesson): written in UTC, which every calendar reads
 * without a zone. */
export interface SingleEvent {
  uid: string;
  stamp: Date;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  url?: string;
}

export function buildEventCalendar(event: SingleEvent) {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Lernhaus//Hoc thu//VI",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `DTSTART:${utcDateTime(event.startsAt)}`,
    `DTEND:${utcDateTime(event.endsAt)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
