// Posts for the blog's end-to-end tests, created straight in the server's database (STYLE.md §9).
import { randomBytes } from "node:crypto";
import { test } from "@playwright/test";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { posts } from "~/db/schema";
import { readTime, slugify } from "~/lib/blog-rules";
import { change } from "./courses-changes";

/** The server under test. A change is announced and awaited until the server has heard it: a
 * notification still on its way when a page opens would refresh that page mid-test. */
const serverUrl = () => test.info().project.use.baseURL as string;

type NewPost = typeof posts.$inferInsert;

/** Inserts posts (unique slugs) and announces the change, as an admin's save would. */
export async function createPosts(database: Database, rows: Partial<NewPost>[]) {
  const values = rows.map((row) => {
    const title = row.title ?? `Bài kiểm thử ${randomBytes(3).toString("hex")}`;
    const content = row.content ?? "Nội dung kiểm thử.";
    return {
      title,
      slug: `${slugify(title)}-${randomBytes(3).toString("hex")}`,
      excerpt: "Bài viết tạo cho kiểm thử tự động.",
      content,
      category: "tips",
      tags: ["kiểm thử"],
      published: true,
      author: "Kiểm Thử",
      readTime: readTime(content),
      ...row,
    } satisfies NewPost;
  });
  let created: { id: string; slug: string; title: string }[] = [];
  await change(database, serverUrl(), "posts", async (tx) => {
    created = await tx
      .insert(posts)
      .values(values)
      .returning({ id: posts.id, slug: posts.slug, title: posts.title });
  });
  return created;
}

export async function deletePosts(database: Database, ids: string[]) {
  if (ids.length === 0) return;
  await change(database, serverUrl(), "posts", (tx) => tx.delete(posts).where(inArray(posts.id, ids)));
}

/** The demo content's published posts (app/db/demo-content.ts), as the blog must show them. */
export const DEMO_PUBLISHED = 9;
export const DEMO_DRAFT_SLUG = "bon-cach-trong-tieng-duc-nominativ-akkusativ-dativ-va-genitiv";

/** The date the server's seed gave a demo post: the demo's dates count back from the day it was
 * seeded (app/db/demo-content.ts), so a test reads it rather than knowing it. */
export async function demoPostCreatedAt(database: Database, slug: string) {
  const [row] = await database.db
    .select({ createdAt: posts.createdAt })
    .from(posts)
    .where(eq(posts.slug, slug));
  if (!row) throw new Error(`no demo post ${slug}`);
  return row.createdAt;
}
