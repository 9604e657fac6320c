import { defaultLanguage, languageFromPath } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { courseHref } from "~/lib/course-address";
import { buildClassCalendar } from "~/lib/icalendar";
import { localizePath } from "~/lib/localized-path";
import { getClassForCalendar } from "~/models/class-schedule.server";
import type { Route } from "./+types/schedule.calendar";

/** /schedule/:id/calendar.ics: one class as an iCalendar file (RFC 5545), in Vietnamese; under
 * /en and /de in English or German, with the course's translated title where it has one. The
 * language is the address's, as the page that links to it. A cancelled or unknown class is a
 * 404. Never the meeting link. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = languageFromPath(new URL(request.url).pathname) ?? defaultLanguage;
  const item = await getClassForCalendar(context.db, params.id, language);
  if (!item) throw new Response("Not Found", { status: 404 });
  const appUrl = context.config.APP_URL;
  const t = i18n.getFixedT(language, "schedule");
  const description = [
    t("ics.description", { title: item.courseTitle }),
    ...(item.teacherName ? [t("ics.teacher", { name: item.teacherName })] : []),
  ].join("\n");
  const body = buildClassCalendar({
    uid: `class-${item.id}@${new URL(appUrl).hostname}`,
    stamp: item.updatedAt,
    startsOn: item.startsOn,
    weekdays: item.weekdays,
    startTime: item.startTime,
    endTime: item.endTime,
    sessionCount: item.sessionCount,
    endsOn: item.endsOn,
    summary: item.courseTitle,
    description,
    location: t("ics.location"),
    url: `${appUrl}${localizePath(courseHref(item.courseSlug), language)}`,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="lernhaus-${item.level.toLowerCase()}-${item.startsOn}.ics"`,
      "Cache-Control": "no-cache",
    },
  });
}
