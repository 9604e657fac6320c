// What a public form's submission carries besides its fields, read from the request: the same
// for the page's post and the JSON API.

import { getSessionUser } from "~/auth/session.server";
import type { Language } from "~/i18n/language";
import type { SubmissionContext, SubmissionMeta } from "~/models/public-submission.server";
import { formTokenOf } from "./form-ticket.server";

export async function submissionMeta(
  request: Request,
  context: SubmissionContext,
  language: Language,
): Promise<SubmissionMeta> {
  const userAgent = request.headers.get("User-Agent")?.slice(0, 512) || null;
  const userId = (await getSessionUser(request, context))?.id ?? null;
  return { language, userAgent, userId, formToken: formTokenOf(request.headers.get("Cookie")) };
}
