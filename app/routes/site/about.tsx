import { isRouteErrorResponse } from "react-router";
import type { RouteHandle } from "~/components/live-updates";
import { AboutLoadError, AboutLoading } from "~/components/site/about/load-states";
import { MilestonesTimeline } from "~/components/site/about/milestones-timeline";
import { MissionSection } from "~/components/site/about/mission-section";
import { StatsCards } from "~/components/site/about/stats-cards";
import { TeamSection } from "~/components/site/about/team-section";
import { TestimonialsSection } from "~/components/site/about/testimonials-section";
import { ValuesGrid } from "~/components/site/about/values-grid";
import { ErrorPage } from "~/components/site/error-page";
import { arrivingAt, PendingContent } from "~/components/site/pending-content";
import { PageHero } from "~/components/site/sections";
import { useTranslation } from "~/i18n/react";
import { aboutPageTopics, statsWithDefaults } from "~/lib/about-page";
import { localizeContent } from "~/lib/content-language";
import {
  getAboutInfo,
  getStats,
  listActiveTeamMembers,
  listFeaturedTestimonials,
  listMilestones,
  listValues,
  localizeAboutInfo,
} from "~/models/about.server";
import { requestLanguage } from "~/requests/request-language";
import { aboutEntryTranslatableFields } from "~/schemas/about-translation";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/about";

export const handle: RouteHandle = {
  liveTopics: aboutPageTopics,
};

export const meta: Route.MetaFunction = (args) => pageMeta(args, "about:meta");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context;
  const language = requestLanguage(request);
  const [info, stats, team, values, milestones, testimonials] = await Promise.all([
    getAboutInfo(db),
    getStats(db),
    listActiveTeamMembers(db),
    listValues(db),
    listMilestones(db),
    listFeaturedTestimonials(db),
  ]);
  // Each text in the page's language, or the Vietnamese original marked as such (ADR 032). The
  // stats are numbers; their labels are interface texts.
  const fields = aboutEntryTranslatableFields;
  return {
    page: {
      info: info && localizeAboutInfo(info, language),
      stats: statsWithDefaults(stats),
      team: team.map((member) => localizeContent(member, language, fields.team)),
      values: values.map((value) => localizeContent(value, language, fields.values)),
      milestones: milestones.map((milestone) => localizeContent(milestone, language, fields.milestones)),
      testimonials: testimonials.map((testimonial) =>
        localizeContent(testimonial, language, fields.testimonials),
      ),
    },
  };
}

// spec §2/§4 loading state: a client-side navigation to the page opens it at once with
// "Đang tải thông tin..." until the content arrives (components/site/pending-content.tsx).
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const page = serverLoader().then((data) => data.page);
  return { page: arrivingAt(request) ? page : await page };
}

type AboutPageData = Awaited<ReturnType<typeof loader>>["page"];

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <AboutShell>
      <PendingContent value={loaderData.page} fallback={<AboutLoading />} errorElement={<AboutLoadError />}>
        {(page) => <AboutContent page={page} />}
      </PendingContent>
    </AboutShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status < 500) return <ErrorPage status={error.status} />;
  return (
    <AboutShell>
      <AboutLoadError />
    </AboutShell>
  );
}

function AboutShell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation("about");
  return (
    <main id="main">
      <PageHero size="large" title={t("hero.title")} lead={t("hero.subtitle")} />
      {children}
    </main>
  );
}

function AboutContent({ page }: { page: AboutPageData }) {
  return (
    <>
      <StatsCards stats={page.stats} />
      <MissionSection info={page.info} />
      <TeamSection members={page.team} />
      <ValuesGrid values={page.values} />
      <MilestonesTimeline milestones={page.milestones} />
      <TestimonialsSection testimonials={page.testimonials} />
    </>
  );
}
