// The mails of a class's seats (ADR 026), each in the learner's language: the offer of a freed
// seat to the first on the waitlist, and the reminder a day before the first session, which is
// the one mail that carries the private meeting link.
import type { Language } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { type ClassWhen, describeClassWhen } from "~/lib/class-dates";
import { renderMail } from "../layout.server";
import { enqueueMail, enqueueMailOnce } from "../outbox.server";

type Executor = Parameters<typeof enqueueMail>[0];

interface ClassMail {
  to: string;
  name: string;
  language: Language;
  courseTitle: string;
  when: ClassWhen;
}

export async function queueSeatOfferMail(db: Executor, mail: ClassMail) {
  const t = i18n.getFixedT(mail.language);
  await enqueueMail(db, {
    kind: "class-seat-offer",
    to: mail.to,
    subject: t("class-seats:mail.offer.subject", { course: mail.courseTitle }),
    ...renderMail({
      greeting: t("class-seats:mail.offer.greeting", { name: mail.name }),
      paragraphs: [t("class-seats:mail.offer.text"), t("class-seats:mail.offer.next")],
      details: [[t("class-seats:mail.class"), `${mail.courseTitle}\n${describeClassWhen(t, mail.when)}`]],
      footer: t("class-seats:mail.offer.footer"),
    }),
  });
}

/** Queued once per enrolment and class whoever queues it (the once-key), so several instances
 * running the reminder check send one. True when this call queued it. */
export async function queueClassReminderMail(
  db: Executor,
  mail: ClassMail & { classId: string; enrollmentId: string; meetingUrl: string },
) {
  const t = i18n.getFixedT(mail.language);
  return enqueueMailOnce(db, `class-reminder:${mail.classId}:${mail.enrollmentId}`, {
    kind: "class-reminder",
    to: mail.to,
    subject: t("class-seats:mail.reminder.subject", { course: mail.courseTitle }),
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
