// The trial lesson's funnel on /admin/analytics (issue 29, ADR 046): of the bookings made in the
// period (Vietnam's calendar), booked → attended → enrolled → paid, per month and source. For any
// set of bookings, no step counts more than the one before, and the months and the sources each
// add up to the period's total (the database counts every level itself: grouping sets); the
// counts are those the lifecycle's own rule gives (enrollmentStage's "paid", ADR 033). One month
// is checked by hand.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { enrollments, trialBookings, trialSessions } from "~/db/schema";
import { enrollmentStage } from "~/lib/enrollment-lifecycle";
import { type TrialStatus, trialSources, trialStatuses } from "~/lib/trial-lesson";
import { getTrialFunnel, type TrialFunnelCounts } from "~/models/analytics.server";
import { createTestDatabase } from "../support/test-database";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sessionId: string;

/** A Vietnam wall-clock time (UTC+7 all year). */
const at = (local: string) => new Date(`${local}+07:00`);

beforeAll(async () => {
  database = await createTestDatabase();
  const [session] = await database.db
    .insert(trialSessions)
    .values({ startsAt: at("2026-01-10T19:00:00") })
    .returning({ id: trialSessions.id });
  sessionId = session!.id;
});

async function reset() {
  await database.db.delete(trialBookings);
  await database.db.delete(enrollments);
}

interface Enrolment {
  status: string;
  paymentStatus: string;
}

interface Booking {
  createdAt: Date;
  source: string;
  status: TrialStatus;
  enrolment: Enrolment | null;
}

async function insert(bookings: readonly Booking[]) {
  for (const [index, booking] of bookings.entries()) {
    let enrollmentId: string | null = null;
    if (booking.enrolment) {
      const [row] = await database.db
        .insert(enrollments)
        .values({
          fullName: `Học viên ${index}`,
          phone: "0912345678",
          email: `hoc.vien.${index}@example.com`,
          course: "a1",
          schedule: "evening",
          ...booking.enrolment,
        })
        .returning({ id: enrollments.id });
      enrollmentId = row!.id;
    }
    await database.db.insert(trialBookings).values({
      trialSessionId: sessionId,
      startsAt: at("2026-01-10T19:00:00"),
      endsAt: at("2026-01-10T20:00:00"),
      fullName: `Học viên ${index}`,
      phone: "0912345678",
      email: `hoc.vien.${index}@example.com`,
      level: "beginner",
      source: booking.source,
      status: booking.status,
      enrollmentId,
      createdAt: booking.createdAt,
    });
  }
}

const zero = (): TrialFunnelCounts => ({ booked: 0, attended: 0, enrolled: 0, paid: 0, cancelled: 0 });

/** The month a booking counts in: its day in Vietnam. */
const vietnamMonth = (instant: Date) => new Date(instant.getTime() + 7 * 3_600_000).toISOString().slice(0, 7);

/** The funnel as the definitions say it, booking by booking, paid by the lifecycle's rule. */
function expectedCounts(bookings: readonly Booking[]): TrialFunnelCounts {
  const counts = zero();
  for (const booking of bookings) {
    counts.booked += 1;
    if (booking.status === "cancelled") counts.cancelled += 1;
    if (booking.status !== "attended") continue;
    counts.attended += 1;
    const enrolment = booking.enrolment;
    if (!enrolment || enrolment.status === "cancelled") continue;
    counts.enrolled += 1;
    const stage = enrollmentStage({ ...enrolment, waitlistRank: null, seatOfferedAt: null });
    if (stage === "paid") counts.paid += 1;
  }
  return counts;
}

const add = (a: TrialFunnelCounts, b: TrialFunnelCounts): TrialFunnelCounts => ({
  booked: a.booked + b.booked,
  attended: a.attended + b.attended,
  enrolled: a.enrolled + b.enrolled,
  paid: a.paid + b.paid,
  cancelled: a.cancelled + b.cancelled,
});
const countsOf = ({ booked, attended, enrolled, paid, cancelled }: TrialFunnelCounts) => ({
  booked,
  attended,
  enrolled,
  paid,
  cancelled,
});

