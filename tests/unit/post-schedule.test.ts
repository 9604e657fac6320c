// The rule of when a post is public (ADR 053) and the form's Vietnam date and time.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPublicNow, parseVietnamDateTime, postState, vietnamDateTimeInput } from "~/lib/post-schedule";

const now = new Date("2026-12-01T10:00:00Z");

describe("isPublicNow and postState", () => {
  it("makes a draft never public, a published post without a time public, a scheduled one public from its time", () => {
    expect(isPublicNow({ published: false, publishAt: null }, now)).toBe(false);
    expect(isPublicNow({ published: false, publishAt: new Date(now.getTime() - 1) }, now)).toBe(false);
    expect(isPublicNow({ published: true, publishAt: null }, now)).toBe(true);
    expect(isPublicNow({ published: true, publishAt: new Date(now.getTime() + 1) }, now)).toBe(false);
    expect(isPublicNow({ published: true, publishAt: now }, now)).toBe(true);
    expect(postState({ published: true, publishAt: new Date(now.getTime() + 60_000) }, now)).toBe(
      "scheduled",
    );
    expect(postState({ published: false, publishAt: new Date(now.getTime() + 60_000) }, now)).toBe("draft");
  });

  it("once public stays public as time goes on, and public means the state says so", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.option(fc.integer({ min: -1e10, max: 1e10 }), { nil: null }),
        fc.nat({ max: 1e10 }),
        (published, offset, later) => {
          const post = { published, publishAt: offset === null ? null : new Date(now.getTime() + offset) };
          const afterwards = new Date(now.getTime() + later);
          if (isPublicNow(post, now)) expect(isPublicNow(post, afterwards)).toBe(true);
          expect(postState(post, now) === "public").toBe(isPublicNow(post, now));
        },
      ),
    );
  });
});

describe("the form's Vietnam date and time", () => {
  it("reads a datetime-local value as Vietnam time (+07:00)", () => {
    expect(parseVietnamDateTime("2026-12-01T08:30")?.toISOString()).toBe("2026-12-01T01:30:00.000Z");
    // Midnight in Vietnam is the day before in UTC.
    expect(parseVietnamDateTime("2027-01-01T00:00")?.toISOString()).toBe("2026-12-31T17:00:00.000Z");
    expect(vietnamDateTimeInput(new Date("2026-12-31T17:00:00Z"))).toBe("2027-01-01T00:00");
  });

  it("refuses what is not a real day and time", () => {
    for (const value of [
      "",
      "2026-02-30T10:00",
      "2026-13-01T10:00",
      "2026-12-01T24:00",
      "2026-12-01 10:00",
      "x",
    ]) {
      expect(parseVietnamDateTime(value)).toBeUndefined();
    }
  });

  it("gives back the minute it was given, whatever the moment", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const minute = new Date(Math.floor(ms / 60_000) * 60_000);
        expect(parseVietnamDateTime(vietnamDateTimeInput(minute))?.getTime()).toBe(minute.getTime());
      }),
    );
  });
});
