// Invitations to the staff (issue 30, ADR 047): an admin invites a person by email with a role;
// the mail carries a single-use link (a random 32-byte token, of which only its SHA-256 is kept)
// that works for INVITATION_VALID_DAYS. Accepting it makes the account (through better-auth,
// as the CLI does), proves the address and gives the role, in one transaction that holds the
// invitation's row: two clicks at once make one account. Revoking or sending again kills the
// old link. Every change is in the audit log (the table's trigger, ADR 014).
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { createAuth } from "~/auth/auth.server";
import { passwordWeakness, passwordWeaknessMessages } from "~/auth/password-strength.server";
import { unscopedDb } from "~/db/audit-actor.server";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { staffInvitations, user } from "~/db/schema";
import { isLanguage, type Language } from "~/i18n/language";
import { isStaffRole, type StaffRole } from "~/lib/permissions";
import { type InvitationStatus, invitationExpiry, invitationStatus } from "~/lib/staff-invitation";
import { queueStaffInvitationMail } from "~/mail/templates/staff-invitation.server";
import { deleteUserSessions, LastAdminError, setUserRole } from "./user.server";

/** The link's secret as stored: its SHA-256 in hex. A leaked table opens no invitation. */
export function hashInvitationToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

/** The invitation page's address: its language is the one the mail is written in. */
export function invitationUrl(appUrl: string, token: string, language: Language) {
  return `${appUrl}/invitation/${encodeURIComponent(token)}?lang=${language}`;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === "23505") return true;
  return false;
}

const inviter = alias(user, "inviter");
const invitationColumns = {
  id: staffInvitations.id,
  email: staffInvitations.email,
  name: staffInvitations.name,
  role: staffInvitations.role,
  language: staffInvitations.language,
  expiresAt: staffInvitations.expiresAt,
  acceptedAt: staffInvitations.acceptedAt,
  revokedAt: staffInvitations.revokedAt,
  createdAt: staffInvitations.createdAt,
  invitedBy: inviter.name,
};

type InvitationRow = {
  role: string;
  language: string;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
};
const staffRoleOf = (row: InvitationRow): StaffRole =>
  isStaffRole(row.role as StaffRole) ? (row.role as StaffRole) : "teacher";
const languageOf = (row: InvitationRow): Language => (isLanguage(row.language) ? row.language : "vi");

export type InviteOutcome =
  | { ok: true; id: string; token: string }
  | { ok: false; reason: "pending" | "already-staff" };

/** Invites `email` as `role` and queues the mail in the same transaction. An address with a
 * pending invitation is refused (send that one again); an earlier one that expired unused is
 * revoked and replaced. */
export async function inviteStaff(
  db: Db,
  appUrl: string,
  values: { email: string; name: string; role: StaffRole; language: Language; invitedBy: string },
): Promise<InviteOutcome> {
  const email = values.email.toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      const [account] = await tx
        .select({ role: user.role })
        .from(user)
        .where(sql`lower(${user.email}) = ${email}`);
      if (account?.role === values.role) return { ok: false, reason: "already-staff" } as const;
      const open = sql`lower(${staffInvitations.email}) = ${email} and ${staffInvitations.acceptedAt} is null and ${staffInvitations.revokedAt} is null`;
      const [pending] = await tx
        .select({ id: staffInvitations.id, expiresAt: staffInvitations.expiresAt })
        .from(staffInvitations)
        .where(open)
        .for("update");
      if (pending && pending.expiresAt > new Date()) return { ok: false, reason: "pending" } as const;
      if (pending)
        await tx
          .update(staffInvitations)
          .set({ revokedAt: new Date() })
          .where(eq(staffInvitations.id, pending.id));
      const { token, tokenHash } = newToken();
      const expiresAt = invitationExpiry();
      const [row] = await tx
        .insert(staffInvitations)
        .values({ ...values, email, tokenHash, expiresAt })
        .returning({ id: staffInvitations.id });
      const [by] = await tx.select({ name: user.name }).from(user).where(eq(user.id, values.invitedBy));
      await queueStaffInvitationMail(tx, {
        to: email,
        name: values.name,
        role: values.role,
        language: values.language,
        invitedBy: by?.name ?? null,
        url: invitationUrl(appUrl, token, values.language),
        expiresAt,
      });
      await notifyChange(tx, "users");
      return { ok: true, id: row!.id, token } as const;
    });
  } catch (error) {
    // Two admins inviting the same address at once: the second finds the first's pending one.
    if (isUniqueViolation(error)) return { ok: false, reason: "pending" };
    throw error;
  }
}

