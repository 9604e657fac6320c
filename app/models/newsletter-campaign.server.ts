// A published post sent to the confirmed newsletter subscribers (ADR 029): one campaign per post
// (the unique post_id refuses a second send, whoever sends it and however simultaneously), and
// one outbox row per subscriber, written by a single INSERT … SELECT so that tens of thousands of
// addresses never pass through Node. The rows' due times are spread at the configured rate: the
// outbox worker, which claims rows in next_attempt_at order, sends them at that pace and an
// enrolment's mail queued meanwhile is due before all but the next few of them.
import { randomBytes } from "node:crypto";
import { count, desc, eq, type SQL, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { emailOutbox, newsletterCampaigns, newsletterSubscribers, posts } from "~/db/schema";
import { defaultLanguage, type Language, languages } from "~/i18n/language";
import {
  type ContentTranslations,
  contentLanguages,
  isTranslationLanguage,
  type TranslationLanguage,
} from "~/lib/content-language";
import { localizePath } from "~/lib/localized-path";
import { outboxRow } from "~/mail/outbox.server";
import { listUnsubscribeHeaders, renderNewsletterPostMail } from "~/mail/templates/newsletter.server";
import { isUuid } from "~/schemas/course";
import { POST_TRANSLATION_REQUIRED } from "~/schemas/post";
import { newsletterLinks } from "./newsletter.server";
import { isPublished } from "./post-query.server";

export const NEWSLETTER_POST_MAIL_KIND = "newsletter-post";

/** One outbox row per (campaign, subscriber), refused twice by the outbox's unique once_key
 * (ADR 038), whatever code path would queue it again. */
export const newsletterOnceKeyPrefix = (campaignId: string) => `newsletter:${campaignId}:`;

export type CampaignSendResult =
  | { ok: true; campaignId: string; recipients: number }
  | { ok: false; reason: "not-found" | "not-published" | "already-sent" | "no-subscribers" };

/** The post as a subscriber reading `language` gets it (ADR 032): its translation's title,
 * excerpt and address when the post is translated into that language, else the Vietnamese post
 * at its Vietnamese address. */
function postInLanguage(
  post: { title: string; excerpt: string; slug: string; translations?: ContentTranslations },
  language: Language,
  appUrl: string,
) {
  const translated =
    isTranslationLanguage(language) &&
    post.translations !== undefined &&
    contentLanguages(post.translations, POST_TRANSLATION_REQUIRED).includes(language);
  const version = translated ? (post.translations?.[language as TranslationLanguage] ?? {}) : {};
  const text = (field: "title" | "excerpt" | "slug") => {
    const value = version[field];
    return typeof value === "string" && value.trim() !== "" ? value : post[field];
  };
  const path = `/blog/${encodeURIComponent(text("slug"))}`;
  return {
    title: text("title"),
    excerpt: text("excerpt"),
    url: `${appUrl}${translated ? localizePath(path, language) : path}`,
  };
}

/** The mail of `post` in `language` for the subscriber whose token is `token`: its subject,
 * text, HTML and List-Unsubscribe headers. */
export function newsletterPostMail(
  language: Language,
  post: { title: string; excerpt: string; slug: string; translations?: ContentTranslations },
  appUrl: string,
  token: string,
) {
  // The unsubscribe page in the subscriber's language, like the rest of the mail (ADR 034).
  const links = newsletterLinks(appUrl, token, language);
  return {
    ...renderNewsletterPostMail(language, postInLanguage(post, language, appUrl), links.unsubscribeUrl),
    headers: listUnsubscribeHeaders(links.oneClickUrl),
  };
}

export async function countConfirmedSubscribers(db: Pick<Db, "select">) {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "confirmed"));
  return row?.n ?? 0;
}

/** Sends `postId` to every confirmed subscriber, each in their language, the mails due one
 * after another at `mailsPerMinute`. Refused for a draft, a post sent before, or nobody to send
 * to; all or nothing. */
