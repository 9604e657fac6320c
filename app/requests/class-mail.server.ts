// "Gửi thư cho cả lớp" as an action answers it, from the class's roster (staff with "classes")
// and from the teacher's workspace (their own class): a preview of the first learner's mail, or
// the mails queued and the way back to the page with how many went.
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data, redirect } from "react-router";
import { classMessageMail } from "~/mail/templates/class-mail.server";
import { getMailedClass, listClassRoster, sendClassMessage } from "~/models/class-roster.server";
import { schoolReplyAddress } from "~/models/message-reply.server";
import { classMessageSchema } from "~/schemas/course-class";
import { actionFailed } from "./admin-action.server";

/** `intent` "preview" or "send-mail" for the class `classId` (the caller has checked the person
 * may mail it); after sending, the page `sentTo(count)`. */
export async function classMailAction(
  context: AppLoadContext,
  classId: string,
  intent: "preview" | "send-mail",
  formData: FormData,
  sentTo: (count: number) => string,
) {
  const submission = parseWithZod(formData, { schema: classMessageSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const replyTo = await schoolReplyAddress(context.db, context.config);

  if (intent === "preview") {
    const [courseClass, roster] = await Promise.all([
      getMailedClass(context.db, classId),
      listClassRoster(context.db, classId),
    ]);
    if (!courseClass)
      return data(submission.reply({ formErrors: ["admin:errors.notFound"] }), { status: 404 });
    const first = roster.learners[0];
    if (!first)
      return data(submission.reply({ formErrors: ["admin-classes:roster.mail.noLearners"] }), {
        status: 409,
      });
    const mail = classMessageMail(first, courseClass, submission.value, replyTo);
    return {
      ...submission.reply(),
      preview: {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        language: first.language,
        recipients: new Set(roster.learners.map((row) => row.email.toLowerCase())).size,
      },
    };
  }

  let sent: number | false;
  try {
    sent = await sendClassMessage(context.db, classId, submission.value, replyTo);
  } catch (error) {
    return actionFailed("admin:errors.save", error);
  }
  if (sent === false)
    return data(submission.reply({ formErrors: ["admin:errors.notFound"] }), { status: 404 });
  if (sent === 0)
    return data(submission.reply({ formErrors: ["admin-classes:roster.mail.noLearners"] }), { status: 409 });
  throw redirect(sentTo(sent));
}
