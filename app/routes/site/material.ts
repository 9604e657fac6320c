// GET /materials/:id: a class's material, for the class's learners with a seat and the staff who
// may open the class (app/models/class-material.server.ts). A visitor who is not signed in is
// sent to sign in first; anyone else is told it does not exist (404), whether it does or not.
import { getSessionUser } from "~/auth/session.server";
import { contentDisposition, materialDelivery } from "~/lib/class-material";
import { readClassMaterial } from "~/models/class-material.server";
import { isUuid } from "~/schemas/course";
import type { Route } from "./+types/material";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getSessionUser(request, context);
  if (!viewer) {
    const url = new URL(request.url);
    return new Response(null, {
      status: 302,
      headers: {
        Location: `/login?redirectTo=${encodeURIComponent(url.pathname)}`,
        "Cache-Control": "no-store",
      },
    });
  }
  const material = isUuid(params.id) ? await readClassMaterial(context.db, viewer, params.id) : undefined;
  if (!material) throw new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (material.url) {
    return new Response(null, {
      status: 302,
      headers: { Location: material.url, "Cache-Control": "private, no-store" },
    });
  }
  const delivery = materialDelivery(material.contentType);
  return new Response(new Uint8Array(material.data!), {
    headers: {
      "Content-Type": delivery.contentType,
      "Content-Disposition": contentDisposition(delivery.disposition, material.fileName ?? "file"),
      "Content-Length": String(material.byteSize ?? material.data!.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
