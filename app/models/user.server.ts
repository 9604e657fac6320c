import { and, count, desc, eq, gt, ilike, or, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { pageOf, readPage } from "~/db/list-page.server";
import { account, session, user, verification } from "~/db/schema";
import { roleOf, type UserRole } from "~/schemas/domain";

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function hasPassword(db: Db, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return (row?.n ?? 0) > 0;
}

export async function countAdmins(db: Pick<Db, "select">) {
  const [row] = await db.select({ n: count() }).from(user).where(eq(user.role, "admin"));
  return row?.n ?? 0;
}

export class LastAdminError extends Error {
  constructor() {
    super("the last admin cannot be removed");
  }
}

/** Changes a role; refuses to demote the last admin (a school must keep one). A changed role
 * ends the person's sessions at once (issue 30): a member of staff removed or moved to a role
 * with less access keeps nothing of the old one, not even a page open in another tab. The
 * change is in the audit log through the user table's trigger (ADR 014). */
export async function setUserRole(db: Db, userId: string, role: UserRole) {
  await db.transaction(async (tx) => {
    // Serialise role changes so that two admins demoting each other cannot both succeed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lernhaus:roles'))`);
    const [current] = await tx.select({ role: user.role }).from(user).where(eq(user.id, userId));
    if (!current) throw new Error(`no user ${userId}`);
    if (current.role === "admin" && role !== "admin" && (await countAdmins(tx)) <= 1)
      throw new LastAdminError();
    if (current.role === role) return;
    await tx.update(user).set({ role }).where(eq(user.id, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await notifyChange(tx, "users");
  });
}

export async function updateProfile(db: Db, userId: string, values: { name: string; image: string | null }) {
  await db.transaction(async (tx) => {
    await tx.update(user).set(values).where(eq(user.id, userId));
    await notifyChange(tx, "users");
  });
}

/** Deletes an account with its sessions and sign-in methods; never the last admin. */
export async function deleteUserAccount(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lernhaus:roles'))`);
    const [current] = await tx.select({ role: user.role }).from(user).where(eq(user.id, userId));
    if (!current) return;
    if (current.role === "admin" && (await countAdmins(tx)) <= 1) throw new LastAdminError();
    await tx.delete(user).where(eq(user.id, userId));
    await notifyChange(tx, "users");
  });
}

/** Signs a user out everywhere: removes all their sessions. */
export async function deleteUserSessions(db: Db, userId: string) {
  await db.delete(session).where(eq(session.userId, userId));
}

/** A user's live sessions, the current one first, then the most recently active. */
export async function listSessions(db: Db, userId: string, currentSessionId: string) {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt));
  return rows
    .map((row) => ({ ...row, current: row.id === currentSessionId }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** The session with this token and its user, in one statement: the session lookup of a signed-in
 * request (ADR 061). */
export async function findSessionWithUser(db: Db, token: string) {
  const [row] = await db
    .select({
      session: { id: session.id, expiresAt: session.expiresAt, createdAt: session.createdAt },
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        image: user.image,
        role: user.role,
        twoFactorEnabled: user.twoFactorEnabled,
        emailVerified: user.emailVerified,
      },
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token))
    .limit(1);
  return row;
}

/** Whether a password reset link is still usable (exists, not used, not expired). */
export async function isResetTokenValid(db: Db, token: string) {
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(
      and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())),
    )
    .limit(1);
  return row?.value;
}

export async function getUserById(db: Db, id: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email, image: user.image, role: user.role })
    .from(user)
    .where(eq(user.id, id));
  return row;
}

/** One page of the admin's user list: search by name or email, newest first. */
export async function listUsers(db: Db, options: { query?: string; page?: number; pageSize?: number } = {}) {
  const needle = options.query?.trim();
  const where = needle
    ? or(ilike(user.name, `%${escapeLike(needle)}%`), ilike(user.email, `%${escapeLike(needle)}%`))
    : undefined;
  const page = await readPage(
    db,
    pageOf(options, 25),
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        image: user.image,
        createdAt: user.createdAt,
      })
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id)),
    { table: user, where },
  );
  return {
    ...page,
    rows: page.rows.map((row) => ({ ...row, role: roleOf(row.role) })),
  };
}

/** `%` and `_` typed into a search box are letters, not wildcards. */
function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
