// schema.org Course data for search engines: the course pages' price in VND.
import { isLanguage } from "~/i18n/language";
import { localizeLink } from "~/lib/localized-path";
import { courseHref, enrollHref } from "./course-links";

export interface CourseFacts {
  id: string;
  /** Its slug in the page's language: the page's address (ADR 052). */
  slug: string;
  level: string;
  title: string;
  description: string;
  price: number;
  /** The texts shown in Vietnamese on an English or German page (ADR 032). */
  fallbackFields?: readonly string[];
}

export interface Site {
  /** Absolute base URL of the site (APP_URL), without a trailing slash. */
  url: string;
  name: string;
  /** The page's language: its links to the site's pages are that language's addresses. */
  language?: string;
}

/** The absolute address of one of the site's pages as the page in `site.language` links to it. */
export function siteAddress(site: Site, path: string) {
  return `${site.url}${isLanguage(site.language) ? localizeLink(path, site.language) : path}`;
}

/** One course as a schema.org Course with its fee as an Offer in VND, and its upcoming classes
 * as CourseInstances when it has any. */
export function courseJsonLd(
  course: CourseFacts,
  site: Site,
  instances: readonly object[] = [],
  language = "vi",
) {
  return {
    "@context": "https://schema.org",
    ...courseItem(course, site, instances, language),
  };
}

/** The open courses of /courses as a schema.org ItemList of Courses. */
export function courseListJsonLd(courses: readonly CourseFacts[], site: Site, language = "vi") {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: courses.map((course, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: courseItem(course, site, [], language),
    })),
  };
}

/** The language of a course's name and description as the page shows them: the page's when
 * both are translated, Vietnamese when both fell back, unsaid when they differ. */
function textLanguage(course: CourseFacts, language: string) {
  const fellBack = ["title", "description"].filter((field) => course.fallbackFields?.includes(field));
  if (fellBack.length === 0) return language;
  return fellBack.length === 2 ? "vi" : undefined;
}

export function courseItem(
  course: CourseFacts,
  site: Site,
  instances: readonly object[] = [],
  language = "vi",
) {
  const inLanguage = textLanguage(course, language);
  return {
    "@type": "Course",
    name: course.title,
    description: course.description,
    ...(inLanguage ? { inLanguage } : {}),
    url: siteAddress(site, courseHref(course.slug)),
    courseCode: course.level,
    educationalLevel: course.level,
    provider: { "@type": "EducationalOrganization", name: site.name, sameAs: site.url },
    offers: {
      "@type": "Offer",
      category: "Paid",
      price: course.price,
      priceCurrency: "VND",
      availability: "https://schema.org/InStock",
      url: siteAddress(site, enrollHref(course.id)),
    },
    hasCourseInstance: instances.length > 0 ? instances : { "@type": "CourseInstance", courseMode: "Online" },
  };
}
