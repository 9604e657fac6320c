import type { AppLoadContext } from "react-router";
import { actorScopedDb, unscopedDb } from "~/db/audit-actor.server";
import { type AdminPath, adminAccess, can, type Permission, type RouteAccess } from "~/lib/permissions";
import { unknownIntent } from "~/requests/admin-action.server";
import { refuse, requireStaff, type StaffUser } from "./session.server";

type Args = { request: Request; context: AppLoadContext };

/** The guard every admin loader and action calls itself (STYLE.md §6: a parent loader does not
 * protect a child action), asking the permission table (app/lib/permissions.ts) for the route:
 * a loader needs one of the route's `view` permissions, an action without an intent its `post`
 * permission. Without it a page sends the person to their own start page and a mutation is
 * refused with 403. Without `path` (the panel's layout) any member of staff may enter.
 *
 * Admin pages leave errors to the layout's ErrorBoundary: a child boundary would re-run the
 * layout loader as a GET, turning a refused POST's 403 into a redirect.
 *
 * For a mutation it also swaps the request's database handle for one scoped to this person, so
 * whatever the action writes is recorded in the audit log with who, from where (ADR 014) — an
 * action cannot forget to log. Reads (GET) keep the shared handle: they write nothing. */
export async function staffOnly(args: Args, path?: AdminPath): Promise<StaffUser> {
  const staff = await requireStaff(args.request, args.context);
  const access: RouteAccess | undefined = path ? adminAccess[path] : undefined;
  if (isRead(args.request)) {
    if (access && !access.view.some((permission) => can(staff.role, permission))) refuse(args.request, staff);
    return staff;
  }
  if (access && !(access.post && can(staff.role, access.post))) refuse(args.request, staff);
  scopeToActor(args, staff);
  return staff;
}

/** An admin form's action: the person may use at least one of the route's intents before its body
 * is read, and the one posted once it is. An intent the table does not list is a 400. */
export async function staffForm(args: Args, path: AdminPath) {
  const staff = await requireStaff(args.request, args.context);
  const intents: Readonly<Record<string, Permission>> = (adminAccess[path] as RouteAccess).intents ?? {};
  if (!Object.values(intents).some((permission) => can(staff.role, permission))) refuse(args.request, staff);
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(intents, intent)) unknownIntent();
  if (!can(staff.role, intents[intent] as Permission)) refuse(args.request, staff);
  scopeToActor(args, staff);
  return { staff, formData, intent };
}

function isRead(request: Request) {
  return request.method === "GET" || request.method === "HEAD";
}

function scopeToActor({ context }: Args, staff: StaffUser) {
  const actor = { id: staff.id, email: staff.email, ip: context.clientIp };
  context.db = actorScopedDb(unscopedDb(context.db), actor);
}
