// The reads every visitor shares (ADR 064): kept until a change of a topic they show, never
// answering with rows read before a change that has arrived, never keeping a failure.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readShared, SharedReads } from "~/db/shared-reads.server";
import { type ChangeTopic, changeTopics } from "~/lib/change-topics";

/** A read the test settles by hand, counting how often it ran. */
function controlledLoad<T>() {
  const runs: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<T>((resolve, reject) => {
      runs.push({ resolve, reject });
    });
  return { load, runs };
}

const settle = () => new Promise((resolve) => setTimeout(resolve));

describe("shared reads", () => {
  it("runs a read once for the requests that ask while it runs and after, until a change", async () => {
    const reads = new SharedReads();
    const { load, runs } = controlledLoad<string>();
    const first = reads.read("contact:vi", ["contacts"], load);
    const second = reads.read("contact:vi", ["contacts"], load);
    expect(runs).toHaveLength(1);
    runs[0]!.resolve("0901 234 567");
    expect(await first).toBe("0901 234 567");
    expect(await second).toBe("0901 234 567");
    expect(await reads.read("contact:vi", ["contacts"], load)).toBe("0901 234 567");
    expect(runs).toHaveLength(1);
  });

  it("keeps each key apart: one language's read is not another's", async () => {
    const reads = new SharedReads();
    const vi = reads.read("contact:vi", ["contacts"], async () => "Liên hệ");
    const de = reads.read("contact:de", ["contacts"], async () => "Kontakt");
    expect([await vi, await de]).toEqual(["Liên hệ", "Kontakt"]);
  });

  it("reads again after a change of any topic it shows, and only then", async () => {
    for (const shown of [["contacts"], ["settings", "courses", "testimonials", "posts"]] as ChangeTopic[][]) {
      for (const topic of changeTopics) {
        const reads = new SharedReads();
        let runs = 0;
        const load = async () => ++runs;
        await reads.read("key", shown, load);
        reads.invalidate(topic);
        const after = await reads.read("key", shown, load);
        expect(after, `${topic} for a read of ${shown.join(", ")}`).toBe(shown.includes(topic) ? 2 : 1);
      }
    }
  });

  it("never answers with rows read before a change that has arrived, even when the read ends after it", async () => {
    const reads = new SharedReads();
    const { load, runs } = controlledLoad<string>();
    const before = reads.read("home:vi", ["posts"], load);
    reads.invalidate("posts"); // the change arrives while the first read runs
    const after = reads.read("home:vi", ["posts"], load);
    expect(runs).toHaveLength(2);
    runs[1]!.resolve("new post");
    expect(await after).toBe("new post");
    runs[0]!.resolve("old post");
    expect(await before).toBe("old post"); // asked before the change: as a moment earlier
    await settle();
    // The first read ending last does not put its rows back.
    expect(await reads.read("home:vi", ["posts"], load)).toBe("new post");
    expect(runs).toHaveLength(2);
  });

  it("keeps no failed read: the next request reads again", async () => {
    const reads = new SharedReads();
    const { load, runs } = controlledLoad<string>();
    const failed = reads.read("contact:vi", ["contacts"], load);
    runs[0]!.reject(new Error("the database is restarting"));
    await expect(failed).rejects.toThrow("restarting");
    await settle();
    const retried = reads.read("contact:vi", ["contacts"], load);
    expect(runs).toHaveLength(2);
    runs[1]!.resolve("back");
    expect(await retried).toBe("back");
  });

  it("keeps no read its caller refuses to keep (a home page that left out a block)", async () => {
    const reads = new SharedReads();
    let runs = 0;
    const load = async () => ({ complete: ++runs > 1 });
    const keepComplete = (read: { complete: boolean }) => read.complete;
    expect(await reads.read("home:vi", ["courses"], load, keepComplete)).toEqual({ complete: false });
    await settle();
    expect(await reads.read("home:vi", ["courses"], load, keepComplete)).toEqual({ complete: true });
    await settle();
    expect(await reads.read("home:vi", ["courses"], load, keepComplete)).toEqual({ complete: true });
    expect(runs).toBe(2);
  });

  it("takes everything out when the change bus lost its connection and is back (a resync)", async () => {
    const reads = new SharedReads();
    let subscriber: { listener: (topic: ChangeTopic) => void; onResync?: () => void } | undefined;
    const unsubscribe = reads.follow({
      subscribe(listener, options) {
        subscriber = { listener, onResync: options?.onResync };
        return () => {
          subscriber = undefined;
        };
      },
    });
    await reads.read("contact:vi", ["contacts"], async () => 1);
    await reads.read("home:vi", ["posts"], async () => 1);
    subscriber?.listener("posts");
    expect(reads.size).toBe(1);
    subscriber?.onResync?.();
    expect(reads.size).toBe(0);
    unsubscribe();
    expect(subscriber).toBeUndefined();
  });

  it("stays bounded when keys come from somewhere unexpected", async () => {
    const reads = new SharedReads();
    for (let n = 0; n < 1_000; n++) await reads.read(`key:${n}`, ["posts"], async () => n);
    expect(reads.size).toBeLessThanOrEqual(100);
    // The newest are kept.
    expect(await reads.read("key:999", ["posts"], async () => -1)).toBe(999);
  });

  it("reads straight through where no host keeps shared reads (a loader called by a test or the CLI)", async () => {
    let runs = 0;
    const load = async () => ++runs;
    expect(await readShared({}, "key", ["posts"], load)).toBe(1);
    expect(await readShared({}, "key", ["posts"], load)).toBe(2);
  });

  // Whatever the order of reads, changes and ends: a read asked after a change of a topic it shows
  // answers with rows read after that change.
  it("answers every read asked after a change with rows read after it, in any order of events", async () => {
    const topics = fc.constantFrom<ChangeTopic>("contacts", "posts", "settings");
    const step = fc.oneof(
      fc.record({ kind: fc.constant("read" as const), key: fc.constantFrom("a", "b"), topic: topics }),
      fc.record({ kind: fc.constant("change" as const), topic: topics }),
      fc.record({ kind: fc.constant("end" as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        const reads = new SharedReads();
        // The "database": a version per topic, bumped by each change.
        const version = new Map<ChangeTopic, number>();
        const pending: (() => void)[] = [];
        const checks: Promise<void>[] = [];
        for (const event of steps) {
          if (event.kind === "change") {
            version.set(event.topic, (version.get(event.topic) ?? 0) + 1);
            reads.invalidate(event.topic);
          } else if (event.kind === "end") {
            pending.splice(event.pick % Math.max(pending.length, 1), 1)[0]?.();
            await settle();
          } else {
            const asked = version.get(event.topic) ?? 0;
            // The read sees the database as it is when it runs (it starts now).
            const load = () =>
              new Promise<number>((resolve) => {
                const seen = version.get(event.topic) ?? 0;
                pending.push(() => resolve(seen));
              });
            const answer = reads.read(`${event.key}:${event.topic}`, [event.topic], load);
            checks.push(answer.then((seen) => expect(seen).toBeGreaterThanOrEqual(asked)));
          }
        }
        for (const end of pending.splice(0)) end();
        await Promise.all(checks);
      }),
      { numRuns: 200 },
    );
  });
});
