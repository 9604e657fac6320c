// The free trial lesson's rules (issue 29, ADR 046), pure and browser-safe: what a school offers
// as a trial, which sessions of a real class a trial learner may join, how a time slot is named in
// a form, and the states a booking goes through.
import { firstSessionDay, isoWeekday, lastSessionDay } from "./class-dates";

/** What the school offers as a trial lesson (Settings): its own trial sessions, a seat in one
 * session of a real class, or both. */
export const trialOffers = ["sessions", "classes", "both"] as const;
export type TrialOffer = (typeof trialOffers)[number];

export function offersTrialSessions(offer: TrialOffer) {
  return offer !== "classes";
}

export function offersClassSessions(offer: TrialOffer) {
  return offer !== "sessions";
}

/** The classes whose sessions take trial learners: not finished or cancelled (a full class still
 * has room for a guest: trial seats are counted apart from the class's own). */
export const trialClassStatuses = ["open", "full", "running"] as const;

/** booked → attended | no-show (the school marks it after the lesson); booked → cancelled (the
 * learner or the school). An attended trial may become an enrolment. */
export const trialStatuses = ["booked", "attended", "no-show", "cancelled"] as const;
export type TrialStatus = (typeof trialStatuses)[number];

/** The statuses that hold a seat of the slot. */
export const seatHoldingTrialStatuses = ["booked", "attended", "no-show"] as const satisfies TrialStatus[];

/** What the school can mark a booking as, and from which status. */
export const trialMarks = ["attended", "no-show"] as const;
export type TrialMark = (typeof trialMarks)[number];
export function canMarkTrial(status: TrialStatus): boolean {
  return status !== "cancelled";
}

/** Only an attended trial is turned into an enrolment, and only once. */
export function canConvertTrial(trial: { status: TrialStatus; enrollmentId: string | null }) {
  return trial.status === "attended" && trial.enrollmentId === null;
}

/** A learner cancels a trial that is still ahead and booked. */
export function canCancelTrial(trial: { status: TrialStatus; startsAt: Date }, now: Date = new Date()) {
  return trial.status === "booked" && trial.startsAt.getTime() > now.getTime();
}

/** How far ahead the page offers trials, and how long before its start a slot stops taking
 * bookings (a teacher needs to know who comes). */
export const TRIAL_DAYS_AHEAD = 21;
export const TRIAL_BOOKING_CLOSES_MINUTES = 60;
/** The reminder with the meeting link goes this long before the lesson. */
export const TRIAL_REMINDER_HOURS = 2;

/** Where a learner came to /trial from: the funnel is counted per source. A link names it with
 * `?from=`; anything else is "direct". */
export const trialSources = ["direct", "home", "courses", "course", "enroll", "placement-test"] as const;
export type TrialSource = (typeof trialSources)[number];
export function trialSourceOf(value: string | null | undefined): TrialSource {
  return (trialSources as readonly string[]).includes(value ?? "") ? (value as TrialSource) : "direct";
}

/** The level a learner says they have; "beginner" for none. */
export const trialLevels = ["beginner", "a1", "a2", "b1", "b2"] as const;
export type TrialLevel = (typeof trialLevels)[number];

/** A time slot as the form names it: "session:<id>", or "class:<id>:<yyyy-mm-dd>" for the
 * session of a class on that day. */
export type TrialSlotRef =
  | { kind: "session"; sessionId: string }
  | { kind: "class"; classId: string; day: string };

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const SLOT_PATTERN = new RegExp(`^(?:session:(${UUID})|class:(${UUID}):(\\d{4}-\\d{2}-\\d{2}))$`);

export function trialSlotKey(slot: TrialSlotRef): string {
  return slot.kind === "session" ? `session:${slot.sessionId}` : `class:${slot.classId}:${slot.day}`;
}

export function parseTrialSlotKey(key: string): TrialSlotRef | undefined {
  const match = SLOT_PATTERN.exec(key);
  if (!match) return undefined;
  if (match[1]) return { kind: "session", sessionId: match[1] };
  return { kind: "class", classId: match[2]!, day: match[3]! };
}

export interface ClassMeetings {
  startsOn: string;
  weekdays: readonly number[];
  sessionCount: number | null;
  endsOn: string | null;
}

/** The days a class meets from `from` to `to` (both "yyyy-mm-dd", inclusive), within its own
 * first and last session. */
export function classMeetingDays(klass: ClassMeetings, from: string, to: string): string[] {
  const first = firstSessionDay(klass.startsOn, klass.weekdays);
  const last =
    klass.endsOn && klass.sessionCount
      ? minDay(klass.endsOn, lastSessionDay(klass.startsOn, klass.weekdays, klass.sessionCount))
      : (klass.endsOn ?? lastSessionDay(klass.startsOn, klass.weekdays, klass.sessionCount ?? 1));
  const days: string[] = [];
  const start = maxDay(first, from);
  const end = minDay(last, to);
  for (let day = start; day <= end; day = nextDay(day)) {
    if (klass.weekdays.includes(isoWeekday(day))) days.push(day);
  }
  return days;
}

/** The instant of a Vietnam day and time ("19:00" or "19:00:00"): Vietnam is +07:00 all year. */
export function vietnamInstant(day: string, time: string): Date {
  return new Date(`${day}T${time.slice(0, 5)}:00+07:00`);
}

function nextDay(day: string) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
function minDay(a: string, b: string) {
  return a < b ? a : b;
}
function maxDay(a: string, b: string) {
  return a > b ? a : b;
}
