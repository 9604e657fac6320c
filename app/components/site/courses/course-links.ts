// Where the course pages lead (spec §2 Courses, and the course detail pages added since), and the
// links to a free trial lesson that the home page, the courses, the enrolment's success screen and
// the placement test's result carry. Nearly import-free: the home page loads it, and its
// JavaScript has a budget; a course's address is the course-address rule's (ADR 052).
import type { TrialLevel, TrialSource } from "~/lib/trial-lesson";

export { courseHref } from "~/lib/course-address";

/** The id of the class-times block on /courses (the general time slots; the dated classes are
 * on /schedule). */
export const SCHEDULE_ANCHOR = "lich-hoc";

/** The enrolment form with this very course preselected: /enroll?course=<id> (two courses may
 * share a level, so the level alone would not do). The id, not the slug: the parameter is not
 * read by learners, and it stays valid when a title changes (ADR 052). */
export function enrollHref(courseId: string) {
  return `/enroll?course=${encodeURIComponent(courseId)}`;
}

/** /trial as a page links to it: `from` names the linking page (the funnel's source), `level`
 * the level to choose. */
export function trialHref(from: Exclude<TrialSource, "direct">, level?: TrialLevel) {
  return `/trial?from=${from}${level ? `&level=${level}` : ""}`;
}

/** A placement level ("B1") as the trial form's level ("b1"). */
export function trialLevelOf(level: "A1" | "A2" | "B1" | "B2"): TrialLevel {
  return level.toLowerCase() as TrialLevel;
}

/** The level a course's learner has, as the trial form's: the one below the course's (a B1
 * course is for learners with A2); an A1 course's learner is a beginner. */
const LEVEL_BEFORE: Record<string, TrialLevel> = { A1: "beginner", A2: "a1", B1: "a2", B2: "b1", C1: "b2" };
export function trialLevelOfCourse(level: string): TrialLevel | undefined {
  return LEVEL_BEFORE[level.toUpperCase()];
}
