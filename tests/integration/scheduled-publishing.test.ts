// Scheduled publishing (ADR 053) through the real /admin/posts route: a post scheduled in the
// editor is unseen by every public read until its time (lists, the post page, feeds, the
// sitemap, view counts, the overview), public from that moment, and published by the scheduled
// job once across instances — its newsletter campaign written once even when two instances run
// the job at the same moment. Only staff who may edit posts may schedule.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ChangeBus, startChangeBus } from "~/db/change-bus.server";
import { connectDatabase } from "~/db/client.server";
import { emailOutbox, newsletterCampaigns, newsletterSubscribers, posts, requestLimits } from "~/db/schema";
import type { ChangeTopic } from "~/lib/change-topics";
import { vietnamDateTimeInput } from "~/lib/post-schedule";
import { getOverview } from "~/models/overview.server";
import {
  getPublishedPostBySlug,
  listLatestPublishedPosts,
  listPublishedPostSlugs,
  listPublishedPosts,
} from "~/models/post.server";
import { listPostsForAdmin } from "~/models/post-admin.server";
import { recordPostView } from "~/models/post-view.server";
import {
  publishDuePosts,
  runScheduledPublishing,
  sendDueNewsletters,
} from "~/models/scheduled-publishing.server";
import { listSitemapEntries } from "~/models/sitemap.server";
import { action as postsAction } from "~/routes/admin/posts";
import { createSessionFixture } from "../support/admin-session";
import { bodyOf } from "../support/rich-text";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "https://lernhaus.test";
const sending = { appUrl: APP_URL, mailsPerMinute: 6000 };
const HOUR = 60 * 60 * 1000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let fixture: ReturnType<typeof createSessionFixture>;
let editorCookie: string;
let consultantCookie: string;
let bus: ChangeBus;
const topics: ChangeTopic[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = createSessionFixture(database.db, APP_URL);
  editorCookie = await fixture.cookieFor("bien.tap@lernhaus.test", "Biên Tập", "editor");
  consultantCookie = await fixture.cookieFor("tu.van@lernhaus.test", "Tư Vấn", "consultant");
  bus = await startChangeBus(database.url);
  bus.subscribe((topic) => topics.push(topic));
});
afterAll(async () => {
  await bus.close();
});
beforeEach(async () => {
  await database.db.delete(emailOutbox);
  await database.db.delete(newsletterCampaigns);
  await database.db.delete(newsletterSubscribers);
  await database.db.delete(posts);
  await database.db.delete(requestLimits);
  topics.length = 0;
});

let serial = 0;
function saveFields(overrides: Record<string, string> = {}) {
  serial++;
  return {
    intent: "save",
    title: `Lịch học mùa hè ${serial}`,
    slug: `lich-hoc-mua-he-${serial}`,
    category: "tips",
    excerpt: "Các lớp mùa hè.",
    content: bodyOf("Nội dung bài viết."),
    ...overrides,
  };
}

function postAction(fields: Record<string, string>, cookie = editorCookie) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  const request = new Request(`${APP_URL}/admin/posts`, {
    method: "POST",
    headers: { cookie, origin: APP_URL },
    body,
  });
  return postsAction({ request, context: fixture.context, params: {} } as never).catch(
    (thrown: unknown) => thrown,
  );
}

const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;
const errorsOf = (result: unknown) => (result as { data?: { error?: Record<string, string[]> } }).data?.error;

async function scheduledPost(fields: Record<string, string>) {
  const result = await postAction(saveFields(fields));
  expect(errorsOf(result)).toBeUndefined();
  const [row] = await database.db
    .select()
    .from(posts)
    .where(eq(posts.title, `Lịch học mùa hè ${serial}`));
  return row!;
}

/** What every public read shows of `slug`. */
async function publicReads(slug: string) {
  const [page, list, feed, slugs, sitemap] = await Promise.all([
    getPublishedPostBySlug(database.db, slug),
    listPublishedPosts(database.db, { q: "", category: "all", page: 1 }),
    listLatestPublishedPosts(database.db, 20, "vi"),
    listPublishedPostSlugs(database.db),
    listSitemapEntries(database.db),
  ]);
  return {
    page: page !== undefined,
    list: list.posts.some((post) => post.slug === slug),
    feed: feed.some((post) => post.slug === slug),
    slugs: slugs.some((post) => post.slug === slug),
    sitemap: sitemap.some((entry) => entry.path === `/blog/${slug}`),
  };
}
const nowhere = { page: false, list: false, feed: false, slugs: false, sitemap: false };
const everywhere = { page: true, list: true, feed: true, slugs: true, sitemap: true };

/** Moves a post's publish time into the past, as if the clock had reached it. */
async function timeComes(id: string) {
  await database.db.execute(sql`update posts set publish_at = now() - interval '1 second' where id = ${id}`);
}

async function addSubscribers(count: number) {
  await database.db.insert(newsletterSubscribers).values(
    Array.from({ length: count }, (_, i) => ({
      email: `sub${i}@example.com`,
      token: `token-sub-${i}-0123456789abcdef`,
      status: "confirmed",
      language: "vi",
      confirmedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    })),
  );
}

