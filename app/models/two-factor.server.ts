// The second factor's rows (ADR 012). better-auth's two-factor plugin creates them and
// checks codes at sign-in; these are the reads and the few writes our own pages need.
import { and, count, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { schoolSettings, twoFactor, user, verification } from "~/db/schema";

/** The stored (encrypted) secret and whether setup was confirmed with a code. */
export async function findTwoFactor(db: Db, userId: string) {
  const [row] = await db
    .select({ secret: twoFactor.secret, verified: twoFactor.verified })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1);
  return row;
}

/** Setup confirmed: sign-in asks for the code from now on. */
export async function confirmTwoFactor(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.update(twoFactor).set({ verified: true }).where(eq(twoFactor.userId, userId));
    await tx.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, userId));
  });
}

/** Records that the app code of time step `step` signed `userId` in, unless that step or a later
 * one already did: one conditional update, so of two requests with the same code only one wins. */
export async function claimTotpStep(db: Db, userId: string, step: number) {
  const claimed = await db
    .update(twoFactor)
    .set({ lastUsedTotpStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        or(isNull(twoFactor.lastUsedTotpStep), lt(twoFactor.lastUsedTotpStep, step)),
      ),
    )
    .returning({ userId: twoFactor.userId });
  return claimed.length > 0;
}

export async function removeTwoFactor(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, userId));
  });
}

/** Whose sign-in a two-factor challenge (better-auth's verification row) belongs to, while it
 * is still valid. */
export async function findChallengeUser(db: Db, identifier: string) {
  const [row] = await db
    .select({ id: user.id, role: user.role })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, new Date())))
    .limit(1);
  return row;
}

/** Whether every admin must have a second factor (school settings, off by default). */
export async function isAdminTwoFactorRequired(db: Db) {
  const [row] = await db
    .select({ required: schoolSettings.requireAdminTwoFactor })
    .from(schoolSettings)
    .limit(1);
  return row?.required ?? false;
}

export async function setAdminTwoFactorRequired(db: Db, required: boolean) {
  await db
    .insert(schoolSettings)
    .values({ id: 1, requireAdminTwoFactor: required })
    .onConflictDoUpdate({
      target: schoolSettings.id,
      set: { requireAdminTwoFactor: required, updatedAt: new Date() },
    });
}

export async function countAdminsWithoutTwoFactor(db: Db) {
  const [row] = await db
    .select({ n: count() })
    .from(user)
    .where(and(eq(user.role, "admin"), eq(user.twoFactorEnabled, false)));
  return row?.n ?? 0;
}
