import { isRouteErrorResponse } from "react-router";
import type { RouteHandle } from "~/components/live-updates";
import { CourseCatalog } from "~/components/site/courses/course-catalog";
import { CourseHighlights } from "~/components/site/courses/course-highlights";
import { CoursesLoadError, CoursesLoading } from "~/components/site/courses/load-states";
import { ErrorPage } from "~/components/site/error-page";
import { arrivingAt, PendingContent } from "~/components/site/pending-content";
import { PageHero } from "~/components/site/sections";
import { useTranslation } from "~/i18n/react";
import { listActiveCourses } from "~/models/course.server";
import { requestLanguage } from "~/requests/request-language";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/courses";

export const handle: RouteHandle = { liveTopics: ["courses"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "courses:meta");

export async function loader({ request, context }: Route.LoaderArgs) {
  return { courses: await listActiveCourses(context.db, requestLanguage(request)) };
}

// spec §2/§4 loading state: a client-side navigation to the page opens it at once with
// "Đang tải khóa học..." until the list arrives (components/site/pending-content.tsx).
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const courses = serverLoader().then((data) => data.courses);
  return { courses: arrivingAt(request) ? courses : await courses };
}

export default function Courses({ loaderData }: Route.ComponentProps) {
  return (
    <CoursesShell>
      <PendingContent
        value={loaderData.courses}
        fallback={<CoursesLoading />}
        errorElement={<CoursesLoadError />}
      >
        {(courses) => <CourseCatalog courses={courses} />}
      </PendingContent>
    </CoursesShell>
  );
}

/** A failed server render: the page with "Lỗi: …" in place of the list (spec §8). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status < 500) return <ErrorPage status={error.status} />;
  return (
    <CoursesShell>
      <CoursesLoadError />
    </CoursesShell>
  );
}

function CoursesShell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation("courses");
  return (
    <main id="main">
      <PageHero
        size="large"
        frame="max-w-6xl px-4 pt-14 pb-4"
        title={t("hero.title")}
        lead={t("hero.subtitle")}
      />
      {children}
      <CourseHighlights />
    </main>
  );
}
