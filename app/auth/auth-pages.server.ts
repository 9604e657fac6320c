// What /login and /signup share: the redirect of signed-in visitors and the identity-provider
// button's action.
import { type AppLoadContext, data, redirect } from "react-router";
import { thirdPartyProvider } from "./providers";
import { getSessionUser, homeFor } from "./session.server";
import { startThirdPartySignIn } from "./sign-in.server";

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
