import { isRouteErrorResponse } from "react-router";
import type { RouteHandle } from "~/components/live-updates";
import { ClosedCourse } from "~/components/site/courses/closed-course";
import { CourseDetail } from "~/components/site/courses/course-detail";
import { ErrorPage } from "~/components/site/error-page";
import { i18n } from "~/i18n/i18n";
import { listUpcomingClasses } from "~/models/class-schedule.server";
import { getActiveCourse, getClosedCourseTitle, listActiveCourses } from "~/models/course.server";
import { requestLanguage } from "~/requests/request-language";
import { metaLanguage, pageMeta } from "~/seo";
import type { Route } from "./+types/course-detail";

// A course closed by the admin while the page is open turns into the "closed" page; its classes'
// seats left follow enrolments.
export const handle: RouteHandle = { liveTopics: ["courses", "classes", "team"] };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  const course = await getActiveCourse(context.db, params.id, language);
  if (course) {
    const classes = await listUpcomingClasses(context.db, { courseId: course.id, language });
    return { course, classes, closed: undefined };
  }
  // A closed course answers 200 with a page pointing at the open ones, so that shared links
  // still lead somewhere; only an unknown or malformed id is a 404 (spec §4: only open
  // courses are public — the closed page shows nothing but the title).
  const title = await getClosedCourseTitle(context.db, params.id, language);
  if (title === undefined) throw new Response("Not Found", { status: 404 });
  const openCourses = (await listActiveCourses(context.db, language)).map(
    ({ id, level, title, fallbackFields }) => ({ id, level, title, fallbackFields }),
  );
  return { course: undefined, classes: [], closed: { title, openCourses } };
}

export const meta: Route.MetaFunction = (args) => {
  const { course, closed } = args.loaderData ?? {};
  if (course) {
    const image = `/og/courses/${course.id}.png`;
    return pageMeta(args, { title: course.title, description: summary(course.description), image });
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

/** A meta description of at most ~160 characters, cut at a word. */
function summary(text: string, max = 160) {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length)}…`;
}
