// The audit log (ADR 014) through the real admin route modules: each admin action leaves an entry with
// the admin, their IP and the changed columns; public submissions leave none; Settings → Audit
// log lists and filters them; the log cannot be rewritten.
import { desc, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { authFor } from "~/auth/session.server";
import { parseConfig } from "~/config.server";
import { auditLog, courses, enrollments, user } from "~/db/schema";
import { findUserByEmail, setUserRole } from "~/models/user.server";
import { action as coursesAction } from "~/routes/admin/courses";
import { action as settingsAction } from "~/routes/admin/settings";
import { loader as auditLoader } from "~/routes/admin/settings.audit";
import { action as eraseAction } from "~/routes/admin/settings.erase";
import { action as studentsAction } from "~/routes/admin/students";
import { action as contactApiAction } from "~/routes/api/email.contact";
import { bodyOf } from "../support/rich-text";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3996";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let config: AppLoadContext["config"];
let adminCookie: string;
let adminId: string;

/** A fresh context per request, as the host makes one. */
function contextFor(ip: string): AppLoadContext {
  return {
    db: database.db,
    config,
    clientIp: ip,
    cspNonce: "",
    changeBus: { subscribe: () => () => {}, close: async () => {} },
    shutdownSignal: new AbortController().signal,
  } as unknown as AppLoadContext;
}

type AnyAction = (args: never) => Promise<unknown>;

async function post(action: AnyAction, path: string, form: Record<string, string>, ip = "198.51.100.7") {
  const body = new FormData();
  for (const [key, value] of Object.entries(form)) body.append(key, value);
  const request = new Request(`${APP_URL}${path}`, {
    method: "POST",
    headers: { cookie: adminCookie, origin: APP_URL },
    body,
  });
  return (action as (args: unknown) => Promise<unknown>)({
    request,
    context: contextFor(ip),
    params: {},
  }).catch((thrown: unknown) => thrown);
}

const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: { status?: number } })?.init?.status;

/** The database's clock: audit entries are stamped with it. */
async function databaseNow() {
  const [row] = (await database.db.execute(sql`select now()::text as now`)).rows as { now: string }[];
  return row!.now;
}

