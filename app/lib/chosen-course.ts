// Which open course an enrolment's `course` value names: the form, its success screen, the
// page's link (?course=b1) and the enrolment itself decide it here. Apart from the enrolment's
// schema, so that the page can use it without loading zod (ADR 058).

/** A course the form can offer: its id and its level ("B1"). */
export interface CourseRef {
  id: string;
  level: string;
}

/** The open course a `course` value names: a course id (what the form and the links send), or
 * a level code ("b1", spec §7) standing for the first course of that level in `courses`' order
 * (the form's order). undefined when no open course matches; the consultation choice
 * ("Tư vấn chọn khóa phù hợp", spec §5) is not a course. */
export function findChosenCourse<T extends CourseRef>(courses: readonly T[], value: string): T | undefined {
  const wanted = value.trim().toLowerCase();
  return (
    courses.find((course) => course.id === wanted) ??
    courses.find((course) => course.level.toLowerCase() === wanted)
  );
}
