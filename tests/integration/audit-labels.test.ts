// The audit log speaks the admin's language (issue 26 §11): every table the database's audit
// triggers watch, each of its columns, and every event and detail the app records has a label in
// vi, en and de in the one table (app/lib/audit-labels.ts over the "audit-labels" catalogue).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { actorScopedDb } from "~/db/audit-actor.server";
import { contactMessages, enrollments, user } from "~/db/schema";
import { languages } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import {
  AUDIT_LABELS_NAMESPACE,
  auditDetailText,
  auditEntityLabel,
  auditFieldLabel,
} from "~/lib/audit-labels";
import { listAuditLog } from "~/models/audit-log.server";
import { erasePerson } from "~/models/person-erasure.server";
import { createTestDatabase } from "../support/test-database";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let audited: { table: string; columns: string[] }[];

/** The label of `key` in `language` itself (no fallback to Vietnamese, no key). */
const labelIn = (language: string, key: string) => i18n.store.lookup(language, AUDIT_LABELS_NAMESPACE, key);

beforeAll(async () => {
  database = await createTestDatabase();
  // The tables with the audit trigger, read from the migrated database (not a hand list).
  const { rows } = await database.db.execute<{ table: string; columns: string[] }>(sql`
    select c.relname as table, array_agg(a.attname::text order by a.attnum) as columns
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_proc p on p.oid = t.tgfoid
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where p.proname = 'audit_row_change' and not t.tgisinternal
    group by c.relname order by c.relname`);
  audited = rows;
});

describe("the audit log's labels", () => {
  it("cover every audited table and every column of it, in vi, en and de", () => {
    expect(audited.map((row) => row.table)).toEqual(expect.arrayContaining(["user", "contact_messages"]));
    const missing: string[] = [];
    for (const language of languages)
      for (const { table, columns } of audited) {
        if (!labelIn(language, `entities.${table}`)) missing.push(`${language}: table ${table}`);
        for (const column of columns)
          if (!labelIn(language, `fields.${column}`)) missing.push(`${language}: ${table}.${column}`);
      }
    expect(missing).toEqual([]);
  });

  it("show an erasure and row changes with labels only, never the database's names", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-audit-labels-"));
    const db = actorScopedDb(database.db, {
      id: "admin-1",
      email: "co.mai@lernhaus.test",
      ip: "198.51.100.1",
    });
    await db
      .insert(user)
      .values({ id: "u-1", name: "Lan", email: "lan@example.test", twoFactorEnabled: false });
    await db.execute(
      sql`update "user" set two_factor_enabled = true, email_verified = true where id = 'u-1'`,
    );
    await db.insert(contactMessages).values({
      name: "Lan",
      email: "lan@example.test",
      phone: "0912345678",
      subject: "pricing",
      message: "Học phí?",
    });
    await db.insert(enrollments).values({
      fullName: "Lan",
      phone: "0912345678",
      email: "lan@example.test",
      course: "a1",
      schedule: "morning",
    });
    await erasePerson(db, { email: "lan@example.test", phone: "0912345678" }, { dataDir, by: "admin" });
    fs.rmSync(dataDir, { recursive: true, force: true });

    const { rows } = await listAuditLog(database.db, { page: 1 });
    expect(rows.map((row) => row.entity)).toEqual(
      expect.arrayContaining(["person", "user", "contact_messages", "enrollments"]),
    );
    // What the log stores: tables, columns, entities and detail keys, as the database names them.
    const stored = new Set(
      rows.flatMap((row) => [row.entity, ...row.changedFields, ...Object.keys(row.detail ?? {})]),
    );
    const looksStored = (word: string) =>
      stored.has(word) && (/_|[a-z][A-Z]/.test(word) || audited.some(({ table }) => table === word));
    for (const language of languages) {
      const t = i18n.getFixedT(language, AUDIT_LABELS_NAMESPACE);
      const shown = rows.flatMap((row) => [
        auditEntityLabel(t, row.entity),
        ...row.changedFields.map((column) => auditFieldLabel(t, column)),
        row.detail ? auditDetailText(t, row.detail) : "",
      ]);
      const words = shown.join(" · ").split(/[\s·:,()]+/);
      const leaked = words.filter(looksStored);
      expect(leaked, language).toEqual([]);
      expect(shown.join(" · "), language).not.toMatch(/\b(entities|fields|details|values)\.\w+/);
    }
  });
});
