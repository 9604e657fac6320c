// What the sitemap lists: every public page with the time its content last changed,
// each active course, the class schedule and each published post, each with its address in
// every language that has one (ADR 032). Read-only, across entities.
import { asc, desc, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { courses as courseTable, posts } from "~/db/schema";
import { languages } from "~/i18n/language";
import { contentLanguages, translationLanguages } from "~/lib/content-language";
import { courseAlternates, courseSlugs } from "~/lib/course-address";
import { localizePath, type PageAlternates } from "~/lib/localized-path";
import { isCourseOpen } from "./course-query.server";
import { isPublished } from "./post-query.server";

/** A timestamp as the driver returns it from raw SQL. */
type Stamp = string | Date | null;

export interface SitemapEntry {
  /** The Vietnamese address, which every page has. */
  path: string;
  lastmod: Date;
  /** The page's address in each language it has, Vietnamese included. */
  alternates: PageAlternates;
}

/** A page that exists in every language at the same path under each prefix. */
function everyLanguage(path: string, lastmod: Date): SitemapEntry {
  const alternates = Object.fromEntries(
    languages.map((language) => [language, localizePath(path, language)]),
  );
  return { path, lastmod, alternates };
}

/** The published posts with their addresses: Vietnamese always; English and German only once
 * the post's title and body are translated, under the translated slug when it has one. */
async function listPostEntries(db: Db): Promise<SitemapEntry[]> {
  const rows = await db
    .select({ slug: posts.slug, translations: posts.translations, updatedAt: posts.updatedAt })
    .from(posts)
    .where(isPublished)
    .orderBy(desc(posts.createdAt), asc(posts.id));
  return rows.map((post) => {
    const path = `/blog/${encodeURIComponent(post.slug)}`;
    const alternates: PageAlternates = { vi: path };
    const translated = contentLanguages(post.translations, ["title", "content"]);
    for (const language of translationLanguages) {
      if (!translated.includes(language)) continue;
      const own = post.translations[language]?.slug;
      const slug = typeof own === "string" && own.trim() ? own.trim() : post.slug;
      alternates[language] = localizePath(`/blog/${encodeURIComponent(slug)}`, language);
    }
    return { path, lastmod: post.updatedAt, alternates };
  });
}

/** The open courses with their addresses: one in each language, each under the course's slug
 * there (ADR 052); a page shows its Vietnamese texts where a translation is missing, so every
 * course has all three. */
async function listCourseEntries(db: Db): Promise<SitemapEntry[]> {
  const rows = await db
    .select({
      slug: courseTable.slug,
      translations: courseTable.translations,
      updatedAt: courseTable.updatedAt,
    })
    .from(courseTable)
    .where(isCourseOpen)
    .orderBy(asc(courseTable.level), asc(courseTable.createdAt));
  return rows.map((course) => {
    const alternates = courseAlternates(courseSlugs(course));
    return { path: alternates.vi!, lastmod: course.updatedAt, alternates };
  });
}

/** The newest change of the content each page shows; a page without data takes the newest
 * change anywhere. */
export async function listSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [{ rows: times }, courseEntries, posts] = await Promise.all([
    db.execute<{ courses: Stamp; classes: Stamp; about: Stamp; contact: Stamp; blog: Stamp }>(sql`
      select
        (select max(updated_at) from courses where ${isCourseOpen}) as courses,
        (select max(updated_at) from course_classes) as classes,
        greatest(
          (select max(updated_at) from about_info), (select max(updated_at) from stats),
          (select max(updated_at) from team_members), (select max(updated_at) from core_values),
          (select max(updated_at) from milestones), (select max(updated_at) from testimonials)
        ) as about,
        (select max(updated_at) from contact_config) as contact,
        (select max(updated_at) from posts where ${isPublished}) as blog`),
    listCourseEntries(db),
    listPostEntries(db),
  ]);
  const row = times[0] ?? { courses: null, classes: null, about: null, contact: null, blog: null };
  const dates = (values: Stamp[]) => values.filter((v) => v !== null).map((v) => new Date(v));
  const all = dates([row.courses, row.about, row.contact, row.blog]);
  const site = all.length ? new Date(Math.max(...all.map((d) => d.getTime()))) : new Date(0);
  const at = (value: Stamp) => (value ? new Date(value) : site);
  const courses = at(row.courses);
  const contact = at(row.contact);

  return [
    everyLanguage("/", site),
    everyLanguage("/about", at(row.about)),
    everyLanguage("/courses", courses),
    ...courseEntries,
    // The classes (their dates; seats left change too often to count as content).
    everyLanguage("/schedule", row.classes ? new Date(row.classes) : courses),
    everyLanguage("/enroll", new Date(Math.max(courses.getTime(), contact.getTime()))),
    everyLanguage("/blog", at(row.blog)),
    everyLanguage("/contact", contact),
    everyLanguage("/privacy", site),
    everyLanguage("/placement-test", site),
    everyLanguage("/trial", site),
    ...posts,
  ];
}
