import { ArrowLeft, CalendarDays, Check, Clock, Wallet } from "lucide-react";
import { Link } from "react-router";
import { articleBodyClass } from "~/components/blog/article-body";
import { BodyPieces } from "~/components/blog/body-pieces";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { langAttribute } from "~/lib/content-language";
import { formatPriceVnd } from "~/lib/format";
import type { PublicClass } from "~/models/class-schedule.server";
import type { CourseWithBody } from "~/models/course.server";
import { gradientClass } from "../color-gradients";
import { classesOfCourse } from "../schedule/class-json-ld";
import { CourseClasses } from "../schedule/course-classes";
import { SCHEDULE_PATH } from "../schedule/schedule-links";
import { ScheduleList } from "./course-highlights";
import { COURSE_ILLUSTRATION_SIZE, courseIllustration } from "./course-illustration";
import { courseJsonLd } from "./course-json-ld";
import { enrollHref, trialHref, trialLevelOfCourse } from "./course-links";
import { JsonLd, useSiteIdentity } from "./json-ld";
import { levelName } from "./level-name";

/** /courses/:slug: everything about one open course, its level's CEFR goal, its upcoming classes,
 * the class times and an enrol button that preselects it. */
export function CourseDetail({
  course,
  classes,
}: {
  course: CourseWithBody;
  classes: readonly PublicClass[];
}) {
  const localize = useLocalizedPath();
  const { t, language } = useTranslation("courses");
  const site = useSiteIdentity();
  const goal = t(`goals.${course.level}`, { defaultValue: "" });
  const illustration = courseIllustration(course.level);
  return (
    <main id="main">
      <section className={`${gradientClass(course.color)} text-white`}>
        <div className="mx-auto max-w-5xl px-4 py-12">
          <Link
            to={localize("/courses")}
            className="inline-flex items-center gap-1.5 text-sm font-semibold underline-offset-4 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t("detail.back")}
          </Link>
          <div className="mt-8 flex items-center justify-between gap-8">
            <div>
              <p className="text-sm font-semibold tracking-wide">
                <span className="sr-only">{t("card.level")} </span>
                {course.level} · {levelName(t, course.level)}
              </p>
              <h1
                className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl"
                {...langAttribute(course, "title")}
              >
                {course.title}
              </h1>
              {goal && (
                <p className="mt-4 max-w-3xl text-lg" data-testid="course-goal">
                  {t("detail.goal", { level: course.level, goal })}
                </p>
              )}
            </div>
            {/* Beside the title where there is room; a phone shows the title alone (a hidden
                image is not loaded). */}
            <img
              src={illustration.src}
              alt={t(`card.illustration.${illustration.key}`)}
              width={COURSE_ILLUSTRATION_SIZE}
              height={COURSE_ILLUSTRATION_SIZE}
              className="hidden size-40 shrink-0 md:block lg:size-48"
            />
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-10">
          <section aria-labelledby="course-about">
            <h2 id="course-about" className="text-2xl font-bold">
              {t("detail.about")}
            </h2>
            <div {...langAttribute(course, "description")} className={`article-body ${articleBodyClass}`}>
              <BodyPieces body={course.body} />
            </div>
          </section>
          {course.features.length > 0 && (
            <section aria-labelledby="course-features">
              <h2 id="course-features" className="text-2xl font-bold">
                {t("detail.features")}
              </h2>
              <ul className="mt-4 space-y-3" {...langAttribute(course, "features")}>
                {course.features.map((feature, index) => (
                  <li key={index} className="flex gap-3 text-slate-700">
                    <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <CourseClasses classes={classes} />
          <section aria-labelledby="course-schedules">
            <h2 id="course-schedules" className="text-2xl font-bold">
              {t("schedule.title")}
            </h2>
            <p className="mt-3 text-slate-700">{t("schedule.intro")}</p>
            <ScheduleList className="mt-3 text-base" />
          </section>
        </div>

        <aside
          aria-labelledby="course-facts"
          className="h-fit rounded-2xl border border-slate-200 p-6 shadow-sm"
        >
          <h2 id="course-facts" className="text-lg font-bold">
            {t("detail.facts")}
          </h2>
          <dl className="mt-4 space-y-4">
            <Fact icon={<Wallet aria-hidden="true" className="size-5" />} label={t("card.price")}>
              <span className="text-2xl font-extrabold text-blue-800" data-testid="course-price">
                {formatPriceVnd(course.price)}
              </span>
            </Fact>
            <Fact icon={<Clock aria-hidden="true" className="size-5" />} label={t("card.duration")}>
              <span {...langAttribute(course, "duration")}>{course.duration}</span>
            </Fact>
            <Fact icon={<CalendarDays aria-hidden="true" className="size-5" />} label={t("card.lessons")}>
              <span {...langAttribute(course, "lessons")}>{course.lessons}</span>
            </Fact>
          </dl>
          <h2 className="mt-6 font-semibold">{t("detail.enrollTitle")}</h2>
          <p className="mt-1 text-sm text-slate-700">{t("detail.enrollText")}</p>
          <Link to={localize(enrollHref(course.id))} className={buttonClass("primary", "mt-4 w-full")}>
            {t("card.enroll")}
          </Link>
          <Link to={localize(SCHEDULE_PATH)} className={buttonClass("secondary", "mt-3 w-full")}>
            {t("cta.schedule")}
          </Link>
          <Link
            to={localize(trialHref("course", trialLevelOfCourse(course.level)))}
            className={buttonClass("secondary", "mt-3 w-full")}
          >
            {t("detail.trial")}
          </Link>
        </aside>
      </div>
      <JsonLd
        data={
          import.meta.env.SSR
            ? courseJsonLd(course, site, classesOfCourse(classes, site), language)
            : undefined
        }
      />
    </main>
  );
}

function Fact({
  icon,
  label,
  children,
}: {
  icon: React.ReactNode;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-sm text-slate-600">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 font-semibold text-slate-900">{children}</dd>
    </div>
  );
}
