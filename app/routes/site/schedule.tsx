import { isRouteErrorResponse } from "react-router";
import type { RouteHandle } from "~/components/live-updates";
import { ErrorPage } from "~/components/site/error-page";
import { ClassSchedule } from "~/components/site/schedule/class-schedule";
import { PageHero } from "~/components/site/sections";
import { useTranslation } from "~/i18n/react";
import { groupClassesByLevel, listUpcomingClasses } from "~/models/class-schedule.server";
import { requestLanguage } from "~/requests/request-language";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/schedule";

// Seats left change with every enrolment into a class; the course title and teacher with theirs.
export const handle: RouteHandle = { liveTopics: ["classes", "courses", "team"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "schedule:meta");

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  return { groups: groupClassesByLevel(await listUpcomingClasses(context.db, { language })) };
}

export default function SchedulePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("schedule");
  return (
    <main id="main">
      <PageHero
        size="large"
        frame="max-w-6xl px-4 pt-14 pb-4"
        title={t("hero.title")}
        lead={t("hero.lead")}
      />
      <ClassSchedule groups={loaderData.groups} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
