import { ArrowRight, Award, BookOpenCheck, MonitorPlay, Play } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { CallToAction, FeatureCard, HeroBadge, TitledSection } from "~/components/site/sections";
import { useTranslation } from "~/i18n/react";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/home";
import type { loader as siteLayoutLoader } from "./layout";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.home");

// spec §2 Home: effective method, professional teachers, online classes.
const features = [
  { key: "method", Icon: BookOpenCheck },
  { key: "teachers", Icon: Award },
  { key: "online", Icon: MonitorPlay },
] as const;

export default function Home() {
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
            <Link
              to="/enroll"
              className="mt-8 inline-flex items-center gap-2 rounded-lg bg-blue-700 px-6 py-3 text-lg font-semibold text-white shadow hover:bg-blue-800"
            >
              {t("hero.cta")}
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
          </div>
          <IntroVideo />
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
          to="/enroll"
          className="mt-8 inline-block rounded-lg bg-amber-400 px-6 py-3 text-lg font-semibold text-slate-900 hover:bg-amber-300"
        >
          {t("cta.button")}
        </Link>
      </CallToAction>
    </main>
  );
}

/** spec §2 Home: a video placeholder with a play button. No video exists yet, so the button
 * leads to the school's video channel when the contact config has one, and is shown as a plain
 * illustration otherwise (a button that does nothing would mislead). */
function IntroVideo() {
  const { t } = useTranslation("home");
  const youtube = useRouteLoaderData<typeof siteLayoutLoader>("routes/site/layout")?.contact?.youtube;
  const playClass =
    "flex size-20 items-center justify-center rounded-full bg-white/95 text-blue-700 shadow-lg";
  return (
    <div className="relative flex aspect-video items-center justify-center overflow-hidden rounded-2xl bg-gradient-to-br from-blue-700 via-blue-800 to-slate-900 shadow-xl">
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-20 [background:radial-gradient(circle_at_30%_30%,#facc15,transparent_40%)]"
      />
      {youtube ? (
        <a
          href={youtube}
          target="_blank"
          rel="noopener noreferrer"
          className={`${playClass} hover:scale-105`}
        >
          <Play aria-hidden="true" className="ml-1 size-9 fill-current" />
          <span className="sr-only">{t("video.play")}</span>
        </a>
      ) : (
        <span className={playClass}>
          <Play aria-hidden="true" className="ml-1 size-9 fill-current" />
        </span>
      )}
      <p className="absolute bottom-4 left-4 right-4 text-center text-sm font-medium text-white">
        {t("video.caption")}
      </p>
    </div>
  );
}
