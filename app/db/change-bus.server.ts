// The change bus of ARCHITECTURE.md §1: every write that changes what a page shows ends with
// NOTIFY changes '<topic>'; every app process LISTENs and fans the topic out to its SSE clients
// and its anonymous page cache. NOTIFY inside a transaction is delivered on commit only.
import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import pg from "pg";
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
export async function startChangeBus(
  url: string,
  log: (line: string) => void = console.log,
): Promise<ChangeBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload && isChangeTopic(message.payload)) {
        emitter.emit("change", message.payload);
      }
    });
    next.on("error", (error) => {
      log(`change bus: connection lost (${error.message}); reconnecting`);
      scheduleReconnect();
    });
    next.on("end", () => scheduleReconnect());
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    client = undefined;
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await connect();
        // Anything may have changed while we were deaf: tell every subscriber to reload.
        for (const topic of changeTopics) emitter.emit("change", topic);
      } catch {
        scheduleReconnect();
      }
    }, 1_000);
  };

  await connect();

  return {
    subscribe(listener) {
      emitter.on("change", listener);
      return () => emitter.off("change", listener);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      emitter.removeAllListeners();
      await client?.end().catch(() => {});
    },
  };
}
