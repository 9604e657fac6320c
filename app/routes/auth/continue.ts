import { redirect } from "react-router";
import { getSessionUser, homeFor } from "~/auth/session.server";
import { log } from "~/lib/log.server";
import type { Route } from "./+types/continue";

/** Where the identity provider's callback lands: spec §2 "after signing in, an admin lands on
 * /admin, anyone else on /". */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (user) log().info({ email: user.email, ip: context.clientIp }, "auth: third-party sign-in success");
  throw redirect(user ? homeFor(user) : "/login?error=third-party");
}
