// The reads every visitor shares (ADR 064) on a real database and change bus: a signed-in
// learner's page shows what is kept until a write announces a change of what it shows; then the
// next page shows the change, in every language.
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChangeBus, notifyChange, startChangeBus } from "~/db/change-bus.server";
import { seedDemoContent } from "~/db/seed.server";
import { SharedReads } from "~/db/shared-reads.server";
import type { ChangeTopic } from "~/lib/change-topics";
import { handle as homeHandle, loader as homeLoader } from "~/routes/site/home";
import { handle as layoutHandle, loader as layoutLoader } from "~/routes/site/layout";
import { createTestDatabase } from "../support/test-database";

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

/** What a page of each shared read shows, as text. */
const pages = {
  layout: { topics: layoutHandle.liveTopics, loader: layoutLoader },
  home: { topics: homeHandle.liveTopics, loader: homeLoader },
};

/** For each topic the shared reads follow: a write of the kind that announces it, and the text
 * the page shows after it. Each write changes the rows without announcing anything; the test
 * announces it, as the models do in the write's transaction. */
const writes: Record<string, (db: Database, mark: string) => Promise<void>> = {
  contacts: (database, mark) =>
    database.pool.query("update contact_config set phone = $1", [mark]).then(() => undefined),
  settings: (database, mark) =>
    database.pool
      .query(
        "insert into school_settings (id, home_video) values (1, $1) on conflict (id) do update set home_video = $1",
        [mark],
      )
      .then(() => undefined),
  courses: (database, mark) =>
    database.pool
      .query("update courses set title = $1, translations = '{}'::jsonb where active", [mark])
      .then(() => undefined),
  testimonials: (database, mark) =>
    database.pool
      .query("update testimonials set content = $1, translations = '{}'::jsonb where featured", [mark])
      .then(() => undefined),
  posts: (database, mark) =>
    database.pool
      .query("update posts set title = $1, translations = translations - 'en' - 'de' where published", [mark])
      .then(() => undefined),
};

/** A mark each write can store and each page shows as it is: a YouTube id for the home video. */
const markFor = (topic: string, n: number) =>
  topic === "settings" ? `Zz${String(n).padStart(9, "0")}` : `changed ${topic} ${n}`;

describe("shared reads on a real change bus", () => {
  let database: Database;
  let bus: ChangeBus;
  let context: AppLoadContext;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoContent(database.db);
    bus = await startChangeBus(database.url);
    const sharedReads = new SharedReads();
    sharedReads.follow(bus);
    context = {
      db: database.db,
      config: { APP_URL: "https://lernhaus.test" },
      changeBus: bus,
      sharedReads,
    } as unknown as AppLoadContext;
  });
  afterAll(async () => {
    await bus.close();
  });

  /** A signed-in learner's request for the page (the reads do not depend on who asks). */
  const show = async (page: keyof typeof pages, language: string) => {
    const path = language === "vi" ? "/" : `/${language}`;
    const request = new Request(`https://lernhaus.test${path}`, {
      headers: { Cookie: "better-auth.session_token=learner" },
    });
    const answer = await pages[page].loader({ request, params: {}, context } as never);
    return JSON.stringify(answer);
  };

  let n = 0;
  for (const [page, { topics }] of Object.entries(pages) as [keyof typeof pages, (typeof pages)["home"]][]) {
    for (const topic of topics as readonly ChangeTopic[]) {
      it(`${page}: keeps its read until "${topic}" is announced, then shows the change in vi, en and de`, async () => {
        const write = writes[topic];
        expect(write, `a write for the topic "${topic}" the page follows`).toBeDefined();
        const mark = markFor(topic, ++n);
        for (const language of ["vi", "en", "de"]) await show(page, language); // kept now
        await write!(database, mark);
        for (const language of ["vi", "en", "de"]) {
          expect(await show(page, language), `${language}, before the announcement`).not.toContain(mark);
        }
        await notifyChange(database.db, topic);
        for (const language of ["vi", "en", "de"]) {
          await expect.poll(() => show(page, language), { timeout: 5_000, interval: 20 }).toContain(mark);
        }
      });
    }
  }

  it("leaves a read alone on a change of something it does not show", async () => {
    const layoutBefore = await show("layout", "vi");
    await show("home", "vi");
    const mark = markFor("posts", ++n);
    await writes.contacts!(database, `${mark} phone`); // not announced
    await writes.posts!(database, mark);
    await notifyChange(database.db, "posts", "courses", "enrollments");
    // Announcements arrive in order: once the home page shows the post, all three have arrived.
    await expect.poll(() => show("home", "vi"), { timeout: 5_000, interval: 20 }).toContain(mark);
    expect(await show("layout", "vi")).toBe(layoutBefore);
  });
});