async function entriesAfter(marker: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.at} >= ${marker}::timestamptz`)
    .orderBy(desc(auditLog.at));
}

beforeAll(async () => {
  database = await createTestDatabase();
  config = {
    ...parseConfig({ APP_URL, DATA_DIR: "/nonexistent" }),
    authSecret: "integration-test-secret-0123456789abcdef",
  };
  const auth = authFor(contextFor("127.0.0.1"));
  const headers = new Headers({ origin: APP_URL });
  await auth.api.signUpEmail({
    body: { email: "co.lan@lernhaus.test", password: "Lernen-2025!", name: "Cô Lan" },
    headers,
  });
  adminId = (await findUserByEmail(database.db, "co.lan@lernhaus.test"))!.id;
  await setUserRole(database.db, adminId, "admin");
  const response = await auth.api.signInEmail({
    body: { email: "co.lan@lernhaus.test", password: "Lernen-2025!" },
    headers,
    asResponse: true,
  });
  adminCookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

const courseForm = {
  intent: "save",
  level: "C1",
  title: "Tiếng Đức C1",
  description: bodyOf("Khóa C1"),
  duration: "4 tháng",
  lessons: "48 buổi",
  price: "5.000.000",
  color: "blue",
};

describe("the audit log", () => {
  it("records creating, changing and deleting a course with the admin, their IP and the changed fields", async () => {
    const start = await databaseNow();
    expect(statusOf(await post(coursesAction, "/admin/courses", courseForm))).toBe(302);
    const [course] = await database.db.select().from(courses).where(eq(courses.level, "C1"));
    expect(
      statusOf(
        await post(
          coursesAction,
          "/admin/courses",
          { ...courseForm, id: course!.id, price: "5.500.000" },
          "203.0.113.9",
        ),
      ),
    ).toBe(302);
    expect(statusOf(await post(coursesAction, "/admin/courses", { intent: "delete", id: course!.id }))).toBe(
      302,
    );

    const entries = (await entriesAfter(start)).filter((e) => e.entity === "courses").reverse();
    expect(entries.map((e) => e.action)).toEqual(["insert", "update", "delete"]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actorId: adminId,
        actorEmail: "co.lan@lernhaus.test",
        entityId: course!.id,
      });
    }
    expect(entries[0]!.ip).toBe("198.51.100.7");
    expect(entries[0]!.changedFields).toEqual(expect.arrayContaining(["level", "title", "price"]));
    // Only what changed, never updated_at; values are not kept.
    expect(entries[1]).toMatchObject({ ip: "203.0.113.9", changedFields: ["price"], detail: null });
  });

  it("records an enrolment's status change and a user's role change", async () => {
    const start = await databaseNow();
    const [row] = await database.db
      .insert(enrollments)
      .values({
        fullName: "Lê Văn An",
        phone: "0901234567",
        email: "an@example.test",
        course: "a1",
        schedule: "morning",
      })
      .returning();
    // Inserted without an actor (as a public submission is): not logged.
    expect(
      statusOf(
        await post(studentsAction, `/admin/students?id=${row!.id}`, {
          intent: "status",
          id: row!.id,
          status: "contacted",
        }),
      ),
    ).toBe(302);
    const [learner] = await database.db
      .insert(user)
      .values({ id: "learner-1", name: "Học viên", email: "hv@example.test" })
      .returning();
    expect(
      statusOf(
        await post(settingsAction, "/admin/settings?tab=users", {
          intent: "set-role",
          userId: learner!.id,
          role: "admin",
        }),
      ),
    ).toBe(302);

    const entries = await entriesAfter(start);
    expect(entries.find((e) => e.entity === "enrollments")).toMatchObject({
      action: "update",
      entityId: row!.id,
      actorEmail: "co.lan@lernhaus.test",
      changedFields: ["is_processed", "status"],
    });
    expect(entries.filter((e) => e.entity === "enrollments")).toHaveLength(1);
    expect(entries.find((e) => e.entity === "user")).toMatchObject({
      action: "update",
      entityId: "learner-1",
      changedFields: ["role"],
    });
  });

  it("records an erasure with counts only, not the person's email or phone", async () => {
    await database.db.insert(enrollments).values({
      fullName: "Phạm Thu",
      phone: "+84 988 777 666",
      email: "Thu.Pham@Example.test",
      course: "a1",
      schedule: "morning",
    });
    const start = await databaseNow();
    const result = await post(eraseAction, "/admin/settings/erase", {
      email: "thu.pham@example.test",
      phone: "",
      confirm: "on",
    });
    expect(statusOf(result)).toBe(302);
    const entries = await entriesAfter(start);
    const erasure = entries.find((e) => e.entity === "person");
    expect(erasure).toMatchObject({
      action: "erase",
      actorEmail: "co.lan@lernhaus.test",
      ip: "198.51.100.7",
    });
    expect(erasure!.detail).toMatchObject({ by: "admin", enrollments: 1 });
    // The phone's digits in full, with or without its spaces: an entry's random ids may hold
    // "988" (a hex UUID does, about once in 140), which made a shorter pattern fail by chance.
    expect(JSON.stringify(entries)).not.toMatch(/thu\.pham|988\D?777\D?666/i);
  });

  it("records nothing for a public submission", async () => {
    const start = await databaseNow();
    const request = new Request("http://localhost/api/email/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": "vitest" },
      body: JSON.stringify({
        name: "Trần Minh",
        email: "minh@example.test",
        phone: "0977 000 111",
        subject: "pricing",
        message: "Khóa B1 học bao lâu?",
        contactMethod: "zalo",
      }),
    });
    const response = (await contactApiAction({
      request,
      context: contextFor("203.0.113.50"),
      params: {},
    } as Parameters<typeof contactApiAction>[0])) as Response;
    expect(response.status).toBe(200);
    expect(await entriesAfter(start)).toEqual([]);
    // The connection the admin's actions used is back in the pool without the actor.
    const [setting] = (
      await database.db.execute(sql`select coalesce(current_setting('lernhaus.actor', true), '') as actor`)
    ).rows;
    expect(setting).toEqual({ actor: "" });
  });

  it("is listed and filtered in Settings, and cannot be rewritten", async () => {
    const load = async (search: string) => {
      const request = new Request(`${APP_URL}/admin/settings/audit${search}`, {
        headers: { cookie: adminCookie },
      });
      return auditLoader({ request, context: contextFor("127.0.0.1"), params: {} } as Parameters<
        typeof auditLoader
      >[0]);
    };
    const all = await load("");
    expect(all.log.total).toBeGreaterThanOrEqual(6);
    expect(all.log.entities).toEqual(expect.arrayContaining(["courses", "enrollments", "person", "user"]));
    const deletes = await load("?entity=courses&action=delete");
    expect(deletes.log.rows.map((r) => [r.entity, r.action])).toEqual([["courses", "delete"]]);
    expect((await load("?actor=someone@else.test")).log.total).toBe(0);
    expect((await load("?from=2020-01-01&to=2020-01-31")).log.total).toBe(0);
    // Bad filter values are ignored, not an error.
    expect((await load("?from=2024-02-30&action=%00")).log.total).toBe(all.log.total);

    const rewrite = await database.db
      .execute(sql`update audit_log set actor_email = 'x'`)
      .catch((e: Error) => e);
    expect(String((rewrite as Error & { cause?: Error }).cause?.message)).toMatch(/cannot be changed/);
  });
});
