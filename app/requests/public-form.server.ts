// The page side of the public forms without JavaScript: a plain POST to /enroll or /contact
// runs the same submit function as the JSON API and answers with the success screen's data or
// the form's errors (Conform's reply, so the form comes back filled in, with messages).
import { parse } from "@conform-to/react";
import { data } from "react-router";
import type { z } from "zod";
import { i18n } from "~/i18n/resources.server";
import { log } from "~/lib/log.server";
import {
  retryAfterMinutes,
  type SubmissionContext,
  type SubmissionMeta,
  type SubmissionOutcome,
} from "~/models/public-submission.server";
import { echoableFormData } from "~/requests/form-echo.server";
import { requestLanguage } from "~/requests/request-language";
import { submissionMeta } from "~/requests/submission-meta.server";
import { formTokenOf } from "./form-ticket.server";

interface FormSubmissionOptions<Recap extends string> {
  submit: (context: SubmissionContext, input: unknown, meta: SubmissionMeta) => Promise<SubmissionOutcome>;
  /** The i18n key of the form's generic failure (spec §8). */
  genericError: string;
  /** The form's schema: what a 400 may echo back (its fields, each within its limit). */
  schema: z.ZodObject;
  /** The fields the success screen recaps (the address the reply goes to, the choices). */
  recap: readonly Recap[];
}

/** The `action` of a public form's page: the post of a browser without JavaScript (with it, the
 * page calls the form's JSON API, which runs the same `submit`). */
export function formPageAction<Recap extends string>(options: FormSubmissionOptions<Recap>) {
  return ({ request, context }: { request: Request; context: SubmissionContext }) =>
    handleFormSubmission(request, context, options);
}

export async function handleFormSubmission<Recap extends string>(
  request: Request,
  context: SubmissionContext,
  options: FormSubmissionOptions<Recap>,
) {
  const formData = await request.formData();
  const echo = echoableFormData(formData, options.schema);
  const reply = (errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    parse(echo, {
      resolve: () => ({
        error: { ...(errors.formErrors && { "": errors.formErrors }), ...errors.fieldErrors },
      }),
    }).reply();

  // The page always comes with a form ticket (ADR 042), so a post without one did not come from
  // the page (or the browser keeps no cookies, or the ticket has expired).
  if (!formTokenOf(request.headers.get("Cookie"))) {
    return data(
      { status: "error" as const, result: reply({ formErrors: ["common:validation.formExpired"] }) },
      400,
    );
  }

  let outcome: SubmissionOutcome;
  try {
    const input = Object.fromEntries(formData);
    outcome = await options.submit(
      context,
      input,
      await submissionMeta(request, context, requestLanguage(request)),
    );
  } catch (error) {
    // Answered with the form's own error (React Router never sees it): logged here, once.
    log().error({ err: error }, "form: the submission failed");
    return data({ status: "error" as const, result: reply({ formErrors: [options.genericError] }) }, 500);
  }
  switch (outcome.status) {
    case "saved":
      return data({
        status: "sent" as const,
        sent: { ...recapOf(formData, options.recap), ...stringValues(outcome.details) },
      });
    case "invalid":
      return data({ status: "error" as const, result: reply({ fieldErrors: outcome.fieldErrors }) }, 400);
    case "refused":
      return data(
        { status: "error" as const, result: reply({ formErrors: [`common:${outcome.message}`] }) },
        400,
      );
    case "conflict":
      return data({ status: "error" as const, result: reply({ formErrors: [outcome.message] }) }, 409);
    case "rate-limited": {
      // Translated here because it carries the minutes; the form shows a text that is not a
      // key as it is.
      const message = i18n.getFixedT(requestLanguage(request))("validation.tooManySubmissions", {
        count: retryAfterMinutes(outcome.retryAfterSeconds),
      });
      return data(
        { status: "error" as const, result: reply({ formErrors: [message] }) },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
  }
}

/** The named fields as sent (they passed the schema), trimmed, for the success screen. */
function recapOf<Name extends string>(formData: FormData, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, String(formData.get(name) ?? "").trim()])) as Record<
    Name,
    string
  >;
}

/** The saved record's details (a waitlist position) as the recap's strings. */
function stringValues(details: Record<string, string | number> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(details).map(([name, value]) => [name, String(value)]));
}
