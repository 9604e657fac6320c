import { isRouteErrorResponse } from "react-router";
import type { RouteHandle } from "~/components/live-updates";
import { CourseDetail } from "~/components/site/courses/course-detail";
import { ErrorPage } from "~/components/site/error-page";
import { getActiveCourse } from "~/models/course.server";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/course-detail";

// A course closed by the admin while the page is open turns into the 404 page.
export const handle: RouteHandle = { liveTopics: ["courses"] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const course = await getActiveCourse(context.db, params.id);
  // Closed, unknown or malformed id alike (spec §4: only open courses are public).
  if (!course) throw new Response("Not Found", { status: 404 });
  return { course };
}

export const meta: Route.MetaFunction = (args) => {
  const course = args.loaderData?.course;
  if (!course) return [];
  return pageMeta(args, { title: course.title, description: summary(course.description) });
};

export default function CourseDetailPage({ loaderData }: Route.ComponentProps) {
  return <CourseDetail course={loaderData.course} />;
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
