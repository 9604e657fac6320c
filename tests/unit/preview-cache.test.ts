import { describe, expect, it } from "vitest";
import { PreviewImageCache, PreviewTimeoutError } from "~/lib/preview-cache.server";
import type { PreviewCard } from "~/lib/preview-card.server";

const card = (heading: string, more: Partial<PreviewCard> = {}): PreviewCard => ({
  heading,
  label: "Trình độ · Trung cấp",
  badge: "B1",
  brand: "Lernhaus",
  ...more,
});

/** A renderer that records its calls and answers `bytes` bytes naming the heading. */
function countingRenderer(bytes = 100) {
  const calls: string[] = [];
  const render = async (c: PreviewCard) => {
    calls.push(c.heading);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return Buffer.alloc(bytes, c.heading);
  };
  return { calls, render };
}

const limits = { maxEntries: 3, maxBytes: 10_000, timeoutMs: 1_000 };

describe("preview image cache", () => {
  it("renders a card once and answers the cached bytes with a strong tag after", async () => {
    const { calls, render } = countingRenderer();
    const cache = new PreviewImageCache(render, limits);
    const first = await cache.get(card("Tiếng Đức B1"));
    const second = await cache.get(card("Tiếng Đức B1"));
    expect(second).toBe(first);
    expect(calls).toEqual(["Tiếng Đức B1"]);
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  });

  it("renders once for a burst of concurrent requests for one card", async () => {
    const { calls, render } = countingRenderer();
    const cache = new PreviewImageCache(render, limits);
    const images = await Promise.all(Array.from({ length: 20 }, () => cache.get(card("Tiếng Đức A1"))));
    expect(calls).toHaveLength(1);
    expect(new Set(images).size).toBe(1);
  });

  it("makes a new picture when anything the card shows changes", async () => {
    const { calls, render } = countingRenderer();
    const cache = new PreviewImageCache(render, limits);
    const before = await cache.get(card("Tiếng Đức B1"));
    const retitled = await cache.get(card("Tiếng Đức B1 – ưu đãi"));
    await cache.get(card("Tiếng Đức B1", { label: "Trình độ · Cao cấp" }));
    await cache.get(card("Tiếng Đức B1", { brand: "Lernhaus Hà Nội" }));
    expect(calls).toHaveLength(4);
    expect(retitled.etag).not.toBe(before.etag);
  });

  it("treats a decomposed title as the composed one it shows", async () => {
    const { calls, render } = countingRenderer();
    const cache = new PreviewImageCache(render, limits);
    await cache.get(card("Tiếng Đức"));
    await cache.get(card("Tiếng Đức".normalize("NFD")));
    expect(calls).toHaveLength(1);
  });

  it("keeps at most maxEntries pictures, dropping the least recently used", async () => {
    const { calls, render } = countingRenderer();
    const cache = new PreviewImageCache(render, limits);
    for (const heading of ["A", "B", "C"]) await cache.get(card(heading));
    await cache.get(card("A")); // A is now the most recently used: B goes first
    await cache.get(card("D"));
    expect(cache.size).toBe(3);
    await cache.get(card("A"));
    await cache.get(card("B"));
    expect(calls).toEqual(["A", "B", "C", "D", "B"]);
  });

  it("keeps at most maxBytes of pictures and never one larger than that", async () => {
    const { render } = countingRenderer(4_000);
    const cache = new PreviewImageCache(render, { ...limits, maxEntries: 100 });
    for (const heading of ["A", "B", "C", "D"]) await cache.get(card(heading));
    expect(cache.bytes).toBe(8_000);
    expect(cache.size).toBe(2);

    const huge = new PreviewImageCache(countingRenderer(20_000).render, limits);
    await huge.get(card("A"));
    expect(huge.size).toBe(0);
  });

  it("gives up on a render that takes too long, and tries again on the next request", async () => {
    let renders = 0;
    const cache = new PreviewImageCache(
      async () => {
        renders++;
        if (renders === 1) await new Promise((resolve) => setTimeout(resolve, 200));
        return Buffer.from("png");
      },
      { ...limits, timeoutMs: 50 },
    );
    await expect(cache.get(card("A"))).rejects.toBeInstanceOf(PreviewTimeoutError);
    expect(cache.size).toBe(0);
    // The abandoned render still holds the queue until it ends.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(cache.get(card("A"))).resolves.toMatchObject({ png: Buffer.from("png") });
    expect(renders).toBe(2);
  });

  it("renders one card at a time, and a failed render does not block the next", async () => {
    let running = 0;
    let most = 0;
    const cache = new PreviewImageCache(async (c) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (c.heading === "broken") throw new Error("render failed");
      return Buffer.from(c.heading);
    }, limits);
    const results = await Promise.allSettled(["A", "broken", "B", "C"].map((h) => cache.get(card(h))));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect(most).toBe(1);
  });
});
