import { ArrowRight, Award, BookOpenCheck, MonitorPlay } from "lucide-react";
import { data, Link } from "react-router";
import type { RouteHandle } from "~/components/live-updates";
import { trialHref } from "~/components/site/courses/course-links";
import { homeCourse, homePost, homeTestimonial } from "~/components/site/home/home-cards.server";
import { FeaturedTestimonials, LatestPosts, OpenCourses } from "~/components/site/home/home-sections";
import { IntroVideo } from "~/components/site/home/intro-video";
import { CallToAction, FeatureCard, HeroBadge, TitledSection } from "~/components/site/sections";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { readShared } from "~/db/shared-reads.server";
import { useTranslation } from "~/i18n/react";
import { localizeContent } from "~/lib/content-language";
import { log } from "~/lib/log.server";
import { listFeaturedTestimonials } from "~/models/about.server";
import { listActiveCourses } from "~/models/course.server";
import { getHomeVideo } from "~/models/home-video.server";
import { listLatestPublishedPosts } from "~/models/post.server";
import { requestLanguage } from "~/requests/request-language";
import { aboutEntryTranslatableFields } from "~/schemas/about-translation";
import { homeVideoOf } from "~/schemas/settings";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/home";

export const handle = { liveTopics: ["settings", "courses", "testimonials", "posts"] } satisfies RouteHandle;

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.home");

/** Testimonials on the home page: the first featured ones in the admin's order. */
const HOME_TESTIMONIALS = 3;
const HOME_POSTS = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  const { db } = context;
  const { blocks, complete } = await readShared(
    context,
    `home:${language}`,
    handle.liveTopics,
    async () => {
      // The spec's blocks need nothing from the database but the video. A block below them whose
      // query fails is left out rather than failing the whole page; such a page is neither kept
      // nor cached, so the next visitor after the database recovers sees the block again.
      let complete = true;
      const orLeftOut = <T,>(block: string, query: Promise<T[]>) =>
        query.catch((error: unknown) => {
          complete = false;
          log().error({ err: error, block }, "home: a block could not be loaded; the page shows without it");
          return [] as T[];
        });
      const [video, courses, testimonials, posts] = await Promise.all([
        getHomeVideo(db),
        orLeftOut("courses", listActiveCourses(db, language)),
        orLeftOut("testimonials", listFeaturedTestimonials(db, HOME_TESTIMONIALS)),
        orLeftOut("posts", listLatestPublishedPosts(db, HOME_POSTS, language, "all")),
      ]);
      const blocks = {
        video: homeVideoOf(video) ?? null,
        courses: courses.map(homeCourse),
        testimonials: testimonials.map((testimonial) =>
          homeTestimonial(localizeContent(testimonial, language, aboutEntryTranslatableFields.testimonials)),
        ),
        posts: posts.map(homePost),
      };
      return { blocks, complete };
    },
    (read) => read.complete,
  );
  return data(blocks, complete ? undefined : { headers: { "Cache-Control": "private, no-store" } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

// spec §2 Home: effective method, professional teachers, online classes.
const features = [
  { key: "method", Icon: BookOpenCheck },
  { key: "teachers", Icon: Award },
  { key: "online", Icon: MonitorPlay },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const localize = useLocalizedPath();
  const { courses, testimonials, posts } = loaderData;
  const { t } = useTranslation("home");
  return (
    <main id="main">
      <section className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 lg:grid-cols-2 lg:py-24">
          <div>
            <HeroBadge>{t("hero.badge")}</HeroBadge>
            <h1 className="text-4xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-5xl">
              {t("hero.title")}
            </h1>
            <p className="mt-6 text-lg leading-relaxed text-slate-700">{t("hero.subtitle")}</p>
            <div className="mt-8 flex flex-wrap items-center gap-4">
              <Link
                to={localize("/enroll")}
                className="inline-flex items-center gap-2 rounded-lg bg-blue-700 px-6 py-3 text-lg font-semibold text-white shadow hover:bg-blue-800"
              >
                {t("hero.cta")}
                <ArrowRight aria-hidden="true" className="size-5" />
              </Link>
              {/* "Mình nên học lớp nào?": the free placement test answers it (issue 29). */}
              <Link
                to={localize("/placement-test")}
                className="rounded-lg border border-blue-700 px-6 py-3 text-lg font-semibold text-blue-800 hover:bg-blue-50"
              >
                {t("hero.placementTest")}
              </Link>
              <Link
                to={localize(trialHref("home"))}
                className="py-3 text-lg font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-900"
              >
                {t("hero.trial")}
              </Link>
            </div>
          </div>
          <IntroVideo video={loaderData.video} />
        </div>
      </section>

      <TitledSection id="features-title" title={t("features.title")}>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {features.map(({ key, Icon }) => (
            <FeatureCard
              key={key}
              Icon={Icon}
              title={t(`features.${key}.title`)}
              text={t(`features.${key}.text`)}
              className="rounded-2xl border border-slate-200 p-6 shadow-sm"
            />
          ))}
        </ul>
      </TitledSection>

      <CallToAction id="cta-title" title={t("cta.title")} text={t("cta.text")}>
        <Link
          to={localize("/enroll")}
          className="mt-8 inline-block rounded-lg bg-amber-400 px-6 py-3 text-lg font-semibold text-slate-900 hover:bg-amber-300"
        >
          {t("cta.button")}
        </Link>
      </CallToAction>

      <OpenCourses courses={courses} />
      <FeaturedTestimonials testimonials={testimonials} />
      <LatestPosts posts={posts} />
    </main>
  );
}
