// How a learner's enrolment names its course, on the profile and in the mails alike.
import type { TFunction } from "~/i18n/translator";

/** The course's title, else its level ("Khóa B1"), else the consultation choice. */
export function myCourseName(t: TFunction, course: { level: string; courseTitle: string | null }) {
  if (course.courseTitle) return course.courseTitle;
  return course.level === "consultation"
    ? t("account:myCourses.consultation")
    : t("account:myCourses.courseOfLevel", { level: course.level.toUpperCase() });
}
