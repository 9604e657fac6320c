import type { SubmissionResult } from "@conform-to/react";
import { type AppLoadContext, data, redirect } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { actorScopedDb, unscopedDb } from "~/db/audit-actor.server";
import type { ChangeTopic } from "~/db/change-bus.server";
import { log } from "~/lib/log.server";
import { closedDialogHref } from "./dialog-url";

/** Every admin route's handle names its title (i18n key in the "admin" namespace) and the change
 * topics it shows, so another admin's save reaches this page live. */
export interface AdminHandle {
  adminTitle: string;
  liveTopics?: readonly ChangeTopic[];
}

/** The guard every admin loader and action calls itself (STYLE.md §6: a parent loader does not
 * protect a child action). Admin pages leave errors to the layout's ErrorBoundary: a child
 * boundary would re-run the layout loader as a GET, turning a refused POST's 403 into a redirect.
 *
 * For a mutation it also swaps the request's database handle for one scoped to this admin, so
 * whatever the action writes is recorded in the audit log with who, from where (ADR 014) — an
 * action cannot forget to log. Reads (GET) keep the shared handle: they write
 * nothing. */
export async function adminOnly({ request, context }: { request: Request; context: AppLoadContext }) {
  const admin = await requireAdmin(request, context);
  if (request.method !== "GET" && request.method !== "HEAD") {
    const actor = { id: admin.id, email: admin.email, ip: context.clientIp };
    context.db = actorScopedDb(unscopedDb(context.db), actor);
  }
  return admin;
}

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
