import type { AppLoadContext } from "react-router";
import { requireAdmin } from "~/auth/session.server";

/** Every admin route's handle names its title (i18n key in the "admin" namespace). */
export interface AdminHandle {
  adminTitle: string;
}

/** The guard every admin loader and action calls itself (STYLE.md §6: a parent loader does not
 * protect a child action). */
export async function adminOnly({ request, context }: { request: Request; context: AppLoadContext }) {
  return requireAdmin(request, context);
}

/** An admin action's answer to a request it does not know: after the guard, so a non-admin
 * always gets 403 whatever the body. */
export function unknownIntent(): never {
  throw new Response("Unknown action", { status: 400 });
}
