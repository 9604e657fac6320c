// The home page's live blocks below the spec's: open courses as cards, the first featured
// testimonials and the three newest posts, all from the database. @exclusive: the test adds and
// closes a course and publishes the newest post, which every page with courses or posts shows.
import { randomBytes } from "node:crypto";
import { asc, desc, eq } from "drizzle-orm";
import { courses, posts, testimonials } from "~/db/schema";
import { createPosts, deletePosts } from "./blog-support";
import { change } from "./courses-changes";
import { expect, test } from "./fixtures";

test("@exclusive the home page shows the open courses, featured testimonials and the newest posts, live", async ({
  page,
  database,
  baseURL,
  expectAccessible,
}) => {
  test.setTimeout(60_000);
  const { db } = database;
  const title = `Tiếng Đức B1 cuối tuần ${randomBytes(3).toString("hex")}`;
  let courseId = "";
  let courseSlug = "";
  await change(database, baseURL!, "courses", async (tx) => {
    const [row] = await tx
      .insert(courses)
      .values({
        level: "B1",
        title,
        description: "Lớp cuối tuần",
        duration: "12 tuần",
        lessons: "24 buổi",
        price: 5_000_000,
        features: [],
        color: "purple",
      })
      .returning({ id: courses.id, slug: courses.slug });
    courseId = row!.id;
    courseSlug = row!.slug;
  });
  const [post] = await createPosts(database, [{ title: `Bài mới nhất ${randomBytes(3).toString("hex")}` }]);
  try {
    await page.goto("/");
    const main = page.getByRole("main");

    const open = await db.select({ title: courses.title }).from(courses).where(eq(courses.active, true));
    const courseList = main.getByRole("region", { name: "Các khóa học đang mở" });
    await expect(courseList.getByTestId("course-card")).toHaveCount(open.length);
    const card = courseList.getByRole("article", { name: title });
    await expect(card).toContainText("5.000.000");
    await expect(card.getByRole("link", { name: /^Chi tiết/ })).toHaveAttribute(
      "href",
      `/courses/${courseSlug}`,
    );
    await expect(courseList.getByRole("link", { name: "Xem tất cả khóa học" })).toHaveAttribute(
      "href",
      "/courses",
    );

    const featured = await db
      .select({ name: testimonials.name })
      .from(testimonials)
      .where(eq(testimonials.featured, true))
      .orderBy(asc(testimonials.order), asc(testimonials.createdAt), asc(testimonials.id));
    expect(featured.length).toBeGreaterThanOrEqual(2);
    const quotes = main
      .getByRole("region", { name: "Học viên nói gì về Lernhaus" })
      .getByTestId("testimonial");
    await expect(quotes).toHaveCount(Math.min(featured.length, 3));
    for (const [index, { name }] of featured.slice(0, 3).entries()) {
      await expect(quotes.nth(index)).toContainText(name);
    }

    const newest = await db
      .select({ title: posts.title })
      .from(posts)
      .where(eq(posts.published, true))
      .orderBy(desc(posts.createdAt), asc(posts.id))
      .limit(3);
    const postList = main.getByRole("region", { name: "Mới trên blog" });
    await expect(postList.getByRole("article")).toHaveCount(3);
    await expect(postList.getByRole("heading", { level: 3 })).toHaveText(newest.map((row) => row.title));
    await expect(postList.getByRole("link", { name: post!.title })).toHaveAttribute(
      "href",
      `/blog/${post!.slug}`,
    );
    await expectAccessible();

    // The admin closes the course: the open page drops its card without a reload.
    await change(database, baseURL!, "courses", (tx) =>
      tx.update(courses).set({ active: false }).where(eq(courses.id, courseId)),
    );
    await expect(card).toHaveCount(0);
    await expect(courseList.getByTestId("course-card")).toHaveCount(open.length - 1);
    // And a new visit (the anonymous page cache was emptied) has no card either.
    await page.reload();
    await expect(main.getByRole("article", { name: title })).toHaveCount(0);
  } finally {
    await change(database, baseURL!, "courses", (tx) => tx.delete(courses).where(eq(courses.id, courseId)));
    await deletePosts(database, post ? [post.id] : []);
  }
});
