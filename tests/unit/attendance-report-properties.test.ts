// The attendance report's rules (issue 30, ADR 048) over generated marks (fast-check): the rate
// leaves excused sessions out, a class's rate pools its learners, the flag is the last two marks
// by day both "absent" (excused ends a run), and a certificate needs 80 % of the sessions held,
// exactly 80 % included.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AttendanceStatus, attendanceStatuses, attended } from "~/lib/attendance";
import {
  type AttendanceMark,
  absentTwiceInARow,
  attendanceRate,
  attendedCount,
  CERTIFICATE_MIN_RATE,
  certificateEligible,
  classAttendanceRate,
  countMarks,
  heldSessionDays,
  learnerAttendance,
} from "~/lib/attendance-report";

const status = fc.constantFrom(...attendanceStatuses);
const day = fc
  .integer({ min: 0, max: 400 })
  .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
/** A learner's marks: one per day, in no particular order. */
const marks = fc.uniqueArray(fc.record({ day, status }), { selector: (mark) => mark.day, maxLength: 40 });
const byDay = (list: readonly AttendanceMark[]) => [...list].sort((a, b) => a.day.localeCompare(b.day));

describe("attendance rate", () => {
  it("is attended over the marked sessions that are not excused, between 0 and 1", () => {
    fc.assert(
      fc.property(fc.array(status, { maxLength: 60 }), (statuses) => {
        const rate = attendanceRate(countMarks(statuses));
        const counted = statuses.filter((s) => s !== "excused");
        if (counted.length === 0) {
          expect(rate).toBeNull();
          return;
        }
        expect(rate).toBeCloseTo(counted.filter(attended).length / counted.length, 12);
        expect(rate).toBeGreaterThanOrEqual(0);
        expect(rate).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("does not change with excused sessions added", () => {
    fc.assert(
      fc.property(fc.array(status, { maxLength: 40 }), fc.nat(10), (statuses, excused) => {
        const more = [...statuses, ...Array<AttendanceStatus>(excused).fill("excused")];
        expect(attendanceRate(countMarks(more))).toEqual(attendanceRate(countMarks(statuses)));
      }),
    );
  });

  it("counts present and late as attended", () => {
    expect(attendanceRate(countMarks(["present", "late", "absent", "excused"]))).toBeCloseTo(2 / 3);
    expect(attendanceRate(countMarks(["excused"]))).toBeNull();
    expect(attendanceRate(countMarks([]))).toBeNull();
  });

  it("of a class pools its learners' sessions", () => {
    fc.assert(
      fc.property(fc.array(fc.array(status, { maxLength: 20 }), { maxLength: 8 }), (learners) => {
        expect(classAttendanceRate(learners.map((statuses) => countMarks(statuses)))).toEqual(
          attendanceRate(countMarks(learners.flat())),
        );
      }),
    );
    // 1 of 1 and 0 of 3: a quarter, not the mean of 100 % and 0 %.
    expect(classAttendanceRate([countMarks(["present"]), countMarks(["absent", "absent", "absent"])])).toBe(
      0.25,
    );
  });

  it("of a learner counts only the sessions held by today", () => {
    fc.assert(
      fc.property(marks, day, (list, today) => {
        const report = learnerAttendance(list, today);
        const held = list.filter((mark) => mark.day <= today);
        expect(report.attended).toBe(held.filter((mark) => attended(mark.status)).length);
        expect(report.rate).toEqual(attendanceRate(countMarks(held.map((mark) => mark.status))));
        expect(report.flagged).toBe(absentTwiceInARow(held));
      }),
    );
  });
});

describe("absent twice in a row", () => {
  it("is the last two marks by day both absent, whatever order they come in", () => {
    fc.assert(
      fc.property(marks, fc.integer(), (list, seed) => {
        const ordered = byDay(list);
        const expected =
          ordered.length >= 2 && ordered.at(-1)!.status === "absent" && ordered.at(-2)!.status === "absent";
        const shuffled = [...list].sort(
          (a, b) =>
            ((Number(a.day.replaceAll("-", "")) * seed) % 97) -
            ((Number(b.day.replaceAll("-", "")) * seed) % 97),
        );
        expect(absentTwiceInARow(list)).toBe(expected);
        expect(absentTwiceInARow(shuffled)).toBe(expected);
      }),
    );
  });

  it("holds after any history ending in two absences, and not when a later session breaks it", () => {
    fc.assert(
      fc.property(marks, (list) => {
        const last = byDay(list).at(-1)?.day ?? "2025-12-01";
        const next = (n: number) =>
          new Date(Date.parse(`${last}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
        const twoAbsences = [
          ...list,
          { day: next(1), status: "absent" as const },
          { day: next(2), status: "absent" as const },
        ];
        expect(absentTwiceInARow(twoAbsences)).toBe(true);
        for (const other of attendanceStatuses.filter((s) => s !== "absent"))
          expect(absentTwiceInARow([...twoAbsences, { day: next(3), status: other }])).toBe(false);
      }),
    );
  });

  it("is not absent, present, absent; and excused is not absent", () => {
    const of = (...statuses: AttendanceStatus[]) =>
      statuses.map((s, index) => ({ day: `2026-03-${String(index + 10)}`, status: s }));
    expect(absentTwiceInARow(of("absent", "present", "absent"))).toBe(false);
    expect(absentTwiceInARow(of("absent", "excused", "absent"))).toBe(false);
    expect(absentTwiceInARow(of("excused", "absent"))).toBe(false);
    expect(absentTwiceInARow(of("present", "absent", "absent"))).toBe(true);
    expect(absentTwiceInARow(of("absent"))).toBe(false);
    expect(absentTwiceInARow([])).toBe(false);
  });
});

describe("certificate", () => {
  it("needs at least 80 % of the sessions held attended", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.nat(500), (held, rawAttended) => {
        const attendedSessions = rawAttended % (held + 1);
        expect(certificateEligible(attendedSessions, held)).toBe(attendedSessions * 5 >= held * 4);
      }),
    );
    expect(CERTIFICATE_MIN_RATE).toBe(0.8);
  });

  it("includes exactly 80 % and excludes the session below it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (fifths) => {
        const held = fifths * 5;
        expect(certificateEligible(fifths * 4, held)).toBe(true);
        expect(certificateEligible(fifths * 4 - 1, held)).toBe(false);
      }),
    );
    // 12 of 15 is 80 %: no floating-point rounding keeps it out.
    expect(certificateEligible(12, 15)).toBe(true);
    expect(certificateEligible(11, 15)).toBe(false);
  });

  it("is never given for a class without a session held, and grows with attendance", () => {
    fc.assert(
      fc.property(fc.nat(50), fc.integer({ min: 1, max: 60 }), (attendedSessions, held) => {
        expect(certificateEligible(attendedSessions, 0)).toBe(false);
        if (certificateEligible(attendedSessions, held))
          expect(certificateEligible(attendedSessions + 1, held)).toBe(true);
      }),
    );
  });

  it("counts attended sessions as present and late", () => {
    expect(attendedCount(countMarks(["present", "late", "absent", "excused"]))).toBe(2);
  });
});

describe("sessions held", () => {
  it("are the distinct marked days on or before today, in order", () => {
    fc.assert(
      fc.property(fc.array(day, { maxLength: 60 }), day, (days, today) => {
        const held = heldSessionDays(days, today);
        expect(held).toEqual([...new Set(days.filter((d) => d <= today))].sort());
      }),
    );
  });
});
