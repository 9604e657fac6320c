import { isRouteErrorResponse, redirect } from "react-router";
import type { RouteHandle } from "~/components/live-updates";
import { ClosedCourse } from "~/components/site/courses/closed-course";
import { CourseDetail } from "~/components/site/courses/course-detail";
import { ErrorPage } from "~/components/site/error-page";
import { i18n } from "~/i18n/i18n";
import { defaultLanguage, languageFromPath } from "~/i18n/language";
import { COURSE_MOVED_HEADERS, courseAlternates, courseRedirect } from "~/lib/course-address";
import { textSummary } from "~/lib/text-summary";
import { listUpcomingClasses } from "~/models/class-schedule.server";
import {
  findCourseAddress,
  getActiveCourse,
  getClosedCourseTitle,
  listActiveCourses,
} from "~/models/course.server";
import { requestLanguage } from "~/requests/request-language";
import { metaLanguage, pageMeta } from "~/seo";
import type { Route } from "./+types/course-detail";

// A course closed by the admin while the page is open turns into the "closed" page; its classes'
// seats left follow enrolments.
export const handle: RouteHandle = { liveTopics: ["courses", "classes", "team"] };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = requestLanguage(request);
  const address = await findCourseAddress(context.db, params.slug);
  // Only a slug no course ever had (nor an id of one) is a 404.
  if (!address) throw new Response("Not Found", { status: 404 });
  // Each language has one address for the course (ADR 052): its slug there. A uuid (the old
  // addresses), a former slug or another language's slug moves there for good, keeping the
  // query. An unprefixed address is the Vietnamese one whatever the cookie says.
  const addressLanguage = languageFromPath(url.pathname) ?? defaultLanguage;
  const moved = courseRedirect(params.slug, address.slugs, addressLanguage, url.search);
  if (moved) throw redirect(moved, { status: 301, headers: COURSE_MOVED_HEADERS });
  const alternates = courseAlternates(address.slugs);
  const course = address.active ? await getActiveCourse(context.db, address.id, language) : undefined;
  if (course) {
    const classes = await listUpcomingClasses(context.db, { courseId: course.id, language });
    return { course, classes, closed: undefined, alternates };
  }
  // A closed course answers 200 with a page pointing at the open ones, so that shared links
  // still lead somewhere (spec §4: only open courses are public — the closed page shows nothing
  // but the title).
  const title = await getClosedCourseTitle(context.db, address.id, language);
  if (title === undefined) throw new Response("Not Found", { status: 404 });
  const openCourses = (await listActiveCourses(context.db, language)).map(
    ({ id, slug, level, title, fallbackFields }) => ({ id, slug, level, title, fallbackFields }),
  );
  return { course: undefined, classes: [], closed: { title, openCourses }, alternates };
}

export const meta: Route.MetaFunction = (args) => {
  const { course, closed } = args.loaderData ?? {};
  if (course) {
    // The card in the page's language (/en/og/…) names the course by its slug there.
    const image = `/og/courses/${course.slug}.png`;
    return pageMeta(args, { title: course.title, description: textSummary(course.description, 160), image });
  }
  if (!closed) return [];
  const t = i18n.getFixedT(metaLanguage(args.matches));
  return [
    ...pageMeta(args, { title: closed.title.title, description: t("courses:closed.text") }),
    { name: "robots", content: "noindex" },
  ];
};

export default function CourseDetailPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.closed) return <ClosedCourse {...loaderData.closed} />;
  return <CourseDetail course={loaderData.course} classes={loaderData.classes} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
