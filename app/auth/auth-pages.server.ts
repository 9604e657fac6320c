// What /login and /signup share: the redirect of signed-in visitors, the identity-provider
// button's action and the password form's action.

import { type AppLoadContext, data, redirect } from "react-router";
import type { z } from "zod";
import { parseFormSubmission } from "~/requests/form-echo.server";
import type { FormSchema } from "~/schemas/form-schema";
import { thirdPartyProvider } from "./providers";
import { getSessionUser, homeFor } from "./session.server";
import { type AuthErrorKey, type AuthOutcome, refusedAttempt, startThirdPartySignIn } from "./sign-in.server";

/** spec §2: a signed-in user who opens /login or /signup goes to /admin (admin) or /. Returns
 * whether an identity provider is configured (without one its button could only fail, so the
 * page leaves it out) and whether the page was reached after a failed third-party sign-in. */
export async function loadAuthPage(request: Request, context: AppLoadContext) {
  const user = await getSessionUser(request, context);
  if (user) throw redirect(homeFor(user));
  return {
    thirdParty: thirdPartyProvider(context.config) !== undefined,
    thirdPartyFailed: new URL(request.url).searchParams.get("error") === "third-party",
  };
}

/** The "Google" button: a redirect to the provider, or the catalogue's failure as a form error. */
export async function thirdPartyAction(request: Request, context: AppLoadContext, mode: "signIn" | "signUp") {
  const outcome = await startThirdPartySignIn(request, context, mode, thirdPartyProvider(context.config)?.id);
  if (outcome.ok) throw redirect(outcome.location, { headers: outcome.headers });
  return data({ status: "error", error: { "": [outcome.error] } } as const, { status: outcome.status });
}

/** The action of /login or /signup: the identity-provider button, or the password form parsed
 * with the page's schema and tried. The passwords are never sent back to the form; a refusal is
 * shown on the field it concerns when `fieldOfError` names one, else above the form. */
export async function credentialsAction<Schema extends FormSchema>(
  request: Request,
  context: AppLoadContext,
  {
    mode,
    schema,
    secretFields,
    attempt,
    fieldOfError = {},
  }: {
    mode: "signIn" | "signUp";
    schema: Schema;
    secretFields: string[];
    attempt: (request: Request, context: AppLoadContext, value: z.output<Schema>) => Promise<AuthOutcome>;
    fieldOfError?: Partial<Record<AuthErrorKey, string>>;
  },
) {
  const formData = await request.formData();
  if (formData.get("intent") === "third-party") return thirdPartyAction(request, context, mode);
  const submission = parseFormSubmission(formData, schema);
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: secretFields }), { status: 400 });
  }
  const outcome = await attempt(request, context, submission.value as z.output<Schema>);
  if (outcome.ok) throw redirect(outcome.location, { headers: outcome.headers });
  const field = fieldOfError[outcome.error];
  return refusedAttempt(
    outcome,
    submission.reply({
      ...(field
        ? { fieldErrors: { [field]: outcome.messages ?? [outcome.error] } }
        : { formErrors: [outcome.error] }),
      hideFields: secretFields,
    }),
  );
}
