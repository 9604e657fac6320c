// The learner's notice that the school cancelled their enrolment (the admin's "Hủy đăng ký"), in
// their language, with the lifecycle's line about money (ADR 033): nothing to pay, or the refund
// to come when they had paid.
import type { Language } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { renderMail } from "../layout.server";
import { enqueueMail } from "../outbox.server";

type Executor = Parameters<typeof enqueueMail>[0];

export interface EnrollmentCancelledMail {
  to: string;
  name: string;
  language: Language;
  /** The course's title, or null (advice, a course since deleted). */
  courseTitle: string | null;
  /** The lifecycle's line about paying (an i18n key), when payment is spoken of. */
  paymentNote?: string;
}

export async function queueEnrollmentCancelledMail(db: Executor, mail: EnrollmentCancelledMail) {
  const t = i18n.getFixedT(mail.language);
  const course = mail.courseTitle ?? t("enroll:form.consultation");
  await enqueueMail(db, {
    kind: "enrollment-cancelled",
    to: mail.to,
    subject: t("admin-students:cancelMail.subject", { course }),
    ...renderMail({
      greeting: t("admin-students:cancelMail.greeting", { name: mail.name }),
      paragraphs: [
        t("admin-students:cancelMail.text", { course }),
        ...(mail.paymentNote ? [t(mail.paymentNote)] : []),
        t("admin-students:cancelMail.reply"),
      ],
      footer: t("class-seats:mail.offer.footer"),
    }),
  });
}
