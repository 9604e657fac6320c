// A signed-in learner erases their own enrolments, messages and newsletter rows.
// Signing in does not wait for the address to be verified, so anyone could open an account with
// someone else's address: erasing by that address at once would let a stranger delete another
// person's enrolment. So the erasure runs at once only when the address is proven (signed in
// with Google/OIDC, the sign-up's verification link followed, or confirmed earlier); otherwise a
// link is mailed to the address, and following it (then pressing the button) proves it and erases. Matching is by email only: a phone on an
// account is never verified.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user, verification } from "~/db/schema";
import type { Language } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { renderMail } from "~/mail/layout.server";
import { enqueueMail } from "~/mail/outbox.server";
import { type ErasureResult, erasePerson } from "./person-erasure.server";

const LINK_LIFETIME_MS = 60 * 60 * 1000;
const identifierFor = (userId: string) => `erase-my-data:${userId}`;
const hash = (token: string) => createHash("sha256").update(token).digest("hex");

export async function isEmailVerified(db: Db, userId: string) {
  const [row] = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, userId));
  return row?.verified === true;
}

/** Erases now; the handle should be scoped to the learner so the audit log names them. */
export async function eraseOwnData(
  db: Db,
  account: { email: string },
  dataDir: string,
): Promise<ErasureResult> {
  return erasePerson(db, { email: account.email, phone: undefined }, { dataDir, by: "self" });
}

/** Mails a one-hour link to the account's address (replacing any earlier one). */
export async function mailErasureLink(
  db: Db,
  account: { id: string; name: string; email: string },
  options: { appUrl: string; language: Language },
) {
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, identifierFor(account.id)));
    await tx.insert(verification).values({
      id: randomBytes(16).toString("hex"),
      identifier: identifierFor(account.id),
      value: hash(token),
      expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
    });
    const t = i18n.getFixedT(options.language, "personal-data");
    const url = `${options.appUrl}/profile/erase?token=${token}`;
    const body = renderMail({
      greeting: t("account.mail.greeting", { name: account.name }),
      paragraphs: [t("account.mail.text"), t("account.mail.expiry")],
      action: { label: t("account.mail.action"), url },
      footer: t("account.mail.ignore"),
    });
    await enqueueMail(tx, {
      kind: "erasure-confirmation",
      to: account.email,
      subject: t("account.mail.subject"),
      ...body,
    });
  });
}

/** True when `token` is this account's unexpired link; the link is used up and the address
 * counts as verified from then on. */
export async function redeemErasureLink(db: Db, userId: string, token: string) {
  return db.transaction(async (tx) => {
    const used = await tx
      .delete(verification)
      .where(
        and(
          eq(verification.identifier, identifierFor(userId)),
          eq(verification.value, hash(token)),
          gt(verification.expiresAt, new Date()),
        ),
      )
      .returning({ id: verification.id });
    if (used.length === 0) return false;
    await tx.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    return true;
  });
}

export async function isErasureLinkValid(db: Db, userId: string, token: string) {
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, identifierFor(userId)),
        eq(verification.value, hash(token)),
        gt(verification.expiresAt, new Date()),
      ),
    );
  return Boolean(row);
}
