// Newsletter mails, in the subscriber's language: the double opt-in confirmation, a post sent
// to the confirmed subscribers, and the unsubscribe footer that every newsletter mail carries.
//
// Scheduled publishing sends a post's newsletter from the host process (ADR 053; server/index.ts,
// bundled without Vite, so without the bundled catalogue of resources.server.ts): like the class
// reminder, this template reads the one namespace it needs from its JSON files.
import type { Db } from "~/db/client.server";
import { defaultLanguage, type Language } from "~/i18n/language";
import { TranslationStore, Translator } from "~/i18n/translator";
import de from "~/locales/de/newsletter.json";
import en from "~/locales/en/newsletter.json";
import vi from "~/locales/vi/newsletter.json";
import { type MailContent, renderMail } from "../layout.server";
import { enqueueMail } from "../outbox.server";

type Tree = Parameters<TranslationStore["add"]>[2];
const store = new TranslationStore();
for (const [language, texts] of [
  ["vi", vi],
  ["en", en],
  ["de", de],
] as const)
  store.add(language, "newsletter", texts as Tree);
const i18n = new Translator(store, defaultLanguage);

/** The footer line of every newsletter mail: how to stop receiving it. */
export function newsletterUnsubscribeFooter(language: Language, unsubscribeUrl: string) {
  return i18n.getFixedT(language, "newsletter")("mail.unsubscribe", { url: unsubscribeUrl });
}

/** Renders a newsletter mail with the unsubscribe footer. */
export function renderNewsletterMail(
  language: Language,
  content: Omit<MailContent, "footer">,
  unsubscribeUrl: string,
) {
  return renderMail({ ...content, footer: newsletterUnsubscribeFooter(language, unsubscribeUrl) });
}

/** Queued in the transaction that stores the subscription (outbox). */
export async function queueNewsletterConfirmationMail(
  db: Pick<Db, "insert" | "execute">,
  mail: { to: string; language: Language; confirmUrl: string; unsubscribeUrl: string },
) {
  const t = i18n.getFixedT(mail.language, "newsletter");
  const body = renderNewsletterMail(
    mail.language,
    {
      greeting: t("mail.greeting"),
      paragraphs: [t("mail.confirmText"), t("mail.ignore")],
      action: { label: t("mail.confirmAction"), url: mail.confirmUrl },
    },
    mail.unsubscribeUrl,
  );
  await enqueueMail(db, {
    kind: "newsletter-confirmation",
    to: mail.to,
    subject: t("mail.subject"),
    ...body,
  });
}

/** A published post as the subscribers receive it: its title and excerpt as the post has them
 * (posts are written in one language), the mail's own wording in the subscriber's language, a
 * link to the post and the way out. */
export function renderNewsletterPostMail(
  language: Language,
  post: { title: string; excerpt: string; url: string },
  unsubscribeUrl: string,
) {
  const t = i18n.getFixedT(language, "newsletter");
  return {
    subject: t("post.subject", { title: post.title }),
    ...renderNewsletterMail(
      language,
      {
        greeting: t("mail.greeting"),
        paragraphs: [t("post.intro"), post.title, post.excerpt],
        action: { label: t("post.read"), url: post.url },
      },
      unsubscribeUrl,
    ),
  };
}

/** The headers that let a mail program offer its own unsubscribe button: RFC 2369's
 * List-Unsubscribe with the one-click URL, and RFC 8058's List-Unsubscribe-Post, which says a
 * POST to that URL unsubscribes without a page. */
export function listUnsubscribeHeaders(oneClickUrl: string) {
  return {
    "List-Unsubscribe": `<${oneClickUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