/** Sends a pending (or expired, unused) invitation again with a new link and a new expiry: the
 * old link stops working. False when it was accepted, revoked or is gone. */
export async function resendInvitation(
  db: Db,
  appUrl: string,
  id: string,
): Promise<false | { token: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...invitationColumns })
      .from(staffInvitations)
      .leftJoin(inviter, eq(inviter.id, staffInvitations.invitedBy))
      .where(eq(staffInvitations.id, id))
      .for("update", { of: staffInvitations });
    if (!row || row.acceptedAt || row.revokedAt) return false;
    const { token, tokenHash } = newToken();
    const expiresAt = invitationExpiry();
    await tx.update(staffInvitations).set({ tokenHash, expiresAt }).where(eq(staffInvitations.id, id));
    await queueStaffInvitationMail(tx, {
      to: row.email,
      name: row.name,
      role: staffRoleOf(row),
      language: languageOf(row),
      invitedBy: row.invitedBy,
      url: invitationUrl(appUrl, token, languageOf(row)),
      expiresAt,
    });
    await notifyChange(tx, "users");
    return { token };
  });
}

/** Revokes an invitation not yet accepted: its link stops working. False when there is none. */
export async function revokeInvitation(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(staffInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(staffInvitations.id, id),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      )
      .returning({ id: staffInvitations.id });
    if (rows.length > 0) await notifyChange(tx, "users");
    return rows.length > 0;
  });
}

/** How long Settings › Users keeps showing an accepted or revoked invitation. */
const RECENT_DAYS = 30;

/** Settings › Users: the invitations still open (pending or expired unused) and those accepted or
 * revoked in the last RECENT_DAYS days, newest first, each with its status. */
export async function listInvitations(db: Db, now: Date = new Date()) {
  const since = new Date(now.getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .select(invitationColumns)
    .from(staffInvitations)
    .leftJoin(inviter, eq(inviter.id, staffInvitations.invitedBy))
    .where(
      or(
        and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)),
        gt(staffInvitations.updatedAt, since),
      ),
    )
    .orderBy(desc(staffInvitations.createdAt))
    .limit(100);
  return rows.map((row) => ({ ...row, role: staffRoleOf(row), status: invitationStatus(row, now) }));
}
export type InvitationListRow = Awaited<ReturnType<typeof listInvitations>>[number];

/** What the invitation page shows for a link: the invitation with its status, and whether the
 * address has an account already (then no password is asked). Undefined for an unknown link. */
export async function findInvitationByToken(db: Db, token: string, now: Date = new Date()) {
  if (!token) return undefined;
  const [row] = await db
    .select({ ...invitationColumns, accountId: user.id })
    .from(staffInvitations)
    .leftJoin(inviter, eq(inviter.id, staffInvitations.invitedBy))
    .leftJoin(user, sql`lower(${user.email}) = lower(${staffInvitations.email})`)
    .where(eq(staffInvitations.tokenHash, hashInvitationToken(token)));
  if (!row) return undefined;
  const { accountId, ...invitation } = row;
  return {
    ...invitation,
    role: staffRoleOf(row),
    language: languageOf(row),
    status: invitationStatus(row, now),
    hasAccount: accountId !== null,
  };
}

