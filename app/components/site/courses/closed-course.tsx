import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { langAttribute } from "~/lib/content-language";
import { courseHref } from "./course-links";

interface ClosedCourseProps {
  /** The title in the page's language, or the Vietnamese one (`fallbackFields` names it). */
  title: { title: string; fallbackFields: readonly string[] };
  /** Each with its slug in the page's language (ADR 052). */
  openCourses: {
    id: string;
    slug: string;
    level: string;
    title: string;
    fallbackFields: readonly string[];
  }[];
}

/** /courses/:slug of a course the admin closed: says so and leads to the open courses. */
export function ClosedCourse({ title, openCourses }: ClosedCourseProps) {
  const localize = useLocalizedPath();
  const { t } = useTranslation("courses");
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1
        className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl"
        {...langAttribute(title, "title")}
      >
        {title.title}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{t("closed.text")}</p>
      {openCourses.length > 0 && (
        <section aria-labelledby="closed-open-courses" className="mt-10 text-left">
          <h2 id="closed-open-courses" className="text-xl font-bold text-slate-900">
            {t("closed.openCourses")}
          </h2>
          <ul className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {openCourses.map((course) => (
              <li key={course.id}>
                <Link
                  to={localize(courseHref(course.slug))}
                  className="flex items-center justify-between gap-4 px-5 py-4 font-semibold text-blue-800 hover:bg-blue-50"
                >
                  <span>
                    {course.level} · <span {...langAttribute(course, "title")}>{course.title}</span>
                  </span>
                  <ArrowRight aria-hidden="true" className="size-5 shrink-0" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Link to={localize("/courses")} className={buttonClass("primary", "mt-10 px-6 py-3")}>
        {t("closed.allCourses")}
      </Link>
    </main>
  );
}
