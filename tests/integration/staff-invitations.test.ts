// Invitations to the staff (issue 30, item 2) through the real route modules against PostgreSQL:
// Settings › Users invites (one mail in the invitee's language, its link working), resends (the
// old link dead) and revokes; /invitation/:token sets the password under the one password policy,
// applies the role, proves the address and signs the new member of staff in; a link works once,
// never when expired or revoked, and two accepts at once make one account; an existing account
// gets the role and keeps its password; the audit log names who invited and who accepted;
// erasing a person erases their invitations.
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authFor } from "~/auth/session.server";
import { auditLog, emailOutbox, requestLimits, session, staffInvitations, user } from "~/db/schema";
import { i18n } from "~/i18n/resources.server";
import { staffHome } from "~/lib/permissions";
import { erasePerson } from "~/models/person-erasure.server";
import { hashInvitationToken } from "~/models/staff-invitation.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { action as acceptAction, loader as invitationLoader } from "~/routes/auth/invitation";
import { createSessionFixture } from "../support/admin-session";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3993";
const STRONG = "Sonnenblume-Ha-Noi-42";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let fixture: ReturnType<typeof createSessionFixture>;
let adminCookie: string;
let consultantCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = createSessionFixture(database.db, APP_URL);
  adminCookie = await fixture.cookieFor("co.lan@lernhaus.test", "Cô Lan", "admin");
  consultantCookie = await fixture.cookieFor("tu.van@lernhaus.test", "Tư Vấn", "consultant");
});

beforeEach(async () => {
  await database.db.delete(staffInvitations);
  await database.db.delete(emailOutbox);
  await database.db.delete(auditLog);
  await database.db.delete(requestLimits);
});

/* ---------------------------------------------------------------- requests */

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

/** A route's answer, thrown or returned, as status, body and headers. */
async function answer(run: () => Promise<unknown>): Promise<Answer> {
  const result = await run().catch((thrown: unknown) => thrown);
  if (result instanceof Response) return { status: result.status, body: {}, headers: result.headers };
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped && wrapped.type === "DataWithResponseInit")
    return {
      status: wrapped.init?.status ?? 200,
      body: wrapped.data as Record<string, unknown>,
      headers: new Headers(wrapped.init?.headers),
    };
  return { status: 200, body: (result ?? {}) as Record<string, unknown>, headers: new Headers() };
}

function settingsPost(fields: Record<string, string>, cookie = adminCookie) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  const headers = new Headers({ origin: APP_URL, cookie });
  const request = new Request(`${APP_URL}/admin/settings?tab=users`, { method: "POST", headers, body });
  return answer(() => settingsAction({ request, context: { ...fixture.context }, params: {} } as never));
}

function openLink(token: string, search = "", cookie = "") {
  const headers = new Headers(cookie ? { cookie } : {});
  const request = new Request(`${APP_URL}/invitation/${token}${search}`, { headers });
  return answer(() =>
    invitationLoader({ request, context: { ...fixture.context }, params: { token } } as never),
  );
}

function accept(token: string, password: string | null = STRONG, confirm = password) {
  const body = new FormData();
  if (password !== null) {
    body.append("password", password);
    body.append("confirmPassword", confirm ?? "");
  }
  const headers = new Headers({ origin: APP_URL, cookie: "lng=vi" });
  const request = new Request(`${APP_URL}/invitation/${token}`, { method: "POST", headers, body });
  return answer(() => acceptAction({ request, context: { ...fixture.context }, params: { token } } as never));
}

async function invite(
  email: string,
  role = "teacher",
  language = "vi",
  name = "Nguyễn Văn Mới",
): Promise<{ token: string; answer: Answer }> {
  const result = await settingsPost({ intent: "invite-staff", email, name, role, language });
  const [mail] = await database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "staff-invitation")))
    .orderBy(emailOutbox.createdAt);
  const token = mail ? tokenOf(mail.text) : "";
  return { token, answer: result };
}

function tokenOf(text: string) {
  return /\/invitation\/([A-Za-z0-9_-]+)\?lang=/.exec(text)?.[1] ?? "";
}

async function invitationOf(email: string) {
  const [row] = await database.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
  return row!;
}

async function accountOf(email: string) {
  const [row] = await database.db.select().from(user).where(eq(user.email, email));
  return row;
}

/* ---------------------------------------------------------------- tests */