export type AcceptRefusal =
  | Exclude<InvitationStatus, "pending">
  | "not-found"
  | "password-required"
  | "weak-password"
  | "last-admin";

export type AcceptOutcome =
  | { ok: true; userId: string; email: string; role: StaffRole; created: boolean }
  | { ok: false; reason: AcceptRefusal; messages?: string[] };

type InvitationAuth = ReturnType<typeof createAuth>;
type AppConfig = Parameters<typeof createAuth>[1];
const auths = new WeakMap<Db, InvitationAuth>();

/** better-auth as the CLI uses it: it hashes the password as sign-up does and sends no mail
 * (the invitation's link proved the address; no verification mail follows). */
function invitationAuth(db: Db, config: AppConfig): InvitationAuth {
  let auth = auths.get(db);
  if (!auth) {
    auth = createAuth(db, config, async () => {
      throw new Error("accepting an invitation sends no mail");
    });
    auths.set(db, auth);
  }
  return auth;
}

/**
 * Accepts the invitation of `token`. In one transaction holding the invitation's row: it must be
 * pending and unexpired; then
 * - without an account for the address: the account is made with `password` (the one password
 *   policy), its sessions of sign-up ended (as the CLI does);
 * - with one: that account is given the role and keeps its password (`password` is ignored);
 *   the invitee signs in with it.
 * The address is marked verified (the link proves it), the role set (ending the account's
 * sessions) and the invitation marked accepted. The invitee is the audit log's actor.
 */
export async function acceptInvitation(
  db: Db,
  config: AppConfig,
  input: { token: string; password: string | null; ip: string },
): Promise<AcceptOutcome> {
  const shared = unscopedDb(db);
  const tokenHash = hashInvitationToken(input.token);
  let createdId: string | undefined;
  try {
    return await shared.transaction(async (tx): Promise<AcceptOutcome> => {
      const [row] = await tx
        .select()
        .from(staffInvitations)
        .where(eq(staffInvitations.tokenHash, tokenHash))
        .for("update");
      if (!row) return { ok: false, reason: "not-found" };
      const status = invitationStatus(row);
      if (status !== "pending") return { ok: false, reason: status };
      const role = staffRoleOf(row);
      const email = row.email.toLowerCase();
      const [account] = await tx
        .select({ id: user.id })
        .from(user)
        .where(sql`lower(${user.email}) = ${email}`);
      let userId = account?.id;
      if (!userId) {
        if (!input.password) return { ok: false, reason: "password-required" };
        const weakness = await passwordWeakness(input.password, { email, name: row.name });
        if (weakness)
          return { ok: false, reason: "weak-password", messages: passwordWeaknessMessages(weakness) };
        // better-auth writes the account on its own connection; this transaction keeps the
        // invitation's row locked meanwhile, so a second accept waits and then finds it used.
        const created = await invitationAuth(shared, config).api.signUpEmail({
          body: { email, password: input.password, name: row.name },
          headers: new Headers({ origin: config.APP_URL }),
        });
        userId = createdId = created.user.id;
        await deleteUserSessions(shared, userId);
      }
      const actor = JSON.stringify({ id: userId, email, ip: input.ip });
      await tx.execute(sql`select set_config('lernhaus.actor', ${actor}, true)`);
      await tx.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
      // A nested transaction of drizzle is a savepoint of this one.
      await setUserRole(tx as unknown as Db, userId, role);
      await tx
        .update(staffInvitations)
        .set({ acceptedAt: new Date(), userId })
        .where(eq(staffInvitations.id, row.id));
      return { ok: true, userId, email, role, created: Boolean(createdId) };
    });
  } catch (error) {
    // The account made for an invitation that could not be accepted goes again.
    if (createdId) await shared.delete(user).where(eq(user.id, createdId));
    if (error instanceof LastAdminError) return { ok: false, reason: "last-admin" };
    throw error;
  }
}
