// What the sitemap lists: every public page with the time its content last changed,
// each active course, the class schedule and each published post. Read-only, across entities.
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { listPublishedPostSlugs } from "./post.server";

/** A timestamp as the driver returns it from raw SQL. */
type Stamp = string | Date | null;

export interface SitemapEntry {
  path: string;
  lastmod: Date;
}

/** The newest change of the content each page shows; a page without data takes the newest
 * change anywhere. */
export async function listSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [{ rows: times }, { rows: courseRows }, posts] = await Promise.all([
    db.execute<{ courses: Stamp; classes: Stamp; about: Stamp; contact: Stamp; blog: Stamp }>(sql`
      select
        (select max(updated_at) from courses where active) as courses,
        (select max(updated_at) from course_classes) as classes,
        greatest(
          (select max(updated_at) from about_info), (select max(updated_at) from stats),
          (select max(updated_at) from team_members), (select max(updated_at) from core_values),
          (select max(updated_at) from milestones), (select max(updated_at) from testimonials)
        ) as about,
        (select max(updated_at) from contact_config) as contact,
        (select max(updated_at) from posts where published) as blog`),
    db.execute<{ id: string; updated_at: string | Date }>(
      sql`select id, updated_at from courses where active order by level, created_at`,
    ),
    listPublishedPostSlugs(db),
  ]);
  const row = times[0] ?? { courses: null, classes: null, about: null, contact: null, blog: null };
  const dates = (values: Stamp[]) => values.filter((v) => v !== null).map((v) => new Date(v));
  const all = dates([row.courses, row.about, row.contact, row.blog]);
  const site = all.length ? new Date(Math.max(...all.map((d) => d.getTime()))) : new Date(0);
  const at = (value: Stamp) => (value ? new Date(value) : site);
  const courses = at(row.courses);
  const contact = at(row.contact);

  return [
    { path: "/", lastmod: site },
    { path: "/about", lastmod: at(row.about) },
    { path: "/courses", lastmod: courses },
    ...courseRows.map((course) => ({ path: `/courses/${course.id}`, lastmod: new Date(course.updated_at) })),
    // The classes (their dates; seats left change too often to count as content).
    { path: "/schedule", lastmod: row.classes ? new Date(row.classes) : courses },
    { path: "/enroll", lastmod: new Date(Math.max(courses.getTime(), contact.getTime())) },
    { path: "/blog", lastmod: at(row.blog) },
    { path: "/contact", lastmod: contact },
    { path: "/privacy", lastmod: site },
    ...posts.map((post) => ({ path: `/blog/${encodeURIComponent(post.slug)}`, lastmod: post.updatedAt })),
  ];
}
