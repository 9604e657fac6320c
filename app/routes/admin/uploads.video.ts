// POST /admin/uploads/video: the home page's video as a bare MP4 body (ADR 027), streamed into the
// database. Answers { url } or { error } with an i18n key of the admin-settings namespace.
import { data } from "react-router";
import { staffOnly } from "~/auth/staff-guard.server";
import { log } from "~/lib/log.server";
import { VIDEO_MAX_BYTES } from "~/lib/videos";
import { recordAuditEvent } from "~/models/audit-log.server";
import { storeUploadedVideo, VideoRejected } from "~/models/uploaded-video.server";
import type { Route } from "./+types/uploads.video";

// One video upload at a time per process: each holds a database connection and a transaction
// for as long as the file takes to arrive, and the school has one home video.
let uploading = false;

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/uploads/video");
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: Route.ActionArgs) {
  await staffOnly(args, "/admin/uploads/video");
  const { request, context } = args;
  if (request.method !== "POST")
    throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  if (Number(request.headers.get("content-length") ?? 0) > VIDEO_MAX_BYTES) {
    return data({ error: "video.upload.errors.tooLarge" }, { status: 413 });
  }
  if (uploading)
    return data({ error: "video.upload.errors.busy" }, { status: 429, headers: { "Retry-After": "60" } });
  uploading = true;
  try {
    const url = await storeUploadedVideo(context.db, request.body);
    log().info({ url }, "admin: video uploaded");
    // uploaded_videos has no audit trigger (ADR 014): its rows are bytes, not admin edits.
    await recordAuditEvent(context.db, { entity: "upload", entityId: url, action: "upload" });
    return { url };
  } catch (error) {
    if (error instanceof VideoRejected) {
      return data(
        { error: `video.upload.errors.${error.reason}` },
        { status: error.reason === "tooLarge" ? 413 : 400 },
      );
    }
    throw error;
  } finally {
    uploading = false;
  }
}
