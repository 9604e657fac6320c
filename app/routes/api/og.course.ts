import { redirect } from "react-router";
import { COURSE_MOVED_HEADERS, courseHref } from "~/lib/course-address";
import { localizePath } from "~/lib/localized-path";
import { findCourseAddress, getActiveCourse } from "~/models/course.server";
import { courseCard, previewImageResponse, previewLanguage } from "~/requests/preview-image.server";
import type { Route } from "./+types/og.course";

/** /og/courses/<slug>.png (and under /en, /de): the picture a shared link to an open course
 * shows, with its title in that language. The course's slug in any language names it (the page
 * links the card by its slug there); a uuid or a former slug, as cards shared before ADR 052
 * name it, moves for good to the card under its slug in the address's language. Only open
 * courses are public (spec §4): a closed or unknown one is a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = previewLanguage(request);
  const address = await findCourseAddress(context.db, params.slug);
  if (!address?.active) throw new Response("Not Found", { status: 404 });
  if (!Object.values(address.slugs).includes(params.slug)) {
    const card = localizePath(`/og${courseHref(address.slugs[language])}.png`, language);
    throw redirect(card, { status: 301, headers: COURSE_MOVED_HEADERS });
  }
  const course = await getActiveCourse(context.db, address.id, language);
  if (!course) throw new Response("Not Found", { status: 404 });
  return previewImageResponse(request, courseCard(course, language));
}
