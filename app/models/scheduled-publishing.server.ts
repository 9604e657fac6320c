// Scheduled publishing (ADR 053, ADR 057): once a minute one process across all instances
// (claimJobRun, ADR 021) finishes the publication of the posts and the opening of the courses
// whose time has come — they are already public by isPublished and isCourseOpen, but the cached
// pages, open pages and the post's date learn it here — and sends the newsletter of each post the
// admin asked it for, through the newsletter's once-only campaign (ADR 029/038).
import { and, eq, isNull, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { courses, posts } from "~/db/schema";
import { log } from "~/lib/log.server";
import { sendPostToSubscribers } from "./newsletter-campaign.server";
import { isPublished } from "./post-query.server";
import { claimJobRun } from "./scheduled-job.server";

/** A scheduled post shows within about a minute everywhere (pages served from the cache
 * included); the processes ask once a minute, so a shorter period would not run more often. */
export const SCHEDULED_PUBLISHING_PERIOD_SECONDS = 55;

/** Ends the schedule of every post whose time has come, in one statement: a row's lock lets one
 * caller take it, so however many run at once each post is published once. Its date becomes the
 * publish time (the blog is in date order; a post written last week and published today is
 * today's). Returns the ids published. */
export async function publishDuePosts(db: Db) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      update ${posts} set created_at = publish_at, updated_at = now(), publish_at = null
      where published and publish_at is not null and publish_at <= now()
      returning id`);
    // Cached pages and open pages show the post now: its time passed while nothing else changed.
    if (rows.length > 0) await notifyChange(tx, "posts");
    return rows.map((row) => row.id);
  });
}

/** Ends the wait of every course whose opening time has come (ADR 057), in one statement (its
 * row locks make it once-only), and tells the pages. Its `updated_at` moves: the sitemap's date of
 * the course and the courses page is its opening. Returns the ids opened. */
export async function openDueCourses(db: Db) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      update ${courses} set updated_at = now(), publish_at = null
      where active and publish_at is not null and publish_at <= now()
      returning id`);
    if (rows.length > 0) await notifyChange(tx, "courses");
    return rows.map((row) => row.id);
  });
}

/** Sends the newsletter of each public post the admin asked to send when published. The flag is
 * cleared only after the campaign was written (or refused for good), so a process that dies in
 * between leaves it for the next run; the campaign's unique post_id makes a second send
 * "already-sent", never a second mail. Returns the number of campaigns sent. */
export async function sendDueNewsletters(db: Db, options: { appUrl: string; mailsPerMinute: number }) {
  const due = await db
    .select({ id: posts.id, scheduledById: posts.scheduledById })
    .from(posts)
    .where(and(eq(posts.newsletterOnPublish, true), isPublished, isNull(posts.publishAt)));
  let sent = 0;
  for (const post of due) {
    const result = await sendPostToSubscribers(db, {
      postId: post.id,
      sentById: post.scheduledById,
      appUrl: options.appUrl,
      mailsPerMinute: options.mailsPerMinute,
    });
    if (result.ok) {
      sent += 1;
      log().info({ post: post.id, recipients: result.recipients }, "scheduled publishing: newsletter sent");
    } else {
      // Nobody subscribed, sent by hand already, or gone: nothing is left to do for this post.
      log().info({ post: post.id, reason: result.reason }, "scheduled publishing: newsletter not sent");
    }
    if (result.ok || result.reason !== "not-published") {
      await db.update(posts).set({ newsletterOnPublish: false }).where(eq(posts.id, post.id));
    }
  }
  return sent;
}

/** This minute's run, when it is this process's turn: null when another process has it. */
export async function runScheduledPublishing(
  db: Db,
  options: { appUrl: string; mailsPerMinute: number; periodSeconds?: number },
) {
  if (
    !(await claimJobRun(
      db,
      "scheduled-publishing",
      options.periodSeconds ?? SCHEDULED_PUBLISHING_PERIOD_SECONDS,
    ))
  ) {
    return null;
  }
  const published = await publishDuePosts(db);
  if (published.length > 0) log().info({ posts: published }, "scheduled publishing: posts published");
  const opened = await openDueCourses(db);
  if (opened.length > 0) log().info({ courses: opened }, "scheduled publishing: courses opened");
  const newsletters = await sendDueNewsletters(db, options);
  return { published: published.length, opened: opened.length, newsletters };
}
