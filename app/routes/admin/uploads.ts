// POST /admin/uploads: one image from an admin form's file picker (ADR 010). Answers
// { url } or { error } with an i18n key of the admin namespace.
import { data } from "react-router";
import { staffOnly } from "~/auth/staff-guard.server";
import { log } from "~/lib/log.server";
import { UPLOAD_MAX_BYTES } from "~/lib/uploads";
import { recordAuditEvent } from "~/models/audit-log.server";
import { storeUploadedImage, UploadRejected } from "~/requests/uploads.server";
import type { Route } from "./+types/uploads";

// The multipart envelope around a 5 MB file is a few hundred bytes; anything far larger is
// refused before it is read.
const MAX_BODY_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/uploads");
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: Route.ActionArgs) {
  await staffOnly(args, "/admin/uploads");
  const { request, context } = args;
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) return data({ error: "upload.errors.tooLarge" }, { status: 413 });
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("file");
  } catch {
    return data({ error: "upload.errors.missing" }, { status: 400 });
  }
  try {
    const url = await storeUploadedImage(context.db, file as File | null);
    log().info({ url }, "admin: image uploaded");
    // uploaded_images has no audit trigger (ADR 014): its rows are bytes, not admin edits.
    await recordAuditEvent(context.db, { entity: "upload", entityId: url, action: "upload" });
    return { url };
  } catch (error) {
    if (error instanceof UploadRejected) {
      return data(
        { error: `upload.errors.${error.reason}` },
        { status: error.reason === "tooLarge" ? 413 : 400 },
      );
    }
    throw error;
  }
}
