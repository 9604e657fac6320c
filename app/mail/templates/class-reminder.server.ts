// The reminder a day before a class's first session (ADR 026), in the learner's language: the one
// mail that carries the class's private meeting link. It is queued by the mail worker's timer in
// the host process (server/index.ts, bundled without Vite, so without the bundled catalogue of
// resources.server.ts): it reads the two namespaces it needs from their JSON files.
import type { Language } from "~/i18n/language";
import { defaultLanguage } from "~/i18n/language";
import { TranslationStore, Translator } from "~/i18n/translator";
import { describeClassWhen, hourMinute } from "~/lib/class-dates";
import { formatDateVi } from "~/lib/format";
import de from "~/locales/de/class-seats.json";
import scheduleDe from "~/locales/de/schedule.json";
import en from "~/locales/en/class-seats.json";
import scheduleEn from "~/locales/en/schedule.json";
import vi from "~/locales/vi/class-seats.json";
import scheduleVi from "~/locales/vi/schedule.json";
import { renderMail } from "../layout.server";
import { enqueueMailOnce } from "../outbox.server";
import type { ClassMail } from "./class-seat.server";

type Tree = Parameters<TranslationStore["add"]>[2];
const store = new TranslationStore();
for (const [language, seats, schedule] of [
  ["vi", vi, scheduleVi],
  ["en", en, scheduleEn],
  ["de", de, scheduleDe],
] as const) {
  store.add(language, "class-seats", seats as Tree);
  // The weekday names the class's dates are written with.
  store.add(language, "schedule", schedule as Tree);
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
      time: hourMinute(mail.when.startTime),
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
