// The operator's metrics (ADR 040): one Prometheus registry per process, off unless the host
// enables it (METRICS_TOKEN). Every place that has something to count calls this module; values
// that already live elsewhere (the database pool, the live streams, the outbox) are read when
// Prometheus scrapes, not tracked by hand.
//
// In production the host and the built app (build/server) are separate module graphs, each with
// its own copy of this file (ADR 039): the registry lives on globalThis, under one symbol, as the
// logger's state does (log.server.ts).
import type pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** What the outbox looks like at one moment (app/mail/outbox.server.ts reads it). */
export interface OutboxBacklog {
  /** Messages waiting to be sent (due or in a retry's wait). */
  queued: number;
  /** Messages that gave up and wait for an admin. */
  failed: number;
  /** How long the longest-waiting due message has been due, in seconds; 0 when none is. */
  oldestDueSeconds: number;
}

/** The database pool's counts (pg.Pool has them under these names). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** Where the scrape-time values come from; the host and the live stream set them. */
interface Sources {
  pool?: { counts: PoolCounts; max: number };
  outbox?: () => Promise<OutboxBacklog>;
  liveStreams?: () => number;
}

interface State {
  registry: Registry;
  requestDuration: Histogram<"route" | "method" | "status">;
  /** One child per label set, so that a request costs one Map lookup and one observe. */
  requestChildren: Map<string, { observe(seconds: number): void }>;
  pageCache: { hit: number; miss: number };
  signInRefusals: Counter<"reason">;
  poolWait: Histogram;
  /** The pools whose checkouts are timed already. */
  timedPools: WeakSet<pg.Pool>;
  sources: Sources;
}

const KEY = Symbol.for("lernhaus.metrics");
type Holder = typeof globalThis & { [KEY]?: State };

function state(): State | undefined {
  return (globalThis as Holder)[KEY];
}

/** Request durations, in seconds: from a cached page (under a millisecond) to a slow render. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Methods a label may name; anything else Node's parser lets through is "other". */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function methodLabel(method: string | undefined) {
  return method && METHODS.has(method) ? method : "other";
}

/** Turns the metrics on for this process (idempotent): the host calls it at boot when
 * METRICS_TOKEN is set. Until then every recording below is a no-op. */
export function enableMetrics(): Registry {
  const existing = state();
  if (existing) return existing.registry;
  const registry = new Registry();
  // Heap, event-loop lag (min…p99 since the last scrape), GC, CPU, handles, file descriptors.
  collectDefaultMetrics({ register: registry });
  const sources: Sources = {};
  const pageCache = { hit: 0, miss: 0 };
  const created: State = {
    registry,
    requestDuration: new Histogram({
      name: "lernhaus_http_request_duration_seconds",
      help: "Requests answered, by route pattern, method and status, and how long each took.",
      labelNames: ["route", "method", "status"],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    requestChildren: new Map(),
    pageCache,
    signInRefusals: new Counter({
      name: "lernhaus_sign_in_refusals_total",
      help: "Password sign-ins refused: rate_limited (too many failures) or bad_credentials.",
      labelNames: ["reason"],
      registers: [registry],
    }),
    poolWait: new Histogram({
      name: "lernhaus_db_pool_wait_seconds",
      help: "How long a query or transaction waited for a connection of this process's database pool (opening a new one included).",
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
      registers: [registry],
    }),
    timedPools: new WeakSet(),
    sources,
  };
  // Counted as plain numbers on the hot path (a cached page is answered in microseconds) and
  // handed to Prometheus when it asks.
  new Counter({
    name: "lernhaus_page_cache_total",
    help: "Anonymous pages answered from the page cache (hit) or rendered and stored (miss).",
    labelNames: ["result"],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: "hit" }, pageCache.hit);
      this.inc({ result: "miss" }, pageCache.miss);
    },
  });
  new Gauge({
    name: "lernhaus_live_streams",
    help: "Live-update streams (/api/events) open in this process.",
    registers: [registry],
    collect() {
      this.set(sources.liveStreams?.() ?? 0);
    },
  });
  new Gauge({
    name: "lernhaus_db_pool_connections",
    help: "This process's database pool: connections in use, idle, and the pool's maximum.",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const pool = sources.pool;
      if (!pool) return;
      this.set({ state: "in_use" }, pool.counts.totalCount - pool.counts.idleCount);
      this.set({ state: "idle" }, pool.counts.idleCount);
      this.set({ state: "max" }, pool.max);
    },
  });
  new Gauge({
    name: "lernhaus_db_pool_waiting",
    help: "Queries waiting for a free connection of this process's database pool.",
    registers: [registry],
    collect() {
      const pool = sources.pool;
      if (pool) this.set(pool.counts.waitingCount);
    },
  });
  // The outbox is the database's: every instance reports the same numbers (take max()). One
  // query per scrape, shared by the three gauges (the registry collects them side by side).
  let outboxRead: Promise<OutboxBacklog | undefined> | undefined;
  const readOutbox = () => {
    const read = sources.outbox;
    if (!read) return Promise.resolve(undefined);
    outboxRead ??= read()
      // The database does not answer: NaN (unknown) rather than 0, which would read as "no
      // backlog"; the other metrics of the scrape are still worth having.
      .catch(() => ({ queued: Number.NaN, failed: Number.NaN, oldestDueSeconds: Number.NaN }))
      .finally(() => {
        outboxRead = undefined;
      });
    return outboxRead;
  };
  const outboxGauge = (name: string, help: string, value: (backlog: OutboxBacklog) => number) =>
    new Gauge({
      name,
      help: `${help} The same from every instance.`,
      registers: [registry],
      async collect() {
        const backlog = await readOutbox();
        if (backlog) this.set(value(backlog));
      },
    });
  outboxGauge(
    "lernhaus_mail_outbox_queued",
    "Mails waiting to be sent (due or waiting to retry).",
    (b) => b.queued,
  );
  outboxGauge(
    "lernhaus_mail_outbox_failed",
    "Mails that gave up and wait for an admin to send them again.",
    (b) => b.failed,
  );
  outboxGauge(
    "lernhaus_mail_outbox_oldest_due_seconds",
    "How long the longest-waiting due mail has been due, 0 when none is.",
    (b) => b.oldestDueSeconds,
  );
  (globalThis as Holder)[KEY] = created;
  return registry;
}

