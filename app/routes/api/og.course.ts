import { getActiveCourse } from "~/models/course.server";
import { courseCard, previewImageResponse, previewLanguage } from "~/requests/preview-image.server";
import type { Route } from "./+types/og.course";

/** /og/courses/<id>.png (and under /en, /de): the picture a shared link to an open course
 * shows, with its title in that language. Only open courses are public (spec §4): a closed or
 * unknown one is a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = previewLanguage(request);
  const course = await getActiveCourse(context.db, params.id, language);
  if (!course) throw new Response("Not Found", { status: 404 });
  return previewImageResponse(request, courseCard(course, language));
}
