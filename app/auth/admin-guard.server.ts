import type { AppLoadContext } from "react-router";
import { actorScopedDb, unscopedDb } from "~/db/audit-actor.server";
import { requireAdmin } from "./session.server";

/** The guard every admin loader and action calls itself (STYLE.md §6: a parent loader does not
 * protect a child action). Admin pages leave errors to the layout's ErrorBoundary: a child
 * boundary would re-run the layout loader as a GET, turning a refused POST's 403 into a redirect.
 *
 * For a mutation it also swaps the request's database handle for one scoped to this admin, so
 * whatever the action writes is recorded in the audit log with who, from where (ADR 014) — an action cannot forget to log. Reads (GET) keep the shared handle: they write
 * nothing. */
export async function adminOnly({ request, context }: { request: Request; context: AppLoadContext }) {
  const admin = await requireAdmin(request, context);
  if (request.method !== "GET" && request.method !== "HEAD") {
    const actor = { id: admin.id, email: admin.email, ip: context.clientIp };
    context.db = actorScopedDb(unscopedDb(context.db), actor);
  }
  return admin;
}
