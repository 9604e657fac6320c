// Helpers of the media library's end-to-end spec (media-library.spec.ts): pictures to upload, a
// team member of the test's own, waiting until the server has heard a change, and removing the
// images the test stored.
import { eq, inArray, like, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "~/db/client.server";
import { mediaImages, teamMembers, uploadedImages } from "~/db/schema";
import type { ChangeTopic } from "~/lib/change-topics";
import { change } from "./courses-changes";

/** A plain PNG of one colour, as a phone's photo would be uploaded. */
export function picture(background: string) {
  return sharp({ create: { width: 1000, height: 600, channels: 3, background } })
    .png()
    .toBuffer();
}

/** An active team member of the test's own, last on /about. */
export async function createTeamMember(database: Database, baseURL: string, name: string) {
  let id = "";
  await change(database, baseURL, "team", async (tx) => {
    const [row] = await tx
      .insert(teamMembers)
      .values({ name, role: "Giáo viên kiểm thử", experience: "3 năm", order: 99 })
      .returning({ id: teamMembers.id });
    id = row!.id;
  });
  return id;
}

export async function deleteTeamMember(database: Database, baseURL: string, id: string) {
  await change(database, baseURL, "team", (tx) => tx.delete(teamMembers).where(eq(teamMembers.id, id)));
}

/** The library's rows of the images whose original file name starts with `prefix`. */
export function mediaRows(database: Database, prefix: string) {
  return database.db
    .select({ id: mediaImages.id, key: mediaImages.key, unreferencedSince: mediaImages.unreferencedSince })
    .from(mediaImages)
    .where(like(mediaImages.originalName, `${prefix}%`));
}

/** As if the image had not been used since `since` (the clean-up's clock, without waiting). */
export async function markUnusedSince(database: Database, key: string, since: Date) {
  await database.db.update(mediaImages).set({ unreferencedSince: since }).where(eq(mediaImages.key, key));
}

/** How many stored widths an image has left. */
export async function storedWidths(database: Database, key: string) {
  const rows = await database.db
    .select({ name: uploadedImages.name })
    .from(uploadedImages)
    .where(sql`left(${uploadedImages.name}, 32) = ${key}`);
  return rows.length;
}

/** Removes the test's images (their widths and library rows), whatever the test left. */
export async function removeMediaImages(database: Database, prefix: string) {
  const rows = await mediaRows(database, prefix);
  if (rows.length === 0) return;
  await database.db.transaction(async (tx) => {
    await tx.delete(uploadedImages).where(
      inArray(
        sql`left(${uploadedImages.name}, 32)`,
        rows.map((row) => row.key),
      ),
    );
    await tx.delete(mediaImages).where(
      inArray(
        mediaImages.id,
        rows.map((row) => row.id),
      ),
    );
  });
}

/** Runs `action` (an admin's save in the browser) and returns once the server has announced each
 * of `topics` on its event stream: it empties its anonymous page cache before that, so a public
 * page fetched afterwards is rendered afresh, not served as it was before the change. */
export async function afterChange(baseURL: string, topics: ChangeTopic[], action: () => Promise<unknown>) {
  const controller = new AbortController();
  const response = await fetch(`${baseURL}/api/events`, { signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`/api/events answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let received = "";
  try {
    await action();
    const timeout = setTimeout(() => controller.abort(), 10_000);
    try {
      for (const topic of topics) {
        while (!received.includes(`data: ${topic}\n`)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`event stream ended before "${topic}"`);
          received += value;
        }
      }
    } finally {
      clearTimeout(timeout);
    }
  } finally {
    controller.abort();
  }
}
