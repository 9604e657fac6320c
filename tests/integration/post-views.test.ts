// POST /api/posts/:postId/views through its real route handler (ADR 013): a view counts once
// per visitor per post per day, and a visitor is not a User-Agent string — changing it used to
// count the same reader again and again.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { posts } from "~/db/schema";
import { action } from "~/routes/api/post-view";
import { createTestDatabase } from "../support/test-database";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = parseConfig({ DATA_DIR: "/nonexistent" });
  context = { db: database.db, config: { ...config, authSecret: "s".repeat(32) } } as AppLoadContext;
});

let counter = 0;
async function publishedPost(): Promise<string> {
  counter++;
  const [row] = await database.db
    .insert(posts)
    .values({
      title: `Bài ${counter}`,
      slug: `bai-${counter}`,
      excerpt: "Tóm tắt.",
      content: "Nội dung.",
      category: "tips",
      tags: [],
      published: true,
      author: "Nguyễn Thị Thu Hà",
      readTime: 1,
    })
    .returning({ id: posts.id });
  return row!.id;
}

function view(postId: string, ip: string, userAgent: string) {
  const request = new Request(`http://localhost/api/posts/${postId}/views`, {
    method: "POST",
    headers: { "User-Agent": userAgent },
  });
  return action({
    request,
    context: { ...context, clientIp: ip },
    params: { postId },
  } as unknown as Parameters<typeof action>[0]);
}

const viewsOf = async (id: string) =>
  Number(
    (await database.db.execute<{ views: number }>(sql`select views from posts where id = ${id}`)).rows[0]!
      .views,
  );

const browsers = [
  "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0 Mobile Safari/537.36",
];

describe("POST /api/posts/:postId/views", () => {
  it("counts one view per IP per day, whatever User-Agent each request sends", async () => {
    const postId = await publishedPost();
    for (const userAgent of browsers)
      expect((await view(postId, "198.51.100.7", userAgent)).status).toBe(204);
    expect(await viewsOf(postId)).toBe(1);
  });

  it("counts each of two posts viewed from one IP with different User-Agents once", async () => {
    const [first, second] = [await publishedPost(), await publishedPost()];
    for (const userAgent of browsers) {
      await view(first, "198.51.100.8", userAgent);
      await view(second, "198.51.100.8", `${userAgent} extra/${counter}`);
    }
    expect([await viewsOf(first), await viewsOf(second)]).toEqual([1, 1]);
  });

  it("counts another IP as another visitor, and never a bot", async () => {
    const postId = await publishedPost();
    await view(postId, "198.51.100.9", browsers[0]!);
    await view(postId, "198.51.100.10", browsers[0]!);
    await view(postId, "198.51.100.11", "Googlebot/2.1 (+http://www.google.com/bot.html)");
    expect(await viewsOf(postId)).toBe(2);
  });
});
