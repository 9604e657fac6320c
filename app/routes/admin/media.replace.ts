// POST /admin/media/replace: "Thay ảnh" in the media library (ADR 054). The file is stored as a
// new upload (new addresses: an upload's address is cached for a year as immutable), then every
// use of the old image is pointed at it in one transaction; the browser lands on the new image's
// dialog. A plain multipart form, so it works without JavaScript.
import { redirect } from "react-router";
import { staffOnly } from "~/auth/staff-guard.server";
import { dialogHref } from "~/lib/dialog-url";
import { log } from "~/lib/log.server";
import { replaceMediaImage } from "~/models/media.server";
import { storeUploadedImageWithId, UploadRejected } from "~/requests/uploads.server";
import type { Route } from "./+types/media.replace";

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/media/replace");
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: Route.ActionArgs) {
  await staffOnly(args, "/admin/media/replace");
  const { request, context } = args;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Response("Bad request", { status: 400 });
  }
  const id = form.get("id");
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id)) throw new Response("Bad id", { status: 400 });
  // The library's own query (search, page) to come back to; anything else is ignored.
  const back = String(form.get("back") ?? "");
  const search = back.startsWith("?") && !back.includes("//") ? back : "";
  const done = (params: Record<string, string>) => {
    const query = new URLSearchParams(search);
    for (const [key, value] of Object.entries(params)) query.set(key, value);
    return query;
  };
  let stored: { id: string; url: string };
  try {
    stored = await storeUploadedImageWithId(context.db, form.get("file") as File | null);
  } catch (error) {
    if (!(error instanceof UploadRejected)) throw error;
    throw redirect(`/admin/media${dialogHref(`?${done({ replace: error.reason })}`, { mode: "edit", id })}`);
  }
  const changed = await replaceMediaImage(context.db, id, stored.id);
  if (changed === undefined) throw redirect(`/admin/media?${done({ replace: "gone" })}`);
  log().info({ from: id, to: stored.url, changed }, "admin: image replaced everywhere");
  throw redirect(`/admin/media${dialogHref(`?${done({})}`, { mode: "edit", id: stored.id })}&done=saved`);
}
