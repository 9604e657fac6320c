// The change bus of ARCHITECTURE.md §1: every write that changes what a page shows ends with
// NOTIFY changes '<topic>'; every app process LISTENs and fans the topic out to its SSE clients
// and its anonymous page cache. NOTIFY inside a transaction is delivered on commit only.
import { sql } from "drizzle-orm";
import pg from "pg";
import { log } from "~/lib/log.server";
import type { Db } from "./client.server";

export const changeTopics = [
  "courses",
  "posts",
  "about",
  "team",
  "values",
  "milestones",
  "testimonials",
  "stats",
  "contacts",
  "settings",
  "enrollments",
  "messages",
  "users",
  "outbox",
  "newsletter",
] as const;
export type ChangeTopic = (typeof changeTopics)[number];

/** Topics only admin pages show. A change to one of them leaves the anonymous page cache alone
 * (the outbox changes with every mail sent; the public pages never show it). */
const adminOnlyTopics: ReadonlySet<ChangeTopic> = new Set([
  "enrollments",
  "messages",
  "users",
  "outbox",
  "newsletter",
]);

export function changesPublicPages(topic: ChangeTopic) {
  return !adminOnlyTopics.has(topic);
}

const CHANNEL = "changes";

export function isChangeTopic(value: string): value is ChangeTopic {
  return (changeTopics as readonly string[]).includes(value);
}

/** Announces a change; call it inside the transaction that made the change. */
export async function notifyChange(db: Pick<Db, "execute">, topic: ChangeTopic) {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${topic})`);
}

export interface ChangeBus {
  /** Subscribes to topics; returns the unsubscribe function. */
  subscribe(listener: (topic: ChangeTopic) => void): () => void;
  close(): Promise<void>;
}

/** One dedicated LISTEN connection per process, re-established after the database restarts. */
export async function startChangeBus(url: string): Promise<ChangeBus> {
  // A Set, not an EventEmitter: every open stream subscribes, and removing one of thousands of
  // emitter listeners is a linear search (closing many streams stalled the server, issue 12 §2).
  const listeners = new Set<(topic: ChangeTopic) => void>();
  const emit = (topic: ChangeTopic) => {
    for (const listener of listeners) listener(topic);
  };
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async () => {
    // keepAlive: a LISTEN connection whose server vanished without a word is noticed.
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload && isChangeTopic(message.payload)) {
        emit(message.payload);
      }
    });
    // Every client has an error listener for its whole life (an unheard "error" kills the
    // process); only the current one's loss starts a reconnection.
    next.on("error", (error) => {
      if (client !== next) return;
      log().warn({ err: error }, "change bus: connection lost; reconnecting");
      scheduleReconnect();
    });
    next.on("end", () => {
      if (client === next) scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    client?.end().catch(() => {});
    client = undefined;
    // 0.5 s, 1 s, 2 s, then every 4 s: back within seconds of the database (issue 12 §3).
    const delay = Math.min(500 * 2 ** failures, 4_000);
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await connect();
        failures = 0;
        log().info("change bus: listening again");
        // Anything may have changed while we were deaf: tell every subscriber to reload.
        for (const topic of changeTopics) emit(topic);
      } catch {
        failures++;
        scheduleReconnect();
      }
    }, delay);
  };

  await connect();

  return {
    subscribe(listener) {
      // A wrapper per subscription: the same function subscribed twice counts twice.
      const subscription = (topic: ChangeTopic) => listener(topic);
      listeners.add(subscription);
      return () => listeners.delete(subscription);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      listeners.clear();
      await client?.end().catch(() => {});
    },
  };
}
