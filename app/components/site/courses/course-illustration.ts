// A course's picture (issue 32). A course has no photo of its own, so each level has one of our
// drawings (ADR 051): the first words for A1, everyday life for A2, the exam for B1, discussions
// and presentations for B2, and the graduation cap for C1 and C2. They are drawn in white and
// yellow on a transparent ground, so that they sit on every course colour's gradient. Imported
// assets: the build gives them fingerprinted names under /assets, cached for a year.
import a1 from "~/components/site/illustrations/course-a1.svg";
import a2 from "~/components/site/illustrations/course-a2.svg";
import b1 from "~/components/site/illustrations/course-b1.svg";
import b2 from "~/components/site/illustrations/course-b2.svg";
import advanced from "~/components/site/illustrations/course-c.svg";

const byLevel: Record<string, string> = { A1: a1, A2: a2, B1: b1, B2: b2 };

/** The drawings' own size (their viewBox): the <img>'s width and height, so nothing shifts while
 * they load. */
export const COURSE_ILLUSTRATION_SIZE = 160;

/** The picture of a course of `level` and the key of its description (`card.illustration.<key>`
 * in courses, `courses.illustration.<key>` in home); a level above B2 gets the graduation cap. */
export function courseIllustration(level: string): { src: string; key: string } {
  const src = byLevel[level];
  return src ? { src, key: level } : { src: advanced, key: "advanced" };
}
