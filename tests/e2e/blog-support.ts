// Posts for the blog's end-to-end tests, created straight in the server's database (STYLE.md §9).
import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Database } from "~/db/client.server";
import { posts } from "~/db/schema";
import { readTime, slugify } from "~/lib/blog-rules";

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
  const created = await database.db
    .insert(posts)
    .values(values)
    .returning({ id: posts.id, slug: posts.slug, title: posts.title });
  await notifyChange(database.db, "posts");
  return created;
}

export async function deletePosts(database: Database, ids: string[]) {
  if (ids.length === 0) return;
  await database.db.delete(posts).where(inArray(posts.id, ids));
  await notifyChange(database.db, "posts");
}

/** The demo content's published posts (app/db/demo-content.ts), as the blog must show them. */
export const DEMO_PUBLISHED = 9;
export const DEMO_DRAFT_SLUG = "bon-cach-trong-tieng-duc-nominativ-akkusativ-dativ-va-genitiv";
