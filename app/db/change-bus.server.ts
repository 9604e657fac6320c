// The change bus of architecture §1: every write that changes what a page shows ends with
// NOTIFY changes '<topic>'; every app process LISTENs and fans the topic out to its SSE clients
// and its anonymous page cache. NOTIFY inside a transaction is delivered on commit only.
import { sql } from "drizzle-orm";
import pg from "pg";
import { type ChangeTopic, changeTopics, isChangeTopic } from "~/lib/change-topics";
import { log } from "~/lib/log.server";
import type { Db } from "./client.server";

const CHANNEL = "changes";

/** Announces a change; call it inside the transaction that made the change. Several topics go
 * in one statement: each statement of a transaction is a round trip, and under load each round
 * trip waits its turn behind the other requests (an enrolment holds its class's lock meanwhile). */
export async function notifyChange(db: Pick<Db, "execute">, ...topics: [ChangeTopic, ...ChangeTopic[]]) {
  if (topics.length === 1) await db.execute(sql`select pg_notify(${CHANNEL}, ${topics[0]})`);
  else
    await db.execute(
      sql`select pg_notify(${CHANNEL}, topic) from unnest(${`{${topics.join(",")}}`}::text[]) as topic`,
    );
}

export interface ChangeBus {
  /** Subscribes to topics; returns the unsubscribe function. After the listening connection was
   * lost and is back, anything may have changed unseen: `onResync` is called then, or, for a
   * subscriber without one, the listener with every topic. */
  subscribe(listener: (topic: ChangeTopic) => void, options?: { onResync?: () => void }): () => void;
  close(): Promise<void>;
}

export interface ChangeBusOptions {
  /** How often the listening connection is asked `select 1` (default 20 s). */
  healthIntervalMs?: number;
  /** An answer slower than this counts as a lost connection (default 5 s). */
  healthTimeoutMs?: number;
}

/** One dedicated LISTEN connection per process, re-established after the database restarts or
 * the network silently drops it (ADR 021). */
export async function startChangeBus(url: string, options: ChangeBusOptions = {}): Promise<ChangeBus> {
  const healthIntervalMs = options.healthIntervalMs ?? 20_000;
  const healthTimeoutMs = options.healthTimeoutMs ?? 5_000;
  // A Set, not an EventEmitter: every open stream subscribes, and removing one of thousands of
  // emitter listeners is a linear search (closing many streams stalled the server, ADR 011).
  const subscriptions = new Set<{ listener: (topic: ChangeTopic) => void; onResync?: () => void }>();
  const emit = (topic: ChangeTopic) => {
    for (const { listener } of subscriptions) listener(topic);
  };
  const resync = () => {
    for (const { listener, onResync } of subscriptions) {
      if (onResync) onResync();
      else for (const topic of changeTopics) listener(topic);
    }
  };
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let checking = false;

  const connect = async () => {
    const next = new pg.Client({
      connectionString: url,
      // TCP keepalive: a LISTEN connection whose server or route vanished without a word is
      // noticed by the kernel, after 10 s of silence plus its probes.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
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
      next.connection.stream.destroy();
      next.end().catch(() => {});
      throw error;
    }
    client = next;
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    // Destroy rather than end: ending politely waits for a server that may never answer.
    client?.connection.stream.destroy();
    client?.end().catch(() => {});
    client = undefined;
    // 0.5 s, 1 s, 2 s, then every 4 s: back within seconds of the database (ADR 011).
    const delay = Math.min(500 * 2 ** failures, 4_000);
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await connect();
        failures = 0;
        log().info("change bus: listening again");
        // Notifications sent while we were deaf are gone: everyone reloads what they show.
        resync();
      } catch {
        failures++;
        scheduleReconnect();
      }
    }, delay);
  };

  // Keepalive alone can take minutes to notice, and never notices a server that accepts bytes but
  // stopped answering: a connection that does not answer a trivial query in time is lost.
  const healthCheck = setInterval(async () => {
    const current = client;
    if (!current || checking || closed) return;
    checking = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        current.query("select 1"),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${healthTimeoutMs} ms`)),
            healthTimeoutMs,
          );
        }),
      ]);
    } catch (error) {
      if (client === current) {
        log().warn({ err: error }, "change bus: the connection stopped answering; reconnecting");
        scheduleReconnect();
      }
    } finally {
      clearTimeout(timer);
      checking = false;
    }
  }, healthIntervalMs);
  healthCheck.unref();

  try {
    await connect();
  } catch (error) {
    clearInterval(healthCheck);
    throw error;
  }

  return {
    subscribe(listener, subscribeOptions) {
      // An entry per subscription: the same function subscribed twice counts twice.
      const subscription = { listener, onResync: subscribeOptions?.onResync };
      subscriptions.add(subscription);
      return () => subscriptions.delete(subscription);
    },
    async close() {
      closed = true;
      clearInterval(healthCheck);
      if (retryTimer) clearTimeout(retryTimer);
      subscriptions.clear();
      await client?.end().catch(() => {});
    },
  };
}
