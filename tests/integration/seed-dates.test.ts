// Issue 32: a new install looks alive. The seed dates the demo posts from the moment it runs,
// the newest on the home page and the blog written days before, not a year.
import { beforeAll, describe, expect, it } from "vitest";
import { datedDemoPosts } from "~/db/demo-content";
import { posts } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { listLatestPublishedPosts } from "~/models/post.server";
import { createTestDatabase } from "../support/test-database";

describe("the seeded demo posts", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const seededAt = new Date("2026-12-02T03:00:00Z");
  beforeAll(async () => {
    database = await createTestDatabase();
    expect(await seedDemoContent(database.db, seededAt)).toBe(true);
  });

  it("are dated as datedDemoPosts says for the moment of seeding, never changed since", async () => {
    const rows = await database.db
      .select({ slug: posts.slug, createdAt: posts.createdAt, updatedAt: posts.updatedAt })
      .from(posts);
    const expected = new Map(datedDemoPosts(seededAt).map((post) => [post.slug, post.createdAt]));
    expect(rows).toHaveLength(expected.size);
    for (const row of rows) {
      expect(row.createdAt, row.slug).toEqual(expected.get(row.slug));
      expect(row.updatedAt, row.slug).toEqual(row.createdAt);
    }
  });

  it("show the newest first, the first of them written within the last weeks", async () => {
    const latest = await listLatestPublishedPosts(database.db, 3, "vi", "all");
    expect(latest).toHaveLength(3);
    const days = latest.map((post) => (seededAt.getTime() - post.createdAt.getTime()) / 86_400_000);
    expect(days[0]).toBeGreaterThan(0);
    expect(days[0]).toBeLessThanOrEqual(21);
    expect(days).toEqual([...days].sort((a, b) => a - b));
  });
});
