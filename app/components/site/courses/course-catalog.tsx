import { useTranslation } from "~/i18n/react";
import type { PublicCourse } from "~/models/course.server";
import { CourseCard } from "./course-card";
import { courseListJsonLd } from "./course-json-ld";
import { JsonLd, useSiteIdentity } from "./json-ld";
import { LevelTiles } from "./level-tiles";

/** The data-driven part of /courses: level tiles, then one card per open course (already
 * sorted by level, spec §9) or the empty state. */
export function CourseCatalog({ courses }: { courses: readonly PublicCourse[] }) {
  const { t, language } = useTranslation("courses");
  const site = useSiteIdentity();
  return (
    <>
      <LevelTiles courses={courses} />
      <section aria-labelledby="course-list-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="course-list-title" className="text-3xl font-bold">
          {t("list.title")}
        </h2>
        {courses.length === 0 ? (
          <p className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-10 text-center text-lg text-slate-700">
            {t("empty")}
          </p>
        ) : (
          <div className="mt-8 grid gap-8 md:grid-cols-2">
            {courses.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </div>
        )}
      </section>
      {courses.length > 0 && (
        <JsonLd data={import.meta.env.SSR ? courseListJsonLd(courses, site, language) : undefined} />
      )}
    </>
  );
}
