// The school's notice that a learner cancelled their own enrolment from /profile, to the same
// inbox as new enrolments, reply-to the learner.

import type { Language } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { myCourseName } from "~/lib/course-name";
import { renderMail } from "../layout.server";
import { enqueueMail } from "../outbox.server";

type Executor = Parameters<typeof enqueueMail>[0];

/** The school's staff read Vietnamese (the spec's interface default). */
const SCHOOL_LANGUAGE: Language = "vi";

export interface LearnerCancellationMail {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  /** The level ("b1") or "consultation". */
  level: string;
  courseTitle: string | null;
  schoolInbox: string;
}

export async function queueLearnerCancellationMail(db: Executor, mail: LearnerCancellationMail) {
  const t = i18n.getFixedT(SCHOOL_LANGUAGE, "account");
  const course = myCourseName(t, mail);
  const body = renderMail({
    paragraphs: [t("myCourses.schoolMail.intro")],
    details: [
      [t("myCourses.schoolMail.name"), mail.fullName],
      [t("myCourses.schoolMail.email"), mail.email],
      [t("myCourses.schoolMail.phone"), mail.phone],
      [t("myCourses.schoolMail.course"), course],
      [t("myCourses.schoolMail.reference"), mail.id],
    ],
  });
  await enqueueMail(db, {
    kind: "enrollment-cancelled-by-learner",
    to: mail.schoolInbox,
    replyTo: mail.email,
    subject: t("myCourses.schoolMail.subject", { name: mail.fullName, course }),
    ...body,
  });
}
