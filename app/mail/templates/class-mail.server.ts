// The mails the admin's class work sends to the class's learners, each in the language the
// learner enrolled in: the cancellation of their class, and a message to the whole class
// ("Gửi thư cho cả lớp") that the admin writes and previews first. The meeting link is private:
// it goes only to seat holders, in the class message.
import { isLanguage, type Language } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { formatDateVi } from "~/lib/format";
import { formatClassTime, formatWeekdays } from "~/schemas/course-class";
import { renderMail } from "../layout.server";
import { enqueueMail, type OutgoingMail } from "../outbox.server";

type Executor = Parameters<typeof enqueueMail>[0];

export interface ClassLearner {
  fullName: string;
  email: string;
  language: string;
}

/** What a mail says of the class. */
export interface MailedClass {
  courseTitle: string;
  courseLevel: string;
  startsOn: string;
  weekdays: number[];
  startTime: string;
  endTime: string;
  meetingUrl: string;
}

const languageOf = (learner: ClassLearner): Language =>
  isLanguage(learner.language) ? learner.language : "vi";

function classDetails(language: Language, courseClass: MailedClass): [string, string][] {
  const t = i18n.getFixedT(language);
  return [
    [t("admin-classes:mail.course"), `${courseClass.courseLevel} — ${courseClass.courseTitle}`],
    [t("admin-classes:mail.startsOn"), formatDateVi(courseClass.startsOn)],
    [
      t("admin-classes:mail.schedule"),
      `${formatWeekdays(t, courseClass.weekdays)} · ${formatClassTime(courseClass.startTime, courseClass.endTime)}`,
    ],
  ];
}

export function classCancelledMail(learner: ClassLearner, courseClass: MailedClass): OutgoingMail {
  const language = languageOf(learner);
  const t = i18n.getFixedT(language);
  const values = { course: courseClass.courseTitle, date: formatDateVi(courseClass.startsOn) };
  return {
    kind: "class-cancelled",
    to: learner.email,
    subject: t("admin-classes:mail.cancelled.subject", values),
    ...renderMail({
      greeting: t("admin-classes:mail.greeting", { name: learner.fullName }),
      paragraphs: [t("admin-classes:mail.cancelled.body", values), t("admin-classes:mail.cancelled.next")],
      details: classDetails(language, courseClass),
      footer: t("admin-classes:mail.footer"),
    }),
  };
}

export async function queueClassCancelledMail(
  db: Executor,
  { learner, courseClass }: { learner: ClassLearner; courseClass: MailedClass },
) {
  await enqueueMail(db, classCancelledMail(learner, courseClass));
}

export interface ClassMessage {
  subject: string;
  body: string;
}

/** The admin's message to one seat holder: the text as written, after a greeting, with the
 * class's details and its meeting link below. The preview shows exactly this. */
export function classMessageMail(
  learner: ClassLearner,
  courseClass: MailedClass,
  message: ClassMessage,
  replyTo?: string,
): OutgoingMail {
  const language = languageOf(learner);
  const t = i18n.getFixedT(language);
  const details = classDetails(language, courseClass);
  if (courseClass.meetingUrl) details.push([t("admin-classes:mail.meetingUrl"), courseClass.meetingUrl]);
  return {
    kind: "class-message",
    to: learner.email,
    replyTo,
    subject: message.subject,
    ...renderMail({
      greeting: t("admin-classes:mail.greeting", { name: learner.fullName }),
      paragraphs: [message.body],
      details,
      footer: t("admin-classes:mail.footer"),
    }),
  };
}
