import { redirect } from "react-router";
import { authFor, authHeaders, forwardCookies } from "~/auth/session.server";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const response = await authFor(context).api.signOut({
    headers: authHeaders(request, context),
    asResponse: true,
  });
  throw redirect("/", { headers: forwardCookies(response) });
}

/** Signing out is a POST (a link must not sign anyone out); a visit here just goes home. */
export function loader() {
  throw redirect("/");
}
