// Issue 32: the demo's posts are dated from the day it is seeded, so that a new install shows a
// blog that is alive — the newest published post within the last weeks, none in the future —
// and the same seeding moment always gives the same dates.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { datedDemoPosts, demoPostDate, demoPosts } from "~/db/demo-content";
import { calendarDayInVietnam } from "~/lib/format";

const DAY = 86_400_000;

/** Any moment from 2020 to 2040, at any hour of the day. */
const seedingMoment = fc.date({
  min: new Date("2020-01-01T00:00:00Z"),
  max: new Date("2040-12-31T23:59:59Z"),
  noInvalidDate: true,
});

describe("the demo posts' dates", () => {
  it("count back from the day of seeding, at 09:00 in Vietnam", () => {
    // 23:30 UTC on 1 March is 06:30 on 2 March in Vietnam: that is the day they count from.
    const seededAt = new Date("2026-03-01T23:30:00Z");
    expect(demoPostDate(seededAt, 1)).toEqual(new Date("2026-03-01T09:00:00+07:00"));
    expect(demoPostDate(seededAt, 12)).toEqual(new Date("2026-02-18T09:00:00+07:00"));
    expect(datedDemoPosts(seededAt).map((post) => post.createdAt)).toEqual(
      demoPosts.map(
        (post) => new Date(Date.parse("2026-03-02T09:00:00+07:00") - post.daysBeforeSeeding * DAY),
      ),
    );
  });

  it("are all in the past, oldest first, the newest published one within the last three weeks", () => {
    fc.assert(
      fc.property(seedingMoment, (seededAt) => {
        const posts = datedDemoPosts(seededAt);
        const times = posts.map((post) => post.createdAt.getTime());
        for (const time of times) expect(time).toBeLessThan(seededAt.getTime());
        expect(times).toEqual([...times].sort((a, b) => a - b));
        expect(new Set(times).size).toBe(times.length);
        const published = posts.filter((post) => post.published);
        const newest = Math.max(...published.map((post) => post.createdAt.getTime()));
        expect(seededAt.getTime() - newest).toBeLessThanOrEqual(21 * DAY);
        // Spread back over months, not crowded into the last days.
        const oldest = Math.min(...times);
        expect(seededAt.getTime() - oldest).toBeGreaterThan(180 * DAY);
      }),
    );
  });

  it("are the same for the same moment of seeding, and move with its day only", () => {
    const morning = new Date("2026-12-02T01:00:00Z"); // 08:00 in Vietnam
    const evening = new Date("2026-12-02T16:00:00Z"); // 23:00 in Vietnam, the same day
    expect(calendarDayInVietnam(morning)).toBe(calendarDayInVietnam(evening));
    expect(datedDemoPosts(morning)).toEqual(datedDemoPosts(new Date(morning)));
    expect(datedDemoPosts(evening)).toEqual(datedDemoPosts(morning));
    const nextDay = datedDemoPosts(new Date(morning.getTime() + DAY));
    for (const [index, post] of datedDemoPosts(morning).entries())
      expect(nextDay[index]!.createdAt.getTime() - post.createdAt.getTime()).toBe(DAY);
  });

  it("keep everything else of each post: title, slug, texts, numbers", () => {
    const seeded = datedDemoPosts(new Date("2026-12-02T01:00:00Z"));
    expect(seeded.map(({ createdAt: _, ...post }) => post)).toEqual(
      demoPosts.map(({ daysBeforeSeeding: _, ...post }) => post),
    );
  });
});