describe("the trial lesson's funnel", () => {
  it("counts one month by hand: cancellations apart, Vietnam's month boundary, paid as the lifecycle says", async () => {
    await reset();
    await insert([
      // January: outside the month under test (and the range).
      { createdAt: at("2026-01-31T23:59:00"), source: "home", status: "attended", enrolment: null },
      // February, home: a cancellation, an attended trial paid, one enrolled but not yet paid.
      { createdAt: at("2026-02-01T00:05:00"), source: "home", status: "cancelled", enrolment: null },
      {
        createdAt: at("2026-02-03T10:00:00"),
        source: "home",
        status: "attended",
        enrolment: { status: "enrolled", paymentStatus: "paid" },
      },
      {
        createdAt: at("2026-02-10T10:00:00"),
        source: "home",
        status: "attended",
        enrolment: { status: "new", paymentStatus: "pending" },
      },
      // February, placement test: attended without enrolling, a no-show, one still to come, an
      // enrolment since cancelled (after paying: a refund is due, not a paid learner) and a
      // refunded one. The last is on the 28th at 23:30 in Vietnam: still February.
      { createdAt: at("2026-02-12T10:00:00"), source: "placement-test", status: "attended", enrolment: null },
      { createdAt: at("2026-02-13T10:00:00"), source: "placement-test", status: "no-show", enrolment: null },
      { createdAt: at("2026-02-14T10:00:00"), source: "placement-test", status: "booked", enrolment: null },
      {
        createdAt: at("2026-02-15T10:00:00"),
        source: "placement-test",
        status: "attended",
        enrolment: { status: "cancelled", paymentStatus: "paid" },
      },
      {
        createdAt: at("2026-02-28T23:30:00"),
        source: "placement-test",
        status: "attended",
        enrolment: { status: "enrolled", paymentStatus: "refunded" },
      },
      // March in Vietnam, though still February 28th in UTC.
      { createdAt: at("2026-03-01T00:30:00"), source: "home", status: "booked", enrolment: null },
    ]);
    const funnel = await getTrialFunnel(database.db, { from: "2026-02-01", to: "2026-03-31" });

    expect(funnel.months.map((month) => month.month)).toEqual(["2026-02", "2026-03"]);
    expect(funnel.months[0]).toEqual({
      month: "2026-02",
      booked: 8,
      attended: 5,
      enrolled: 3,
      paid: 1,
      cancelled: 1,
    });
    expect(funnel.cells.filter((cell) => cell.month === "2026-02")).toEqual([
      { month: "2026-02", source: "home", booked: 3, attended: 2, enrolled: 2, paid: 1, cancelled: 1 },
      {
        month: "2026-02",
        source: "placement-test",
        booked: 5,
        attended: 3,
        enrolled: 1,
        paid: 0,
        cancelled: 0,
      },
    ]);
    expect(funnel.months[1]).toMatchObject({ month: "2026-03", booked: 1, attended: 0 });
    expect(funnel.total).toEqual({ booked: 9, attended: 5, enrolled: 3, paid: 1, cancelled: 1 });
    expect(funnel.sources).toEqual([
      { source: "home", booked: 4, attended: 2, enrolled: 2, paid: 1, cancelled: 1 },
      { source: "placement-test", booked: 5, attended: 3, enrolled: 1, paid: 0, cancelled: 0 },
    ]);
  });

  it("is all zeros for a period without bookings", async () => {
    await reset();
    const funnel = await getTrialFunnel(database.db, { from: "2026-02-01", to: "2026-02-28" });
    expect(funnel).toEqual({ cells: [], months: [], sources: [], total: zero() });
  });

  it("for any bookings: no step exceeds the one before, months and sources add up to the total", async () => {
    const range = { from: "2026-01-01", to: "2026-03-31" };
    // From a week before the range to a week after it, in minutes: the edges and the Vietnam
    // midnight between months are reached.
    const first = at("2025-12-25T00:00:00").getTime();
    const last = at("2026-04-07T00:00:00").getTime();
    const enrolment = fc.record({
      status: fc.constantFrom("new", "contacted", "trial", "enrolled", "cancelled"),
      paymentStatus: fc.constantFrom("pending", "paid", "refunded"),
    });
    const booking: fc.Arbitrary<Booking> = fc.record({
      createdAt: fc
        .integer({ min: 0, max: (last - first) / 60_000 })
        .map((minute) => new Date(first + minute * 60_000)),
      source: fc.constantFrom(...trialSources),
      status: fc.constantFrom(...trialStatuses),
      // An enrolment even where the status is not attended (a trial marked again after it was
      // converted): it must not count as enrolled then.
      enrolment: fc.option(enrolment, { nil: null }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(booking, { maxLength: 25 }), async (bookings) => {
        await reset();
        await insert(bookings);
        const funnel = await getTrialFunnel(database.db, range);

        const levels = [...funnel.cells, ...funnel.months, ...funnel.sources, funnel.total];
        for (const counts of levels) {
          expect(counts.attended).toBeLessThanOrEqual(counts.booked);
          expect(counts.enrolled).toBeLessThanOrEqual(counts.attended);
          expect(counts.paid).toBeLessThanOrEqual(counts.enrolled);
          expect(counts.attended + counts.cancelled).toBeLessThanOrEqual(counts.booked);
        }
        expect(countsOf(funnel.sources.reduce(add, zero()))).toEqual(funnel.total);
        expect(countsOf(funnel.months.reduce(add, zero()))).toEqual(funnel.total);
        for (const month of funnel.months) {
          const cells = funnel.cells.filter((cell) => cell.month === month.month);
          expect(countsOf(cells.reduce(add, zero()))).toEqual(countsOf(month));
        }
        for (const source of funnel.sources) {
          const cells = funnel.cells.filter((cell) => cell.source === source.source);
          expect(countsOf(cells.reduce(add, zero()))).toEqual(countsOf(source));
        }

        // And the counts are the definitions', booking by booking.
        const inRange = bookings.filter((b) => {
          const day = new Date(b.createdAt.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
          return day >= range.from && day <= range.to;
        });
        expect(funnel.total).toEqual(expectedCounts(inRange));
        for (const month of funnel.months) {
          expect(countsOf(month)).toEqual(
            expectedCounts(inRange.filter((b) => vietnamMonth(b.createdAt) === month.month)),
          );
        }
        expect(funnel.months.map((m) => m.month)).toEqual(
          [...new Set(inRange.map((b) => vietnamMonth(b.createdAt)))].sort(),
        );
      }),
      { numRuns: 30 },
    );
  });
});
