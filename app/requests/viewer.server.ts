// Who is looking at a public page, as far as the blog cares: an admin or editor may preview a
// draft, and the school's staff are not counted as readers. Nothing else on the public pages depends on it.
import type { AppLoadContext } from "react-router";
import { getSessionUser } from "~/auth/session.server";
import type { UserRole } from "~/schemas/domain";

export type ViewerRole = "anonymous" | UserRole;

/** The role of the person behind the request ("anonymous" without a session: no query then). */
export async function getViewerRole(request: Request, context: AppLoadContext): Promise<ViewerRole> {
  return (await getSessionUser(request, context))?.role ?? "anonymous";
}
