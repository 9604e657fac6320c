// The reminder a day before a class's first session (ADR 026), in the learner's language: the one
// mail that carries the class's private meeting link. It is queued by the mail worker's timer in
// the host process (server/index.ts, bundled without Vite, so without the bundled catalogue of
// resources.server.ts): it reads the one namespace it needs from its JSON files.
import type { Language } from "~/i18n/language";
import { defaultLanguage } from "~/i18n/language";
import { TranslationStore, Translator } from "~/i18n/translator";
import { describeClassWhen, formatClassTime } from "~/lib/class-dates";
import { formatDateVi } from "~/lib/format";
import de from "~/locales/de/class-seats.json";
import en from "~/locales/en/class-seats.json";
import vi from "~/locales/vi/class-seats.json";
import { renderMail } from "../layout.server";
import { enqueueMailOnce } from "../outbox.server";
import type { ClassMail } from "./class-seat.server";

const NAMESPACE = "class-seats";
const store = new TranslationStore();
for (const [language, tree] of Object.entries({ vi, en, de })) {
  store.add(language, NAMESPACE, tree as Parameters<TranslationStore["add"]>[2]);
}
const translator = new Translator(store, defaultLanguage);

type Executor = Parameters<typeof enqueueMailOnce>[0];

/** Queued once per enrolment and class whoever queues it (the once-key), so several instances
 * running the reminder check send one. True when this call queued it. */
export async function queueClassReminderMail(
  db: Executor,
  mail: ClassMail & { classId: string; enrollmentId: string; meetingUrl: string },
) {
  const t = translator.getFixedT(mail.language satisfies Language);
  return enqueueMailOnce(db, `class-reminder:${mail.classId}:${mail.enrollmentId}`, {
    kind: "class-reminder",
    to: mail.to,
    subject: t("class-seats:mail.reminder.subject", {
      course: mail.courseTitle,
      date: formatDateVi(mail.when.startsOn),
      time: formatClassTime(mail.when.startTime),
    }),
    ...renderMail({
      greeting: t("class-seats:mail.reminder.greeting", { name: mail.name }),
      paragraphs: [
        t("class-seats:mail.reminder.text"),
        ...(mail.meetingUrl ? [] : [t("class-seats:mail.reminder.noLink")]),
      ],
      details: [[t("class-seats:mail.class"), `${mail.courseTitle}\n${describeClassWhen(t, mail.when)}`]],
      action: mail.meetingUrl
        ? { label: t("class-seats:mail.reminder.link"), url: mail.meetingUrl }
        : undefined,
      footer: t("class-seats:mail.reminder.footer"),
    }),
  });
}