describe("inviting", () => {
  it("queues one mail in the invitee's language with a link that opens the invitation", async () => {
    const { token, answer: result } = await invite("neu.de@lernhaus.test", "editor", "de", "Anna Berg");
    expect(result.status).toBe(302);
    const mails = await database.db.select().from(emailOutbox);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const de = i18n.getFixedT("de");
    expect(mail.subject).toBe(
      de("staff-invitation:mail.subject", { role: de("admin-settings:users.roles.editor") }),
    );
    expect(mail.text).toContain("Guten Tag Anna Berg");
    expect(mail.text).toContain("Cô Lan");
    expect(mail.text).toContain(`${APP_URL}/invitation/${token}?lang=de`);
    // Only the token's hash is stored.
    const row = await invitationOf("neu.de@lernhaus.test");
    expect(row.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    // The link opens the page in the mail's language (a browser without a choice of its own).
    const opened = await openLink(token, "?lang=de");
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Set-Cookie")).toContain("lng=de");
    expect(opened.headers.get("Location")).toBe(`/invitation/${token}`);
    const page = await openLink(token, "", "lng=de");
    expect(page.status).toBe(200);
    expect(page.body.invitation).toMatchObject({
      email: "neu.de@lernhaus.test",
      role: "editor",
      invitedBy: "Cô Lan",
      hasAccount: false,
    });
  });

  it("refuses a second pending invitation to the same address", async () => {
    await invite("doppelt@lernhaus.test");
    const again = await invite("doppelt@lernhaus.test");
    expect(again.answer.status).toBe(409);
    expect(JSON.stringify(again.answer.body)).toContain("staff-invitation:errors.pending");
    expect(await database.db.select().from(staffInvitations)).toHaveLength(1);
  });

  it("is for admins only: a consultant is refused and nothing is sent", async () => {
    const refused = await settingsPost(
      {
        intent: "invite-staff",
        email: "khong.duoc@lernhaus.test",
        name: "X Y",
        role: "admin",
        language: "vi",
      },
      consultantCookie,
    );
    expect(refused.status).toBe(403);
    expect(await database.db.select().from(staffInvitations)).toHaveLength(0);
    expect(await database.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it("lists the invitations in Settings › Users with their status", async () => {
    await invite("liste@lernhaus.test", "consultant");
    const headers = new Headers({ cookie: adminCookie });
    const request = new Request(`${APP_URL}/admin/settings?tab=users`, { headers });
    const data = (await settingsLoader({
      request,
      context: { ...fixture.context },
      params: {},
    } as never)) as {
      invitations: { email: string; status: string; role: string }[];
    };
    expect(data.invitations).toEqual([
      expect.objectContaining({ email: "liste@lernhaus.test", status: "pending", role: "consultant" }),
    ]);
  });
});

describe("accepting", () => {
  it("refuses a weak password with the policy's translated message and makes no account", async () => {
    const { token } = await invite("schwach@lernhaus.test");
    const result = await accept(token, "matkhau123");
    expect(result.status).toBe(400);
    const errors = (result.body.result as { error?: Record<string, string[]> }).error ?? {};
    expect(errors.password?.length).toBeGreaterThan(0);
    const vi = i18n.getFixedT("vi");
    for (const key of errors.password ?? []) expect(vi(key)).not.toBe(key);
    expect(await accountOf("schwach@lernhaus.test")).toBeUndefined();
    // A mismatched confirmation is the form's own error.
    const mismatch = await accept(token, STRONG, `${STRONG}x`);
    expect(mismatch.status).toBe(400);
    expect(await accountOf("schwach@lernhaus.test")).toBeUndefined();
    expect((await invitationOf("schwach@lernhaus.test")).acceptedAt).toBeNull();
  });

  it("sets the password, applies the role, proves the address, signs in; the link works once", async () => {
    const { token } = await invite("giao.vien@lernhaus.test", "teacher");
    const result = await accept(token);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(staffHome("teacher"));
    expect(result.headers.get("Set-Cookie")).toMatch(/session_token=/);
    const account = await accountOf("giao.vien@lernhaus.test");
    expect(account).toMatchObject({ role: "teacher", emailVerified: true, name: "Nguyễn Văn Mới" });
    // Signed in with the new password: one session, the one just made.
    expect(await database.db.select().from(session).where(eq(session.userId, account!.id))).toHaveLength(1);
    const row = await invitationOf("giao.vien@lernhaus.test");
    expect(row.acceptedAt).not.toBeNull();
    expect(row.userId).toBe(account!.id);
    // No verification mail: the link proved the address.
    expect(await database.db.select().from(emailOutbox)).toHaveLength(1);

    const again = await accept(token, "Another-Strong-Pass-77");
    expect(again.status).toBe(410);
    expect(again.body.refused).toBe("accepted");
    expect((await openLink(token)).body.refused).toBe("accepted");
    expect(
      await database.db.select().from(user).where(eq(user.email, "giao.vien@lernhaus.test")),
    ).toHaveLength(1);
  });

  it("sends a new admin to turn on two-step verification", async () => {
    const { token } = await invite("quan.tri@lernhaus.test", "admin");
    const page = await openLink(token, "", "lng=vi");
    expect(page.body.invitation).toMatchObject({ role: "admin" });
    const result = await accept(token);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/profile?twoFactor=invited");
    expect((await accountOf("quan.tri@lernhaus.test"))?.role).toBe("admin");
  });

  it("refuses an expired link and makes no account", async () => {
    const { token } = await invite("het.han@lernhaus.test");
    await database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(staffInvitations.email, "het.han@lernhaus.test"));
    const page = await openLink(token);
    expect(page.status).toBe(410);
    expect(page.body.refused).toBe("expired");
    expect(i18n.getFixedT("vi")("staff-invitation:refused.expired")).not.toContain("refused.");
    const result = await accept(token);
    expect(result.status).toBe(410);
    expect(result.body.refused).toBe("expired");
    expect(await accountOf("het.han@lernhaus.test")).toBeUndefined();
  });

  it("refuses a revoked link and makes no account", async () => {
    const { token } = await invite("thu.hoi@lernhaus.test");
    const row = await invitationOf("thu.hoi@lernhaus.test");
    expect((await settingsPost({ intent: "revoke-invitation", id: row.id })).status).toBe(302);
    expect((await invitationOf("thu.hoi@lernhaus.test")).revokedAt).not.toBeNull();
    const result = await accept(token);
    expect(result.status).toBe(410);
    expect(result.body.refused).toBe("revoked");
    expect(await accountOf("thu.hoi@lernhaus.test")).toBeUndefined();
    // Revoked is final: neither revoked nor sent again.
    expect((await settingsPost({ intent: "revoke-invitation", id: row.id })).status).toBe(409);
    expect((await settingsPost({ intent: "resend-invitation", id: row.id })).status).toBe(409);
  });

  it("resending sends a new link and kills the old one", async () => {
    const { token: first } = await invite("gui.lai@lernhaus.test", "consultant", "en");
    const row = await invitationOf("gui.lai@lernhaus.test");
    expect((await settingsPost({ intent: "resend-invitation", id: row.id })).status).toBe(302);
    const mails = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, "gui.lai@lernhaus.test"))
      .orderBy(emailOutbox.createdAt);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain("Hello Nguyễn Văn Mới");
    const second = tokenOf(mails[1]!.text);
    expect(second).not.toBe(first);
    expect((await accept(first)).status).toBe(404);
    expect(await accountOf("gui.lai@lernhaus.test")).toBeUndefined();
    expect((await accept(second)).status).toBe(302);
    expect((await accountOf("gui.lai@lernhaus.test"))?.role).toBe("consultant");
  });

  it("two accepts of one link at once make exactly one account", async () => {
    const { token } = await invite("song.song@lernhaus.test", "editor");
    const results = await Promise.all([accept(token), accept(token), accept(token)]);
    expect(results.map((result) => result.status).sort()).toEqual([302, 410, 410]);
    expect(
      await database.db.select().from(user).where(eq(user.email, "song.song@lernhaus.test")),
    ).toHaveLength(1);
  });

  it("gives an existing account the role and leaves its password as it was", async () => {
    await fixture.cookieFor("hoc.vien@lernhaus.test", "Học Viên", "user");
    const { token } = await invite("hoc.vien@lernhaus.test", "teacher");
    const page = await openLink(token, "", "lng=vi");
    expect(page.body.invitation).toMatchObject({ hasAccount: true });
    const result = await accept(token, null);
    expect(result.status).toBe(200);
    expect(result.body.done).toEqual({ role: "teacher" });
    const account = await accountOf("hoc.vien@lernhaus.test");
    expect(account).toMatchObject({ role: "teacher", emailVerified: true });
    // A changed role ends the sessions; the old password still signs in.
    expect(await database.db.select().from(session).where(eq(session.userId, account!.id))).toHaveLength(0);
    const signIn = await authFor(fixture.context).api.signInEmail({
      body: { email: "hoc.vien@lernhaus.test", password: "Lernen-2025!" },
      headers: new Headers({ origin: APP_URL }),
      asResponse: true,
    });
    expect(signIn.status).toBe(200);
  });
});

describe("the record", () => {
  it("audits the invitation with the admin as actor and the acceptance with the invitee", async () => {
    const { token } = await invite("nhat.ky@lernhaus.test", "teacher");
    const row = await invitationOf("nhat.ky@lernhaus.test");
    await accept(token);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "staff_invitations"), eq(auditLog.entityId, row.id)))
      .orderBy(auditLog.at);
    expect(entries.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ["insert", "co.lan@lernhaus.test"],
      ["update", "nhat.ky@lernhaus.test"],
    ]);
    expect(entries[1]!.changedFields).toEqual(expect.arrayContaining(["accepted_at", "user_id"]));
    // The role given is in the log too (the user table's trigger), by the invitee.
    const roleChange = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "user"), eq(auditLog.action, "update")));
    expect(roleChange.some((entry) => entry.changedFields.includes("role"))).toBe(true);

    // Revoking is recorded with the admin as actor.
    await invite("thu.hoi.log@lernhaus.test");
    const revoked = await invitationOf("thu.hoi.log@lernhaus.test");
    await settingsPost({ intent: "revoke-invitation", id: revoked.id });
    const [revocation] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "staff_invitations"),
          eq(auditLog.entityId, revoked.id),
          eq(auditLog.action, "update"),
        ),
      );
    expect(revocation).toMatchObject({ actorEmail: "co.lan@lernhaus.test" });
    expect(revocation!.changedFields).toContain("revoked_at");
  });

  it("erasing a person erases their invitations", async () => {
    await invite("xoa.het@lernhaus.test");
    await erasePerson(
      database.db,
      { email: "XOA.HET@lernhaus.test", phone: undefined },
      { dataDir: "/nonexistent", by: "admin" },
    );
    expect(await database.db.select().from(staffInvitations)).toHaveLength(0);
  });
});
