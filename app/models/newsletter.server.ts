// Newsletter subscriptions with double opt-in: an address is stored "pending" with a
// random token and gets a confirmation mail; the link in it confirms; the unsubscribe link in
// every newsletter mail cancels. Statuses: pending | confirmed | unsubscribed.
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { pageOf, readPage } from "~/db/list-page.server";
import { emailOutbox, newsletterSubscribers } from "~/db/schema";
import { defaultLanguage, type Language } from "~/i18n/language";
import { localizePath } from "~/lib/localized-path";
import { queueNewsletterConfirmationMail } from "~/mail/templates/newsletter.server";
import type { NewsletterStatus } from "~/schemas/domain";
import { newsletterTokenSchema } from "~/schemas/newsletter";

export type { NewsletterStatus };

function newToken() {
  return randomBytes(32).toString("base64url");
}

/** Where the links in the mails lead: the pages at the address of the mail's language (ADR 034),
 * so that a subscriber from /en/blog confirms on an English page in any browser. */
export function newsletterLinks(appUrl: string, token: string, language: Language = defaultLanguage) {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    confirmUrl: `${appUrl}${localizePath(`/newsletter/confirm?${query}`, language)}`,
    unsubscribeUrl: `${appUrl}${localizePath(`/newsletter/unsubscribe?${query}`, language)}`,
    // RFC 8058: a mail program POSTs here, without a page (List-Unsubscribe header).
    oneClickUrl: `${appUrl}/newsletter/unsubscribe/one-click?${query}`,
  };
}

/** Subscribes an address. The answer never tells whether the address was already known (no
 * address enumeration): a new or unsubscribed address gets a fresh token and a confirmation
 * mail, a pending one gets the mail again, a confirmed one gets nothing. Returns whether a mail
 * was queued (for tests and logs, not for the visitor). */
export async function subscribeToNewsletter(
  db: Db,
  input: { email: string; language: Language; appUrl: string },
): Promise<{ mailQueued: boolean }> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const token = newToken();
    // Insert, or lock the existing row (two simultaneous posts of one address are serialised).
    await tx
      .insert(newsletterSubscribers)
      .values({ email, language: input.language, token })
      .onConflictDoNothing({ target: newsletterSubscribers.email });
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .for("update");
    if (!row || row.status === "confirmed") return { mailQueued: false };

    let mailToken = row.token;
    if (row.status === "unsubscribed") {
      // Coming back needs a new opt-in; old links stop working.
      mailToken = token;
      await tx
        .update(newsletterSubscribers)
        .set({ status: "pending", token, language: input.language, unsubscribedAt: null, confirmedAt: null })
        .where(eq(newsletterSubscribers.id, row.id));
    } else if (row.language !== input.language) {
      await tx
        .update(newsletterSubscribers)
        .set({ language: input.language })
        .where(eq(newsletterSubscribers.id, row.id));
    }
    await queueNewsletterConfirmationMail(tx, {
      to: email,
      language: input.language,
      ...newsletterLinks(input.appUrl, mailToken, input.language),
    });
    await notifyChange(tx, "newsletter");
    return { mailQueued: true };
  });
}

/** The subscription a link's token belongs to, for the confirm and unsubscribe pages. */
export async function getNewsletterSubscriptionByToken(db: Db, token: string) {
  const [row] = await db
    .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.token, token))
    .limit(1);
  return row ? { email: row.email, status: row.status as NewsletterStatus } : undefined;
}

/** The subscription a mail's link (`?token=…`) is for: its token, address and status; none for a
 * malformed or unknown token. */
export async function getNewsletterSubscriptionFromLink(db: Db, url: string) {
  const token = newsletterTokenSchema.safeParse(new URL(url).searchParams.get("token"));
  const subscription = token.success ? await getNewsletterSubscriptionByToken(db, token.data) : undefined;
  return subscription && token.success ? { token: token.data, ...subscription } : undefined;
}

/** The confirmation link: pending → confirmed. A confirmed address stays confirmed; an
 * unsubscribed one is not brought back by an old link. */
export async function confirmNewsletterSubscription(
  db: Db,
  token: string,
): Promise<NewsletterStatus | "invalid"> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({
      status: sql`case when ${newsletterSubscribers.status} = 'pending' then 'confirmed' else ${newsletterSubscribers.status} end`,
      confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, now())`,
    })
    .where(eq(newsletterSubscribers.token, token))
    .returning({ status: newsletterSubscribers.status });
  if (row) await notifyChange(db, "newsletter");
  return row ? (row.status as NewsletterStatus) : "invalid";
}

/** The unsubscribe link in every newsletter mail, and the one-click POST of a mail program.
 * The subscriber's campaign mails not yet sent (queued or failed) are dropped with it: an unsubscribed address never
 * gets another one (ADR 029). A mail the worker is sending at this very moment may still go. */
export async function unsubscribeFromNewsletter(db: Db, token: string): Promise<"unsubscribed" | "invalid"> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({
        status: "unsubscribed",
        unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())`,
      })
      .where(eq(newsletterSubscribers.token, token))
      .returning({ email: newsletterSubscribers.email });
    if (!row) return "invalid";
    const dropped = await tx
      .delete(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to, row.email),
          // A failed one too: the outbox's "retry all" would otherwise send it after all.
          inArray(emailOutbox.status, ["queued", "failed"]),
          isNotNull(emailOutbox.campaignId),
        ),
      )
      .returning({ id: emailOutbox.id });
    await notifyChange(tx, "newsletter");
    if (dropped.length > 0) await notifyChange(tx, "outbox");
    return "unsubscribed";
  });
}

const subscriberColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  status: newsletterSubscribers.status,
  language: newsletterSubscribers.language,
  createdAt: newsletterSubscribers.createdAt,
  confirmedAt: newsletterSubscribers.confirmedAt,
  unsubscribedAt: newsletterSubscribers.unsubscribedAt,
};

function statusFilter(status: NewsletterStatus | undefined) {
  return status ? eq(newsletterSubscribers.status, status) : undefined;
}

/** One page of the admin's subscriber list, newest first, with the total. */
export async function listNewsletterSubscribers(
  db: Db,
  options: { status?: NewsletterStatus; page?: number; pageSize?: number } = {},
) {
  const where = statusFilter(options.status);
  return readPage(
    db,
    pageOf(options, 50),
    db
      .select(subscriberColumns)
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id)),
    { table: newsletterSubscribers, where },
  );
}

/** Every subscriber of a status, in batches, for the CSV export (large lists never sit in
 * memory at once). */
export async function* eachNewsletterSubscriber(db: Db, status?: NewsletterStatus, batchSize = 1000) {
  for (let offset = 0; ; offset += batchSize) {
    const rows = await db
      .select(subscriberColumns)
      .from(newsletterSubscribers)
      .where(statusFilter(status))
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(batchSize)
      .offset(offset);
    yield* rows;
    if (rows.length < batchSize) return;
  }
}