describe("scheduled publishing", () => {
  it("keeps a scheduled post from every public read until its time, then the job publishes it", async () => {
    const at = new Date(Date.now() + 3 * HOUR);
    const post = await scheduledPost({ publishAt: vietnamDateTimeInput(at) });
    // A time, whatever the "published" box: published at that time.
    expect(post.published).toBe(true);
    expect(post.publishAt?.getTime()).toBe(Math.floor(at.getTime() / 60_000) * 60_000);
    expect(await publicReads(post.slug)).toEqual(nowhere);
    expect(
      await recordPostView(database.db, post.id, { hash: "v", day: "2026-01-01" }, { countable: true }),
    ).toBe(false);
    const overview = await getOverview(database.db);
    expect(overview.publishedPosts).toBe(0);
    const admin = await listPostsForAdmin(database.db, {
      q: "",
      category: "all",
      status: "scheduled",
      page: 1,
    });
    expect(admin.posts.map((row) => [row.id, row.state])).toEqual([[post.id, "scheduled"]]);

    // The job before the time changes nothing.
    expect(await runScheduledPublishing(database.db, { ...sending, periodSeconds: 0 })).toEqual({
      published: 0,
      opened: 0,
      newsletters: 0,
    });

    // Its time has come: public at once, even before the job has run.
    await timeComes(post.id);
    const [due] = await database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(await publicReads(post.slug)).toEqual(everywhere);
    topics.length = 0;
    expect(await runScheduledPublishing(database.db, { ...sending, periodSeconds: 0 })).toEqual({
      published: 1,
      opened: 0,
      newsletters: 0,
    });
    // Cached and open pages are told; the post is dated when it went public.
    await expect.poll(() => topics.includes("posts"), { timeout: 5_000 }).toBe(true);
    const [after] = await database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(after!.publishAt).toBeNull();
    expect(after!.createdAt).toEqual(due!.publishAt);
    expect(await publicReads(post.slug)).toEqual(everywhere);
  });

  it("refuses a time in the past or no time at all, and unschedules into a draft", async () => {
    const past = await postAction(
      saveFields({ publishAt: vietnamDateTimeInput(new Date(Date.now() - HOUR)) }),
    );
    expect(errorsOf(past)?.publishAt).toEqual(["admin-posts:validation.publishAtPast"]);
    const nonsense = await postAction(saveFields({ publishAt: "2026-02-30T10:00" }));
    expect(errorsOf(nonsense)?.publishAt).toEqual(["admin-posts:validation.publishAt"]);

    const post = await scheduledPost({
      publishAt: vietnamDateTimeInput(new Date(Date.now() + HOUR)),
      newsletterOnPublish: "on",
    });
    expect(post.newsletterOnPublish).toBe(true);
    // The list's switch: off is "unschedule", a draft that forgot its newsletter.
    await postAction({ intent: "toggle-published", id: post.id, published: "false" });
    const [draft] = await database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(draft).toMatchObject({ published: false, publishAt: null, newsletterOnPublish: false });
    expect(await publicReads(post.slug)).toEqual(nowhere);
  });

  it("lets only the staff who edit posts schedule them", async () => {
    const refused = await postAction(
      saveFields({ publishAt: vietnamDateTimeInput(new Date(Date.now() + HOUR)) }),
      consultantCookie,
    );
    expect(statusOf(refused)).toBe(403);
    expect(await database.db.select().from(posts)).toEqual([]);
  });

  it("publishes once and sends one newsletter campaign when two instances run the job at once", async () => {
    await addSubscribers(3);
    const post = await scheduledPost({
      publishAt: vietnamDateTimeInput(new Date(Date.now() + HOUR)),
      newsletterOnPublish: "on",
    });
    // Not yet: the job sends nothing before the time.
    expect(await sendDueNewsletters(database.db, sending)).toBe(0);
    await timeComes(post.id);

    const other = connectDatabase(database.url, { max: 2 });
    try {
      // Two instances asking in the same minute: one of them runs it.
      const runs = await Promise.all([
        runScheduledPublishing(database.db, sending),
        runScheduledPublishing(other.db, sending),
      ]);
      expect(runs.filter((run) => run !== null)).toEqual([{ published: 1, opened: 0, newsletters: 1 }]);

      // Even without the claim (a run overlapping the next period), each step is once only.
      await database.db.execute(
        sql`update posts set publish_at = now() - interval '1 second', newsletter_on_publish = true where id = ${post.id}`,
      );
      const published = await Promise.all([publishDuePosts(database.db), publishDuePosts(other.db)]);
      expect(published.flat()).toEqual([post.id]);
      const sent = await Promise.all([
        sendDueNewsletters(database.db, sending),
        sendDueNewsletters(other.db, sending),
      ]);
      expect(sent[0]! + sent[1]!).toBe(0);
    } finally {
      await other.close();
    }
    const campaigns = await database.db.select().from(newsletterCampaigns);
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]).toMatchObject({ postId: post.id, recipientCount: 3 });
    // The campaign is the scheduler's.
    expect(campaigns[0]!.sentById).toBe(post.scheduledById);
    expect(post.scheduledById).not.toBeNull();
    expect(await database.db.select().from(emailOutbox)).toHaveLength(3);
    const [after] = await database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(after).toMatchObject({ publishAt: null, newsletterOnPublish: false });
  });

  it("sends the newsletter of a scheduled post published early by hand, once", async () => {
    await addSubscribers(1);
    const post = await scheduledPost({
      publishAt: vietnamDateTimeInput(new Date(Date.now() + HOUR)),
      newsletterOnPublish: "on",
    });
    await postAction({ intent: "toggle-published", id: post.id, published: "true" });
    expect(await publicReads(post.slug)).toEqual(everywhere);
    expect(await sendDueNewsletters(database.db, sending)).toBe(1);
    expect(await sendDueNewsletters(database.db, sending)).toBe(0);
    expect(await database.db.select().from(newsletterCampaigns)).toHaveLength(1);
  });
});
