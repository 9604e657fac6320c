// How admin actions answer: a dialog's save, a list's delete and toggle, an unknown intent, the
// way back to the list, and the alerts of a write the database refused.

import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { closedDialogHref, dialogHref, REVISION_PARAM } from "~/lib/dialog-url";
import { log } from "~/lib/log.server";
import { parseFormSubmission } from "~/requests/form-echo.server";
import type { FormSchema } from "~/schemas/form-schema";

/** What a save's write answers: nothing, true or a new entry's id when it is done; false when the
 * entry it updates is gone (deleted in another tab); or errors on the form's fields (a slug in use). */
// biome-ignore lint/suspicious/noConfusingVoidType: a model write that returns nothing is a Promise<void>
type SaveOutcome = void | string | boolean | { fieldErrors: Record<string, string[]> };

/** A dialog's or a section's save: the form parsed with the schema its component uses, the write
 * (given the entry's id when the form edits one), then back to the list with the dialog closed.
 * Invalid input, a gone entry and a refused write keep the form open with what was typed. */
export async function saveForm<Schema extends FormSchema>(
  request: Request,
  formData: FormData,
  schema: Schema,
  write: (value: z.output<Schema>, id: string | undefined) => Promise<SaveOutcome>,
  failure = "admin:errors.save",
) {
  const submission = parseFormSubmission(formData, schema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const id = formData.get("id") ? formId(formData) : undefined;
  let outcome: SaveOutcome;
  try {
    outcome = await write(submission.value as z.output<Schema>, id);
  } catch (error) {
    return writeFailed(submission, failure, error);
  }
  if (outcome === false)
    return data(submission.reply({ formErrors: ["admin:errors.notFound"] }), { status: 409 });
  if (typeof outcome === "object") return data(submission.reply(outcome), { status: 400 });
  backToList(request, "saved");
}

/** An entry's English or German version from its editor's other languages (ADR 032): saved like
 * any form, that language alone. A translation is of a saved entry: without an id there is
 * nothing to translate, and the form is told the entry is gone. */
export function saveTranslation<Schema extends FormSchema>(
  request: Request,
  formData: FormData,
  schema: Schema,
  write: (id: string, value: z.output<Schema>) => Promise<SaveOutcome>,
  failure?: string,
) {
  return saveForm(
    request,
    formData,
    schema,
    (value, id) => (id ? write(id, value) : Promise.resolve(false)),
    failure,
  );
}

/** What a delete's `remove` answers instead of deleting when a rule forbids it (a class people
 * enrolled into): the message the admin reads, an i18n key. */
export interface Refusal {
  refused: string;
}

const isRefusal = (value: unknown): value is Refusal =>
  typeof value === "object" && value !== null && "refused" in value;

/** A list's delete: the entry the form names, then back to the list; a refusal answers 409 and
 * the confirmation stays open with its message. */
export async function deleteEntry(
  request: Request,
  formData: FormData,
  remove: (id: string) => Promise<unknown>,
) {
  const id = formId(formData);
  let outcome: unknown;
  try {
    outcome = await remove(id);
  } catch (error) {
    return actionFailed("admin:errors.delete", error);
  }
  if (isRefusal(outcome))
    return data({ status: "error", error: { "": [outcome.refused] } } as SubmissionResult<string[]>, {
      status: 409,
    });
  backToList(request, "deleted");
}

/** A switch in a list (active, featured, published) for the entry the form names: answered in
 * place, the list stays as it is. */
export async function toggleEntry(
  formData: FormData,
  set: (id: string) => Promise<unknown>,
  failure = "admin:errors.save",
) {
  const id = formId(formData);
  try {
    await set(id);
  } catch (error) {
    return actionFailed(failure, error);
  }
  return { status: "success" as const };
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

/** "Khôi phục phiên bản này" (ADR 053, ADR 057): the revision the form names restored into the
 * item it names; then back to the item's editor, which shows the restored texts. A revision whose
 * address another item took answers 409 with `slugTaken`; a vanished one 409 "not found". */
export async function restoreRevision(
  request: Request,
  formData: FormData,
  restore: (
    id: string,
    revisionId: string,
  ) => Promise<{ ok: true } | { ok: false; reason: "slug-taken" | "not-found" | "revision-not-found" }>,
  messages: { slugTaken: string; failed: string },
) {
  const id = formId(formData);
  let result: Awaited<ReturnType<typeof restore>>;
  try {
    result = await restore(id, String(formData.get(REVISION_PARAM) ?? ""));
  } catch (error) {
    return actionFailed(messages.failed, error);
  }
  if (!result.ok) {
    const message = result.reason === "slug-taken" ? messages.slugTaken : "admin:errors.notFound";
    return data({ status: "error", error: { "": [message] } } as SubmissionResult<string[]>, { status: 409 });
  }
  const url = new URL(request.url);
  log().info({ path: url.pathname, item: id }, "admin: revision restored");
  throw redirect(`${url.pathname}${dialogHref(url.search, { mode: "edit", id })}`);
}
