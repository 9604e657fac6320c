// How the school reads a class's attendance (issue 30, ADR 048): a learner's and a class's
// attendance rate, who is flagged for a consultant's call, and who earns a certificate of
// attendance. The one place of these rules: the analytics page, the roster and the certificates
// all ask here. Pure and browser-safe.
//
// The rules, decided once:
// - A session counts only once it is held: a day on or before today with any mark taken for the
//   class (a mark given ahead of the day is not yet a session held).
// - The attendance RATE is attended / the sessions the learner has a mark for, EXCUSED ones left
//   out of the denominator: an excused absence was agreed with the school, and the rate tells who
//   stays away without a word. "present" and "late" are attended (`attended`, attendance.ts).
//   A session without a mark for the learner is not counted. No counted session: no rate (null).
// - A CLASS's rate pools its learners' sessions (the sum attended / the sum counted), so a
//   learner with more sessions weighs more, as each seat-session does.
// - FLAGGED ("absent twice in a row"): the learner's last two marks, by day, are both "absent".
//   Excused is not absent and ends a run: a learner who excused themselves is in touch with the
//   school, and nobody needs to call.
// - A CERTIFICATE needs at least CERTIFICATE_MIN_RATE of the class's HELD sessions attended.
//   Here the denominator is every session held, whatever the learner's mark: a certificate of
//   attendance certifies sessions attended, so excused and unmarked sessions are not attended.
//   Counted in whole numbers (attended × 100 ≥ 80 × held): exactly 80 % is enough.
import { type AttendanceStatus, attended } from "./attendance";

/** A certificate needs this share of the class's held sessions attended: 80 %. */
export const CERTIFICATE_MIN_PERCENT = 80;
export const CERTIFICATE_MIN_RATE = CERTIFICATE_MIN_PERCENT / 100;

/** One mark of a learner: the session's day ("yyyy-mm-dd") and the mark. */
export interface AttendanceMark {
  day: string;
  status: AttendanceStatus;
}

/** How many sessions a learner has of each mark. */
export type AttendanceCounts = Record<AttendanceStatus, number>;

export function emptyCounts(): AttendanceCounts {
  return { present: 0, late: 0, absent: 0, excused: 0 };
}

/** The marks counted by kind. */
export function countMarks(statuses: Iterable<AttendanceStatus>): AttendanceCounts {
  const counts = emptyCounts();
  for (const status of statuses) counts[status] += 1;
  return counts;
}

/** Sessions attended: present or late. */
export function attendedCount(counts: AttendanceCounts): number {
  return (Object.keys(counts) as AttendanceStatus[]).reduce(
    (sum, status) => sum + (attended(status) ? counts[status] : 0),
    0,
  );
}

/** The sessions a rate is counted over: every mark but "excused". */
export function countedSessions(counts: AttendanceCounts): number {
  return counts.present + counts.late + counts.absent;
}

/** A learner's attendance rate, 0…1: attended / marked sessions not excused; null with none. */
export function attendanceRate(counts: AttendanceCounts): number | null {
  const counted = countedSessions(counts);
  return counted === 0 ? null : attendedCount(counts) / counted;
}

/** A class's attendance rate: its learners' sessions pooled; null when none is counted. */
export function classAttendanceRate(learners: Iterable<AttendanceCounts>): number | null {
  const pooled = emptyCounts();
  for (const counts of learners) {
    for (const status of Object.keys(pooled) as AttendanceStatus[]) pooled[status] += counts[status];
  }
  return attendanceRate(pooled);
}

/** The marks of sessions held by `today` (on or before it), in the order of their days. */
export function heldMarks<Mark extends AttendanceMark>(marks: readonly Mark[], today: string): Mark[] {
  return marks
    .filter((mark) => mark.day <= today)
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** The class's sessions held by `today`: the distinct days on or before it with any mark. */
export function heldSessionDays(markedDays: Iterable<string>, today: string): string[] {
  return [...new Set(markedDays)].filter((day) => day <= today).sort();
}

/** Whether the learner's last two marked sessions (by day) were both "absent": the consultant
 * calls. Excused is not absent and ends a run. The marks may come in any order. */
export function absentTwiceInARow(marks: readonly AttendanceMark[]): boolean {
  const lastTwo = [...marks].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)).slice(-2);
  return lastTwo.length === 2 && lastTwo.every((mark) => mark.status === "absent");
}

/** Whether a learner who attended `attendedSessions` of the class's `heldSessions` earns the
 * certificate of attendance: at least 80 % of the sessions held, and at least one held. */
export function certificateEligible(attendedSessions: number, heldSessions: number): boolean {
  return heldSessions > 0 && attendedSessions * 100 >= CERTIFICATE_MIN_PERCENT * heldSessions;
}

/** A learner's attendance from their marks, as of `today`. */
export function learnerAttendance(marks: readonly AttendanceMark[], today: string) {
  const held = heldMarks(marks, today);
  const counts = countMarks(held.map((mark) => mark.status));
  return {
    counts,
    attended: attendedCount(counts),
    rate: attendanceRate(counts),
    flagged: absentTwiceInARow(held),
  };
}
