// The audit log of admin actions (ADR 014). Most entries are written by the
// database's triggers (drizzle/0005_audit_triggers.sql) on an actor-scoped handle
// (app/db/audit-actor.server.ts); this module adds the events no table row shows (an erasure's
// counts, an uploaded file), lists the log for Settings → Audit log, and expires it.
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { pageOf, readPage } from "~/db/list-page.server";
import { auditLog } from "~/db/schema";
import { AUDIT_LOG_PAGE_SIZE, type AuditLogQuery } from "~/schemas/audit-log";

export const AUDIT_LOG_RETENTION_MONTHS = 24;

export interface AuditEvent {
  entity: string;
  entityId?: string | null;
  action: string;
  changedFields?: string[];
  /** Counts and names of things, never the personal data an erasure removed. */
  detail?: Record<string, unknown>;
}

/** Records an event with the actor of the handle's connection (the same setting the triggers
 * read), so an explicit entry and the row changes around it name the same person and IP. Like
 * the triggers, it records nothing on a handle without an actor. */
export async function recordAuditEvent(db: Pick<Db, "execute">, event: AuditEvent) {
  // Column names have no commas; an empty list becomes '{}'.
  const fields = (event.changedFields ?? []).join(",");
  await db.execute(sql`
    insert into audit_log (actor_id, actor_email, ip, entity, entity_id, action, changed_fields, detail)
    select a ->> 'id', a ->> 'email', a ->> 'ip', ${event.entity}, ${event.entityId ?? null},
           ${event.action}, string_to_array(${fields}, ','), ${event.detail ? JSON.stringify(event.detail) : null}::jsonb
    from (select nullif(current_setting('lernhaus.actor', true), '')::jsonb as a) actor
    where a is not null`);
}

function where(query: AuditLogQuery) {
  return and(
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.actor ? eq(sql`lower(${auditLog.actorEmail})`, query.actor.toLowerCase()) : undefined,
    // Days in Vietnam's time zone, as the list shows times; "to" is included whole.
    query.from ? gte(auditLog.at, new Date(`${query.from}T00:00:00+07:00`)) : undefined,
    query.to
      ? lt(auditLog.at, sql`${`${query.to}T00:00:00+07:00`}::timestamptz + interval '1 day'`)
      : undefined,
  );
}

/** One page of the log, newest first, with the values the filters offer. */
export async function listAuditLog(db: Db, query: AuditLogQuery) {
  const condition = where(query);
  const [page, entities, actors] = await Promise.all([
    readPage(
      db,
      pageOf({ page: query.page }, AUDIT_LOG_PAGE_SIZE),
      db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          actorEmail: auditLog.actorEmail,
          ip: auditLog.ip,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          action: auditLog.action,
          changedFields: auditLog.changedFields,
          detail: auditLog.detail,
        })
        .from(auditLog)
        .where(condition)
        .orderBy(desc(auditLog.at), desc(auditLog.id)),
      { table: auditLog, where: condition },
    ),
    db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity),
    db
      .selectDistinct({ email: auditLog.actorEmail })
      .from(auditLog)
      .where(sql`${auditLog.actorEmail} is not null`)
      .orderBy(auditLog.actorEmail),
  ]);
  return {
    rows: page.rows.map((row) => ({
      ...row,
      detail: (row.detail ?? null) as Record<string, unknown> | null,
    })),
    total: page.total,
    page: page.page,
    entities: entities.map((e) => e.entity),
    actors: actors.map((a) => a.email).filter((email): email is string => Boolean(email)),
  };
}

/** spec: the log is kept 24 months. */
export async function deleteExpiredAuditEntries(db: Db, now: Date) {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - AUDIT_LOG_RETENTION_MONTHS);
  const removed = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return removed.length;
}
