// The two messages of an enrolment (ADR 006): a notification to the school with every field,
// reply-to the person, and a confirmation to the person in the language they used.

import type { Language } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import type { ChangeTopic } from "~/lib/change-topics";
import { type ClassWhen, describeClassWhen } from "~/lib/class-dates";
import { formatDateVi, formatPriceVnd } from "~/lib/format";
import { schoolContactLines } from "~/lib/school-contact";
import type { PaymentInstructions } from "~/models/payment-settings.server";
import type { SchoolContact } from "~/models/school-contact.server";
import type { EnrollmentInput } from "~/schemas/enrollment";
import { renderMail } from "../layout.server";
import { enqueueMails } from "../outbox.server";
import { paymentMailParts } from "./payment-section.server";

type Executor = Parameters<typeof enqueueMails>[0];

/** The school's staff read Vietnamese (the spec's interface default). */
const SCHOOL_LANGUAGE: Language = "vi";

export interface EnrollmentMail {
  id: string;
  enrollment: Omit<EnrollmentInput, "website" | "classId">;
  /** The open course chosen, or undefined for "Tư vấn chọn khóa phù hợp". */
  course: { level: string; title: string; price: number; learnerTitle?: string } | undefined;
  /** The class chosen, with the enrolment's waitlist position (null: it holds a seat). */
  klass?: ClassWhen & { waitlistPosition: number | null };
  language: Language;
  submittedAt: Date;
  schoolInbox: string;
  school: SchoolContact;
  /** How to pay by transfer (ADR 028); undefined when payment is off or nothing is due now. */
  payment?: PaymentInstructions;
  /** The lifecycle's line about paying (an i18n key, ADR 033), as the success screen says it. */
  paymentNote?: string;
}

export async function queueEnrollmentMails(
  db: Executor,
  mail: EnrollmentMail,
  /** What else the caller's transaction changed: announced with the outbox, in one statement. */
  alsoChanged: ChangeTopic[] = [],
) {
  const payment = mail.payment
    ? await paymentMailParts(mail.language, mail.payment, mail.paymentNote)
    : undefined;
  await enqueueMails(db, [notification(mail), confirmation(mail, payment)], alsoChanged);
}

function notification(mail: EnrollmentMail) {
  const t = i18n.getFixedT(SCHOOL_LANGUAGE);
  const { enrollment } = mail;
  const body = renderMail({
    paragraphs: [t("enroll:mail.notification.intro")],
    details: [
      ...choiceDetails(mail, SCHOOL_LANGUAGE, "all"),
      [t("enroll:mail.language"), t(`common:language.${mail.language}`)],
      [t("enroll:mail.submittedOn"), formatDateVi(mail.submittedAt)],
      [t("enroll:mail.reference"), mail.id],
      // What the school finds in the bank statement's line for this enrolment.
      ...(mail.payment
        ? ([
            [t("payment:details.amount"), formatPriceVnd(mail.payment.amount)],
            [t("payment:details.reference"), mail.payment.reference],
          ] as [string, string][])
        : []),
    ],
    footer: t("enroll:mail.notification.replyHint"),
  });
  return {
    kind: "enrollment-notification",
    to: mail.schoolInbox,
    replyTo: enrollment.email,
    subject: t("enroll:mail.notification.subject", {
      name: enrollment.fullName,
      course: courseLabel(mail, SCHOOL_LANGUAGE),
    }),
    ...body,
  };
}

function confirmation(
  mail: EnrollmentMail,
  payment: Awaited<ReturnType<typeof paymentMailParts>> | undefined,
) {
  const t = i18n.getFixedT(mail.language);
  const { school } = mail;
  const body = renderMail({
    greeting: t("enroll:mail.confirmation.greeting", { name: mail.enrollment.fullName }),
    paragraphs: [
      t("enroll:mail.confirmation.thanks"),
      ...(mail.klass?.waitlistPosition
        ? [t("class-seats:mail.waitlistNote", { position: mail.klass.waitlistPosition })]
        : []),
      // Without transfer details (waitlisted), the line about paying stands on its own.
      ...(mail.paymentNote && !mail.payment ? [t(mail.paymentNote)] : []),
      t("enroll:mail.confirmation.next"),
      `${t("enroll:mail.confirmation.contacts")}\n${schoolContactLines(school, {
        phone: t("enroll:mail.phone"),
        email: t("enroll:mail.email"),
        zalo: t("enroll:mail.zalo"),
        address: t("enroll:mail.address"),
      })}`,
      t("enroll:mail.confirmation.summary"),
    ],
    details: choiceDetails(mail, mail.language, "choices"),
    section: payment?.section,
    footer: t("enroll:mail.confirmation.footer"),
  });
  return {
    kind: "enrollment-confirmation",
    to: mail.enrollment.email,
    replyTo: school.email,
    subject: t("enroll:mail.confirmation.subject"),
    ...body,
    attachments: payment?.attachments,
  };
}

function courseLabel(mail: EnrollmentMail, language: Language) {
  const t = i18n.getFixedT(language);
  return mail.course
    ? t("enroll:form.courseOption", {
        level: mail.course.level,
        // The school reads the Vietnamese title; the learner theirs, when the course has one.
        title:
          language === mail.language ? (mail.course.learnerTitle ?? mail.course.title) : mail.course.title,
        price: formatPriceVnd(mail.course.price),
      })
    : t("enroll:form.consultation");
}

/** "all": every field, for the school; "choices": what the person chose, for their copy. */
function choiceDetails(
  mail: EnrollmentMail,
  language: Language,
  which: "all" | "choices",
): [string, string][] {
  const t = i18n.getFixedT(language);
  const { enrollment: e } = mail;
  const none = t("enroll:mail.notProvided");
  const choices: [string, string][] = [
    [t("enroll:fields.course"), courseLabel(mail, language)],
    ...classDetails(mail, language),
    [t("enroll:fields.schedule"), t(`enroll:schedules.${e.schedule}`)],
    [t("enroll:fields.experience"), e.experience ? t(`enroll:experiences.${e.experience}`) : none],
  ];
  if (which === "choices") return choices;
  return [
    [t("enroll:fields.fullName"), e.fullName],
    [t("enroll:fields.phone"), e.phone],
    [t("enroll:fields.email"), e.email],
    ...choices,
    [t("enroll:fields.goals"), e.goals ?? none],
    [t("enroll:fields.hearAbout"), e.hearAbout ? t(`enroll:hearAbout.${e.hearAbout}`) : none],
  ];
}

/** The class's dates, and the waitlist position when the class was full. */
function classDetails(mail: EnrollmentMail, language: Language): [string, string][] {
  if (!mail.klass) return [];
  const t = i18n.getFixedT(language);
  const rows: [string, string][] = [[t("class-seats:mail.class"), describeClassWhen(t, mail.klass)]];
  if (mail.klass.waitlistPosition) {
    rows.push([t("class-seats:mail.waitlistPosition"), String(mail.klass.waitlistPosition)]);
  }
  return rows;
}