export async function sendPostToSubscribers(
  db: Db,
  input: { postId: string; sentById: string | null; appUrl: string; mailsPerMinute: number },
): Promise<CampaignSendResult> {
  if (!isUuid(input.postId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    // Shared lock: the post cannot be unpublished or deleted while its mails are written.
    const [post] = await tx
      .select({
        title: posts.title,
        excerpt: posts.excerpt,
        slug: posts.slug,
        translations: posts.translations,
        // Public now: a scheduled post is sent by the scheduled job once its time has come.
        published: isPublished,
      })
      .from(posts)
      .where(eq(posts.id, input.postId))
      .for("share");
    if (!post) return { ok: false, reason: "not-found" };
    if (!post.published) return { ok: false, reason: "not-published" };
    // Nobody confirmed yet: the post stays sendable for when someone has.
    if ((await countConfirmedSubscribers(tx)) === 0) return { ok: false, reason: "no-subscribers" };
    // A second admin sending the same post at the same moment waits here on the unique index
    // until the first commits, then inserts nothing.
    const [campaign] = await tx
      .insert(newsletterCampaigns)
      .values({ postId: input.postId, sentById: input.sentById, recipientCount: 0 })
      .onConflictDoNothing({ target: newsletterCampaigns.postId })
      .returning({ id: newsletterCampaigns.id });
    if (!campaign) return { ok: false, reason: "already-sent" };

    // Each language's mail is rendered once with a placeholder no text can guess; the database
    // puts each subscriber's token in its place.
    const placeholder = `tok${randomBytes(16).toString("hex")}`;
    const templates = languages.map((language) => {
      const mail = newsletterPostMail(language, post, input.appUrl, placeholder);
      const row = outboxRow({ kind: NEWSLETTER_POST_MAIL_KIND, to: "", ...mail });
      return sql`(${language}::text, ${row.subject}::text, ${row.text}::text, ${row.html}::text, ${JSON.stringify(row.headers)}::text)`;
    });
    const secondsApart = 60 / input.mailsPerMinute;
    const inserted = await tx.execute(sql`
      insert into ${emailOutbox} (kind, "to", subject, text, html, headers, campaign_id, once_key, next_attempt_at)
      select ${NEWSLETTER_POST_MAIL_KIND}, s.email, m.subject,
        replace(m.text, ${placeholder}, s.token), replace(m.html, ${placeholder}, s.token),
        replace(m.headers, ${placeholder}, s.token)::jsonb, ${campaign.id}::uuid,
        ${newsletterOnceKeyPrefix(campaign.id)} || s.id::text,
        now() + make_interval(secs => (row_number() over (order by s.confirmed_at, s.id) - 1) * ${secondsApart}::float8)
      from ${newsletterSubscribers} s
      join (values ${sql.join(templates, sql`, `)}) as m(language, subject, text, html, headers)
        on m.language = case when s.language in (${sql.join(
          languages.map((l) => sql`${l}`),
          sql`, `,
        )}) then s.language else ${defaultLanguage} end
      where s.status = 'confirmed'`);
    const recipients = inserted.rowCount ?? 0;
    await tx
      .update(newsletterCampaigns)
      .set({ recipientCount: recipients })
      .where(eq(newsletterCampaigns.id, campaign.id));
    await notifyChange(tx, "outbox");
    await notifyChange(tx, "newsletter");
    return { ok: true, campaignId: campaign.id, recipients };
  });
}

export interface CampaignCounts {
  queued: number;
  sent: number;
  failed: number;
}

/** Campaigns with how many of their mails are queued, sent and failed now (mails of people who
 * unsubscribed meanwhile are no longer queued: ADR 029), newest first. */
function campaignsWithCounts(db: Db, where: SQL | undefined, limit: number) {
  const counted = (status: keyof CampaignCounts) =>
    sql<number>`(count(${emailOutbox.id}) filter (where ${emailOutbox.status} = ${status}))::int`;
  return db
    .select({
      id: newsletterCampaigns.id,
      postId: posts.id,
      title: posts.title,
      createdAt: newsletterCampaigns.createdAt,
      recipientCount: newsletterCampaigns.recipientCount,
      queued: counted("queued"),
      sent: counted("sent"),
      failed: counted("failed"),
    })
    .from(newsletterCampaigns)
    .innerJoin(posts, eq(posts.id, newsletterCampaigns.postId))
    .leftJoin(emailOutbox, eq(emailOutbox.campaignId, newsletterCampaigns.id))
    .where(where)
    .groupBy(newsletterCampaigns.id, posts.id)
    .orderBy(desc(newsletterCampaigns.createdAt))
    .limit(limit);
}

/** The campaign of a post, with its counts. */
export async function getPostCampaign(db: Db, postId: string) {
  if (!isUuid(postId)) return undefined;
  const [row] = await campaignsWithCounts(db, eq(newsletterCampaigns.postId, postId), 1);
  if (!row) return undefined;
  const { queued, sent, failed, id, recipientCount, createdAt } = row;
  return { id, recipientCount, createdAt, counts: { queued, sent, failed } satisfies CampaignCounts };
}

/** The latest campaigns, for Settings › Newsletter. */
export function listNewsletterCampaigns(db: Db, limit = 10) {
  return campaignsWithCounts(db, undefined, limit);
}

/** What the post editor shows of a published post's newsletter: how many would receive it, its
 * campaign once sent, and (for the send dialog) the mail in Vietnamese as a subscriber gets it,
 * with a stand-in for the subscriber's own unsubscribe token. */
export async function getPostNewsletter(
  db: Db,
  post: { id: string; title: string; excerpt: string; slug: string },
  appUrl: string,
  withPreview: boolean,
) {
  const [confirmed, campaign] = await Promise.all([
    countConfirmedSubscribers(db),
    getPostCampaign(db, post.id),
  ]);
  const standIn = "…";
  const mail = withPreview ? newsletterPostMail("vi", post, appUrl, standIn) : undefined;
  return {
    confirmed,
    campaign: campaign ?? null,
    preview: mail
      ? {
          subject: mail.subject,
          text: mail.text.replaceAll(encodeURIComponent(standIn), standIn),
          language: "vi",
        }
      : null,
  };
}

export type PostNewsletter = Awaited<ReturnType<typeof getPostNewsletter>>;
