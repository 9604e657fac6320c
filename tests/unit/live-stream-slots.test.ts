// The slots behind the caps on live-update streams (ADR 011).
import { describe, expect, it } from "vitest";
import { LiveStreamSlots, liveStreamSlots } from "~/lib/live-stream-slots.server";

describe("LiveStreamSlots", () => {
  it("refuses past the per-IP cap and past the total, and gives slots back once", () => {
    const slots = new LiveStreamSlots(2, 3);
    const a1 = slots.take("a", () => {});
    const a2 = slots.take("a", () => {});
    expect(slots.take("a", () => {})).toBe("perIp");
    const b1 = slots.take("b", () => {});
    expect(slots.take("c", () => {})).toBe("total");
    expect(slots.total).toBe(3);

    if (typeof a1 === "string" || typeof a2 === "string" || typeof b1 === "string")
      throw new Error("refused");
    a1.release();
    a1.release(); // twice: counted once
    expect(slots.countFor("a")).toBe(1);
    expect(slots.total).toBe(2);
    expect(typeof slots.take("a", () => {})).toBe("object");
    a2.release();
    b1.release();
    expect(slots.countFor("b")).toBe(0);
  });

  it("ends every open stream when the process shuts down", () => {
    const shutdown = new AbortController();
    const slots = liveStreamSlots({ LIVE_STREAMS_PER_IP: 5, LIVE_STREAMS_MAX: 5 }, shutdown.signal);
    expect(liveStreamSlots({ LIVE_STREAMS_PER_IP: 5, LIVE_STREAMS_MAX: 5 }, shutdown.signal)).toBe(slots);
    const closed: string[] = [];
    for (const name of ["x", "y"]) {
      const slot = slots.take("ip", () => {
        closed.push(name);
        if (typeof slot !== "string") slot.release();
      });
    }
    shutdown.abort();
    expect(closed).toEqual(["x", "y"]);
    expect(slots.total).toBe(0);
  });
});
