// Who the database should record as the author of a change (ADR 014). The audit
// triggers of drizzle/0005_audit_triggers.sql log every change to the admin-editable tables made
// on a connection whose `lernhaus.actor` setting is set. An actor's handle is a drizzle database
// over a thin pool: each query (or transaction) borrows a connection from the shared pool, sets
// the actor on it, and resets it before giving the connection back, so a public request that
// later borrows the same connection is never logged as the admin.
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Db } from "./client.server";
import * as schema from "./schema";

export interface AuditActor {
  id: string;
  email: string;
  ip: string;
}

/** The shared handle behind an actor's handle (or the handle itself): what better-auth and other
 * per-process caches key on. */
const sharedHandle = new WeakMap<Db, Db>();

export function unscopedDb(db: Db): Db {
  return sharedHandle.get(db) ?? db;
}

// drizzle runs a transaction on `connect()` when its client looks like a pool (the constructor's
// name contains "Pool"); plain queries go through `query()`.
class ActorScopedPool {
  constructor(
    private readonly pool: pg.Pool,
    private readonly actor: string,
  ) {}

  async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    try {
      await client.query("select set_config('lernhaus.actor', $1, false)", [this.actor]);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    const release = client.release.bind(client);
    client.release = (destroy?: Error | boolean) => {
      if (destroy) return release(destroy);
      // A connection that cannot be reset is closed rather than handed on with the actor set.
      client.query("reset lernhaus.actor").then(
        () => release(),
        (error: Error) => release(error),
      );
    };
    return client;
  }

  async query(...args: unknown[]) {
    const client = await this.connect();
    try {
      return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
    } finally {
      client.release();
    }
  }
}

/** A handle whose writes the audit log attributes to `actor`. */
export function actorScopedDb(db: Db, actor: AuditActor): Db {
  const shared = unscopedDb(db);
  // drizzle() keeps the pool it was given as $client (not part of the NodePgDatabase type).
  const pool = (shared as unknown as { $client: pg.Pool }).$client;
  const scoped = drizzle(new ActorScopedPool(pool, JSON.stringify(actor)) as unknown as pg.Pool, {
    schema,
    casing: "snake_case",
  });
  sharedHandle.set(scoped, shared);
  return scoped;
}
