import { CalendarDays, Check, Clock } from "lucide-react";
import { Link } from "react-router";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { langAttribute } from "~/lib/content-language";
import { formatPriceVnd } from "~/lib/format";
import type { PublicCourse } from "~/models/course.server";
import { gradientClass } from "../color-gradients";
import { COURSE_ILLUSTRATION_SIZE, courseIllustration } from "./course-illustration";
import { courseHref, enrollHref } from "./course-links";
import { levelName } from "./level-name";

/** spec §2 Courses: one open course with level, title, price, description, duration, lessons,
 * features and its colour pair; "Đăng ký ngay" preselects it on /enroll, "Chi tiết" opens it. */
export function CourseCard({ course }: { course: PublicCourse }) {
  const localize = useLocalizedPath();
  const { t } = useTranslation("courses");
  const titleId = `course-${course.id}`;
  const illustration = courseIllustration(course.level);
  return (
    <article
      aria-labelledby={titleId}
      data-testid="course-card"
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className={`${gradientClass(course.color)} p-6 text-white`}>
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-sm font-semibold tracking-wide">
              <span className="sr-only">{t("card.level")} </span>
              {course.level} · {levelName(t, course.level)}
            </p>
            <h3 id={titleId} className="mt-2 text-2xl font-bold" {...langAttribute(course, "title")}>
              {course.title}
            </h3>
          </div>
          <img
            src={illustration.src}
            alt={t(`card.illustration.${illustration.key}`)}
            width={COURSE_ILLUSTRATION_SIZE}
            height={COURSE_ILLUSTRATION_SIZE}
            loading="lazy"
            data-testid="course-illustration"
            className="size-20 shrink-0 sm:size-24"
          />
        </div>
        <p className="mt-4 text-3xl font-extrabold" data-testid="course-price">
          <span className="sr-only">{t("card.price")}: </span>
          {formatPriceVnd(course.price)}
        </p>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="leading-relaxed text-slate-700" {...langAttribute(course, "description")}>
          {course.description}
        </p>
        <dl className="mt-5 grid grid-cols-2 gap-3 text-sm">
          {[
            { Icon: Clock, label: t("card.duration"), value: course.duration, field: "duration" },
            { Icon: CalendarDays, label: t("card.lessons"), value: course.lessons, field: "lessons" },
          ].map(({ Icon, label, value, field }) => (
            <div key={label} className="rounded-lg bg-slate-50 p-3">
              <dt className="flex items-center gap-1.5 text-slate-600">
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </dt>
              <dd className="mt-1 font-semibold text-slate-900" {...langAttribute(course, field)}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {course.features.length > 0 && (
          <>
            <h4 className="mt-5 text-sm font-semibold text-slate-900">{t("card.features")}</h4>
            <ul className="mt-2 space-y-2 text-sm text-slate-700" {...langAttribute(course, "features")}>
              {course.features.map((feature, index) => (
                <li key={index} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        <div className="mt-auto flex flex-wrap gap-3 pt-6">
          <Link to={localize(enrollHref(course.id))} className={buttonClass("primary", "flex-1")}>
            {t("card.enroll")}
            <span className="sr-only">
              : <span {...langAttribute(course, "title")}>{course.title}</span>
            </span>
          </Link>
          <Link to={localize(courseHref(course.slug))} className={buttonClass("secondary")}>
            {t("card.details")}
            <span className="sr-only">
              : <span {...langAttribute(course, "title")}>{course.title}</span>
            </span>
          </Link>
        </div>
      </div>
    </article>
  );
}
