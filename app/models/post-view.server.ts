// Post views (spec §9's popular list): one per visitor per day, without keeping who.
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { posts } from "~/db/schema";
import { POPULAR_LIMIT } from "~/lib/blog-rules";
import { calendarDayInVietnam } from "~/lib/format";
import { isPublished, popularOrder } from "./post-query.server";

/** The calendar day in Vietnam (the school's day), YYYY-MM-DD: views count once per day. */
export function viewDay(now = new Date()): string {
  return calendarDayInVietnam(now);
}

/** Who viewed, without keeping who: a keyed SHA-256 (HMAC) of the client IP and the day. The raw
 * IP is never stored, and the day in the hash means a visitor cannot be followed from one day to
 * the next. Nothing the client chooses is in it (with the User-Agent in the hash,
 * every new User-Agent string counted again; a visitor cookie would be the same, since a client
 * that drops it gets a fresh one). People sharing one IP count once a day (ADR 013). */
export function postViewVisitor(input: { ip: string; day: string; secret: string }) {
  return createHmac("sha256", input.secret).update(`post-view\n${input.day}\n${input.ip}`).digest("hex");
}

async function popularPostIds(db: Pick<Db, "select">) {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(isPublished)
    .orderBy(...popularOrder)
    .limit(POPULAR_LIMIT);
  return rows.map((row) => row.id).join(",");
}

/** Counts one view of a published post per visitor per day. `countable` is false for
 * bots and admins: nothing is recorded then. Returns whether the view was counted.
 *
 * A view changes no page but the popular list: announcing every view would empty the page
 * cache and reload every open blog page on each read, so the "posts" topic is announced only
 * when the popular list (its posts or their order) changed. */
export async function recordPostView(
  db: Db,
  postId: string,
  visitor: { hash: string; day: string },
  { countable }: { countable: boolean },
): Promise<boolean> {
  if (!countable) return false;
  return db.transaction(async (tx) => {
    const before = await popularPostIds(tx);
    const { rows } = await tx.execute<{ views: number }>(sql`
      with inserted as (
        insert into post_views (post_id, visitor, day)
        select ${posts.id}, ${visitor.hash}, ${visitor.day} from ${posts}
        where ${posts.id} = ${postId} and ${isPublished}
        on conflict do nothing
        returning post_id
      )
      update ${posts} set views = views + 1
      where ${posts.id} in (select post_id from inserted)
      returning views`);
    if (rows.length === 0) return false;
    if ((await popularPostIds(tx)) !== before) await notifyChange(tx, "posts");
    return true;
  });
}
