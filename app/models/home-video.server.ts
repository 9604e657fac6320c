// The home page's video (Settings › Home page video): a YouTube video id in the school settings
// row, "" for none.
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { schoolSettings } from "~/db/schema";

/** The stored YouTube video id, or "" when the school has none. */
export async function getHomeVideo(db: Db): Promise<string> {
  const [row] = await db.select({ video: schoolSettings.homeVideo }).from(schoolSettings).limit(1);
  return row?.video ?? "";
}

/** Topic "settings": the home page shows the video, so the anonymous page cache is emptied. */
export async function setHomeVideo(db: Db, video: string) {
  await db.transaction(async (tx) => {
    await tx
      .insert(schoolSettings)
      .values({ id: 1, homeVideo: video })
      .onConflictDoUpdate({ target: schoolSettings.id, set: { homeVideo: video, updatedAt: new Date() } });
    await notifyChange(tx, "settings");
  });
}
