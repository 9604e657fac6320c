// What the school's changes to a booked trial lesson tell its learner (issue 29, ADR 046), in the
// language they booked in: the lesson cancelled (the booking, or the whole session), or moved to
// another time, with the lesson's calendar file again (the same UID: a calendar updates the event).
import type { Language } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { formatDateVi } from "~/lib/format";
import { renderMail } from "../layout.server";
import { enqueueMails, type OutgoingMail } from "../outbox.server";
import { trialCalendarFile, trialLessonTime } from "./trial-booking.server";

type Executor = Parameters<typeof enqueueMails>[0];

export interface TrialChangeMail {
  id: string;
  fullName: string;
  email: string;
  language: Language;
  startsAt: Date;
  endsAt: Date;
}

/** The school cancelled the lesson. */
export function trialCancelledMail(mail: TrialChangeMail): OutgoingMail {
  const t = i18n.getFixedT(mail.language);
  return {
    kind: "trial-cancelled",
    to: mail.email,
    subject: t("trial:mail.cancelled.subject", { date: formatDateVi(mail.startsAt) }),
    ...renderMail({
      greeting: t("trial:mail.confirmation.greeting", { name: mail.fullName }),
      paragraphs: [t("trial:mail.cancelled.text"), t("trial:mail.cancelled.again")],
      details: [[t("trial:mail.when"), `${trialLessonTime(mail)} ${t("trial:timeZone")}`]],
      footer: t("trial:mail.confirmation.footer"),
    }),
  };
}

/** The school moved the lesson: the new time, and its calendar file. */
export function trialMovedMail(mail: TrialChangeMail & { changedAt: Date }): OutgoingMail {
  const t = i18n.getFixedT(mail.language);
  return {
    kind: "trial-moved",
    to: mail.email,
    subject: t("trial:mail.moved.subject", { date: trialLessonTime(mail) }),
    ...renderMail({
      greeting: t("trial:mail.confirmation.greeting", { name: mail.fullName }),
      paragraphs: [t("trial:mail.moved.text"), t("trial:mail.confirmation.calendar")],
      details: [[t("trial:mail.when"), `${trialLessonTime(mail)} ${t("trial:timeZone")}`]],
      footer: t("trial:mail.confirmation.footer"),
    }),
    attachments: [
      {
        filename: "hoc-thu-lernhaus.ics",
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: Buffer.from(trialCalendarFile({ ...mail, bookedAt: mail.changedAt }), "utf8"),
      },
    ],
  };
}

export async function queueTrialChangeMails(db: Executor, mails: OutgoingMail[]) {
  await enqueueMails(db, mails);
}
