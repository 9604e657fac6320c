import { isbot } from "isbot";
import { z } from "zod";
import { isStaffRole } from "~/lib/permissions";
import { postViewVisitor, recordPostView, viewDay } from "~/models/post-view.server";
import { getViewerRole } from "~/requests/viewer.server";
import type { Route } from "./+types/post-view";

const postIdSchema = z.uuid();

/** The article page posts here once it has loaded in a browser (one view per visitor per post
 * per day; a visitor is a client IP, ADR 013). Counting in the page's loader
 * would break the anonymous page cache (a cached page never runs its loader) and would count every crawler; a beacon after hydration
 * keeps article pages cacheable and skips most bots by itself. Always 204: a reader's page has
 * nothing to show for it. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const postId = postIdSchema.safeParse(params.postId);
  if (request.method !== "POST" || !postId.success) return new Response(null, { status: 204 });
  const userAgent = request.headers.get("User-Agent") ?? "";
  const role = await getViewerRole(request, context);
  const day = viewDay();
  const hash = postViewVisitor({ ip: context.clientIp, day, secret: context.config.authSecret });
  // No count for known bots or for the school's staff.
  await recordPostView(
    context.db,
    postId.data,
    { hash, day },
    { countable: !isbot(userAgent) && !isStaffRole(role) },
  );
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  throw new Response("Method Not Allowed", { status: 405 });
}
