import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactConfig, courses, posts, teamMembers, testimonials } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { createTestDatabase } from "../support/test-database";

describe("demo content", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });

  it("fills an empty database with the spec's courses, posts and school details", async () => {
    expect(await seedDemoContent(database.db)).toBe(true);
    const rows = await database.db
      .select({ level: courses.level, price: courses.price, active: courses.active })
      .from(courses)
      .orderBy(courses.level);
    // spec §5/§9: A1 2.500.000, A2 3.000.000, B1 3.500.000, B2 4.000.000 VNĐ
    expect(rows).toEqual([
      { level: "A1", price: 2_500_000, active: true },
      { level: "A2", price: 3_000_000, active: true },
      { level: "B1", price: 3_500_000, active: true },
      { level: "B2", price: 4_000_000, active: true },
    ]);
    const published = await database.db
      .select({ category: posts.category, featured: posts.featured })
      .from(posts)
      .where(eq(posts.published, true));
    expect(published.length).toBeGreaterThanOrEqual(8);
    expect(new Set(published.map((p) => p.category)).size).toBeGreaterThanOrEqual(6);
    expect(published.filter((p) => p.featured).length).toBeLessThanOrEqual(2);
    const [team] = await database.db.select({ n: count() }).from(teamMembers);
    expect(team?.n).toBeGreaterThanOrEqual(3);
    const [featured] = await database.db
      .select({ n: count() })
      .from(testimonials)
      .where(eq(testimonials.featured, true));
    expect(featured?.n).toBeGreaterThanOrEqual(1);
    const [contact] = await database.db.select().from(contactConfig);
    expect(contact?.email).toMatch(/@/);
    expect(contact?.address).not.toBe("");
  });

  it("never seeds a database that already has content, so deleted demo rows stay deleted", async () => {
    await database.db.delete(courses);
    expect(await seedDemoContent(database.db)).toBe(false);
    const [left] = await database.db.select({ n: count() }).from(courses);
    expect(left?.n).toBe(0);
  });

  it("keeps each post's slug unique", async () => {
    const [post] = await database.db.select({ slug: posts.slug }).from(posts).limit(1);
    await expect(
      database.db.insert(posts).values({
        title: "Copy",
        slug: post!.slug,
        excerpt: "x",
        content: "x",
        category: "tips",
        author: "x",
      }),
    ).rejects.toThrow();
  });
});
