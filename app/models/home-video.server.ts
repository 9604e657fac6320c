// The home page's video (Settings › Home page video): in the school settings row, a YouTube video
// id or the URL of an uploaded MP4 (ADR 027), "" for none.
import { eq } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { schoolSettings, uploadedVideos } from "~/db/schema";
import { isVideoUrl, videoNameOf } from "~/lib/videos";
import { deleteUploadedVideosExcept } from "./uploaded-video.server";

/** The stored value: a YouTube video id, an uploaded video's URL, or "" when the school has none
 * (read it with homeVideoOf). */
export async function getHomeVideo(db: Db): Promise<string> {
  const [row] = await db.select({ video: schoolSettings.homeVideo }).from(schoolSettings).limit(1);
  return row?.video ?? "";
}

/** Sets the video; false when it names an uploaded video that does not exist (a typed URL, or a
 * video another admin's save has just replaced). Uploaded videos other than the one set are
 * deleted: the home page is the only place a video is shown. Topic "settings": the home page
 * shows the video, so the anonymous page cache is emptied. */
export async function setHomeVideo(db: Db, video: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const uploaded = isVideoUrl(video) ? videoNameOf(video) : undefined;
    if (uploaded) {
      // Locked, so that a concurrent save choosing another video cannot delete this one meanwhile.
      const [exists] = await tx
        .select({ name: uploadedVideos.name })
        .from(uploadedVideos)
        .where(eq(uploadedVideos.name, uploaded))
        .for("update");
      if (!exists) return false;
    }
    await tx
      .insert(schoolSettings)
      .values({ id: 1, homeVideo: video })
      .onConflictDoUpdate({ target: schoolSettings.id, set: { homeVideo: video, updatedAt: new Date() } });
    await deleteUploadedVideosExcept(tx, uploaded);
    await notifyChange(tx, "settings");
    return true;
  });
}
