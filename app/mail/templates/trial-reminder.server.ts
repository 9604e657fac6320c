// The reminder two hours before a trial lesson (issue 29), in the learner's language: the mail
// that carries the lesson's meeting link. Queued by the mail worker's timer in the host process
// (bundled without Vite, so without resources.server.ts's catalogue): it reads its namespace's
// JSON files itself, as the class reminder does.
import { defaultLanguage, type Language } from "~/i18n/language";
import { TranslationStore, Translator } from "~/i18n/translator";
import { formatDateVi, formatTimeVi } from "~/lib/format";
import de from "~/locales/de/trial.json";
import en from "~/locales/en/trial.json";
import vi from "~/locales/vi/trial.json";
import { renderMail } from "../layout.server";
import { enqueueMailOnce } from "../outbox.server";

type Tree = Parameters<TranslationStore["add"]>[2];
const store = new TranslationStore();
for (const [language, tree] of [
  ["vi", vi],
  ["en", en],
  ["de", de],
] as const) {
  store.add(language, "trial", tree as Tree);
}
const translator = new Translator(store, defaultLanguage);

type Executor = Parameters<typeof enqueueMailOnce>[0];

/** "trial-reminder:<booking>:<start, ms since 1970>". */
export function trialReminderKey(booking: { id: string; startsAt: Date }) {
  return `trial-reminder:${booking.id}:${booking.startsAt.getTime()}`;
}

export interface TrialReminderMail {
  id: string;
  fullName: string;
  email: string;
  language: Language;
  startsAt: Date;
  endsAt: Date;
  /** "" when the school has not set one yet: the mail says it will be sent. */
  meetingUrl: string;
  courseTitle: string | null;
}

/** Queued once per booking and lesson time whoever queues it (its once-key), so several instances
 * running the check send one, and a lesson the school moves is reminded of again at its new time.
 * True when this call queued it. */
export async function queueTrialReminderMail(db: Executor, mail: TrialReminderMail) {
  const t = translator.getFixedT(mail.language);
  const when = `${formatDateVi(mail.startsAt)} · ${formatTimeVi(mail.startsAt)}–${formatTimeVi(mail.endsAt)}`;
  return enqueueMailOnce(db, trialReminderKey(mail), {
    kind: "trial-reminder",
    to: mail.email,
    subject: t("trial:mail.reminder.subject", { time: formatTimeVi(mail.startsAt) }),
    ...renderMail({
      greeting: t("trial:mail.reminder.greeting", { name: mail.fullName }),
      paragraphs: [
        t("trial:mail.reminder.text"),
        ...(mail.meetingUrl ? [] : [t("trial:mail.reminder.noLink")]),
      ],
      details: [
        [t("trial:mail.when"), `${when} ${t("trial:timeZone")}`],
        ...(mail.courseTitle ? [[t("trial:mail.class"), mail.courseTitle] as [string, string]] : []),
      ],
      action: mail.meetingUrl ? { label: t("trial:mail.reminder.link"), url: mail.meetingUrl } : undefined,
      footer: t("trial:mail.reminder.footer"),
    }),
  });
}
