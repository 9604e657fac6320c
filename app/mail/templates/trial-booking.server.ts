// The two messages of a trial booking (issue 29): the learner's confirmation in the language of
// the page they booked on, with the lesson as a calendar file (.ics), and the school's notice.
// The meeting link is in neither: it comes with the reminder two hours before (trial-reminder).
import type { Language } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import type { ChangeTopic } from "~/lib/change-topics";
import { formatDateTimeVi, formatDateVi, formatTimeVi } from "~/lib/format";
import { buildEventCalendar } from "~/lib/icalendar";
import { schoolContactLines } from "~/lib/school-contact";
import { TRIAL_REMINDER_HOURS } from "~/lib/trial-lesson";
import type { SchoolContact } from "~/models/school-contact.server";
import { renderMail } from "../layout.server";
import { enqueueMails, type OutgoingMail } from "../outbox.server";

type Executor = Parameters<typeof enqueueMails>[0];

/** The school's staff read Vietnamese (the spec's interface default). */
const SCHOOL_LANGUAGE: Language = "vi";

export interface TrialBookingMail {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  level: string;
  source: string;
  startsAt: Date;
  endsAt: Date;
  teacher: string | null;
  /** A session of a real class: its course. */
  courseTitle: string | null;
  language: Language;
  bookedAt: Date;
  school: SchoolContact;
  schoolInbox: string;
}

/** "10/12/2026 · 19:00–20:00". */
export function trialLessonTime(lesson: { startsAt: Date; endsAt: Date }) {
  return `${formatDateVi(lesson.startsAt)} · ${formatTimeVi(lesson.startsAt)}–${formatTimeVi(lesson.endsAt)}`;
}

export async function queueTrialBookingMails(
  db: Executor,
  mail: TrialBookingMail,
  alsoChanged: ChangeTopic[],
) {
  await enqueueMails(db, [confirmation(mail), notification(mail)], alsoChanged);
}

/** The lesson as an iCalendar file: one event, its UID the booking's. */
export function trialCalendarFile(
  mail: Pick<TrialBookingMail, "id" | "startsAt" | "endsAt" | "language" | "bookedAt">,
) {
  const t = i18n.getFixedT(mail.language);
  return buildEventCalendar({
    uid: `trial-${mail.id}@lernhaus`,
    stamp: mail.bookedAt,
    startsAt: mail.startsAt,
    endsAt: mail.endsAt,
    summary: t("trial:mail.calendar.summary"),
    description: t("trial:mail.calendar.description", { hours: TRIAL_REMINDER_HOURS }),
  });
}

function confirmation(mail: TrialBookingMail): OutgoingMail {
  const t = i18n.getFixedT(mail.language);
  const body = renderMail({
    greeting: t("trial:mail.confirmation.greeting", { name: mail.fullName }),
    paragraphs: [
      t("trial:mail.confirmation.text"),
      t("trial:mail.confirmation.reminder", { hours: TRIAL_REMINDER_HOURS }),
      t("trial:mail.confirmation.calendar"),
      `${t("trial:mail.confirmation.contacts")}\n${schoolContactLines(mail.school, {
        phone: t("trial:mail.phone"),
        email: t("trial:mail.email"),
        zalo: "Zalo",
        address: t("trial:mail.address"),
      })}`,
    ],
    details: [
      [t("trial:mail.when"), `${trialLessonTime(mail)} ${t("trial:timeZone")}`],
      ...(mail.courseTitle ? [[t("trial:mail.class"), mail.courseTitle] as [string, string]] : []),
      ...(mail.teacher ? [[t("trial:mail.teacher"), mail.teacher] as [string, string]] : []),
    ],
    footer: t("trial:mail.confirmation.footer"),
  });
  return {
    kind: "trial-confirmation",
    to: mail.email,
    subject: t("trial:mail.confirmation.subject", { date: trialLessonTime(mail) }),
    ...body,
    attachments: [
      {
        filename: "hoc-thu-lernhaus.ics",
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: Buffer.from(trialCalendarFile(mail), "utf8"),
      },
    ],
  };
}

function notification(mail: TrialBookingMail): OutgoingMail {
  const t = i18n.getFixedT(SCHOOL_LANGUAGE);
  const body = renderMail({
    paragraphs: [t("trial:mail.notification.intro")],
    details: [
      [t("trial:fields.fullName"), mail.fullName],
      [t("trial:fields.email"), mail.email],
      [t("trial:fields.phone"), mail.phone],
      [t("trial:fields.level"), t(`trial:levels.${mail.level}`)],
      [t("trial:mail.when"), trialLessonTime(mail)],
      ...(mail.courseTitle ? [[t("trial:mail.class"), mail.courseTitle] as [string, string]] : []),
      ...(mail.teacher ? [[t("trial:mail.teacher"), mail.teacher] as [string, string]] : []),
      [t("trial:mail.source"), t(`trial:sources.${mail.source}`)],
      [t("trial:mail.language"), t(`common:language.${mail.language}`)],
      [t("trial:mail.bookedAt"), formatDateTimeVi(mail.bookedAt)],
      [t("trial:mail.reference"), mail.id],
    ],
  });
  return {
    kind: "trial-notification",
    to: mail.schoolInbox,
    replyTo: mail.email,
    subject: t("trial:mail.notification.subject", { name: mail.fullName, date: trialLessonTime(mail) }),
    ...body,
  };
}

/** The school's notice that a learner cancelled their own trial lesson from /profile, to the
 * inbox that gets new bookings, reply-to the learner: their seat is free again. */
export function trialCancelledByLearnerMail(mail: {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  startsAt: Date;
  endsAt: Date;
  schoolInbox: string;
}): OutgoingMail {
  const t = i18n.getFixedT(SCHOOL_LANGUAGE);
  return {
    kind: "trial-cancelled-by-learner",
    to: mail.schoolInbox,
    replyTo: mail.email,
    subject: t("trial:mail.learnerCancelled.subject", { name: mail.fullName, date: trialLessonTime(mail) }),
    ...renderMail({
      paragraphs: [t("trial:mail.learnerCancelled.intro")],
      details: [
        [t("trial:fields.fullName"), mail.fullName],
        [t("trial:fields.email"), mail.email],
        [t("trial:fields.phone"), mail.phone],
        [t("trial:mail.when"), trialLessonTime(mail)],
        [t("trial:mail.reference"), mail.id],
      ],
    }),
  };
}
