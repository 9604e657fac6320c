// What admin actions answer besides success: an unknown intent, the way back to the list, and
// the alerts of a write the database refused.
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import { closedDialogHref } from "~/components/admin/dialog-url";
import { log } from "~/lib/log.server";

/** An admin action's answer to a request it does not know: after the guard, so a non-admin
 * always gets 403 whatever the body. */
export function unknownIntent(): never {
  throw new Response("Unknown action", { status: 400 });
}

/** After a successful save or delete: back to the list, dialog closed. */
export function backToList(request: Request, done: "saved" | "deleted"): never {
  throw redirect(closedDialogHref(request.url, done));
}

/** spec §8 admin alerts: a save or delete the database refused. The dialog stays open with the
 * typed values and shows the alert; the cause goes to the server log. */
export function writeFailed(
  submission: { reply(options?: { formErrors?: string[] }): SubmissionResult<string[]> },
  message: string,
  error: unknown,
) {
  log().error({ err: error }, "admin: write failed");
  return data(submission.reply({ formErrors: [message] }), { status: 500 });
}

/** The same alert for a write that has no form to re-show (a delete, a toggle in a list). */
export function actionFailed(message: string, error: unknown) {
  log().error({ err: error }, "admin: write failed");
  return data({ status: "error", error: { "": [message] } } as SubmissionResult<string[]>, { status: 500 });
}

/** The id a dialog's form posts: a uuid, or the request is malformed. */
export function formId(formData: FormData) {
  const id = formData.get("id");
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id)) throw new Response("Bad id", { status: 400 });
  return id;
}