/** The registry, when metrics are on. */
export function metricsRegistry(): Registry | undefined {
  return state()?.registry;
}

/** Turns the metrics off again and forgets every value (tests). */
export function disableMetrics() {
  delete (globalThis as Holder)[KEY];
}

/** One answered request. `route` is a bounded label (a route pattern, never the raw path). */
export function recordRequest(route: string, method: string | undefined, status: number, seconds: number) {
  const metrics = state();
  if (!metrics) return;
  const methodName = methodLabel(method);
  const key = `${route} ${methodName} ${status}`;
  let child = metrics.requestChildren.get(key);
  if (!child) {
    child = metrics.requestDuration.labels({ route, method: methodName, status: String(status) });
    metrics.requestChildren.set(key, child);
  }
  child.observe(seconds);
}

export function countPageCache(result: "hit" | "miss") {
  const metrics = state();
  if (metrics) metrics.pageCache[result]++;
}

export type SignInRefusal = "rate_limited" | "bad_credentials";

export function countSignInRefusal(reason: SignInRefusal) {
  state()?.signInRefusals.inc({ reason });
}

/** Shows this process's database pool: its counts at each scrape, and how long each checkout
 * waited (pg's own query() checks out through connect() too, so every query is timed). */
export function observeDatabasePool(pool: pg.Pool, max: number) {
  const metrics = state();
  if (!metrics) return;
  metrics.sources.pool = { counts: pool, max };
  if (metrics.timedPools.has(pool)) return;
  metrics.timedPools.add(pool);
  const connect = pool.connect.bind(pool) as (
    callback?: ConnectCallback,
  ) => Promise<pg.PoolClient> | undefined;
  const waited = (started: bigint) =>
    metrics.poolWait.observe(Number(process.hrtime.bigint() - started) / 1e9);
  const timedConnect = (callback?: ConnectCallback) => {
    const started = process.hrtime.bigint();
    if (callback) {
      return connect((error, client, release) => {
        waited(started);
        callback(error, client, release);
      });
    }
    return connect()?.then(
      (client) => {
        waited(started);
        return client;
      },
      (error: unknown) => {
        waited(started);
        throw error;
      },
    );
  };
  pool.connect = timedConnect as typeof pool.connect;
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  release: (release?: unknown) => void,
) => void;

/** Where a scrape reads the pool's, the outbox's and the live streams' numbers from. */
export function setMetricSources(sources: Partial<Sources>) {
  const metrics = state();
  if (metrics) Object.assign(metrics.sources, sources);
}
