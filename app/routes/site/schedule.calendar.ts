import { i18n } from "~/i18n/resources.server";
import { buildClassCalendar } from "~/lib/icalendar";
import { getClassForCalendar } from "~/models/class-schedule.server";
import type { Route } from "./+types/schedule.calendar";

/** /schedule/:id/calendar.ics: one class as an iCalendar file (RFC 5545), in Vietnamese like
 * the course titles it names. A cancelled or unknown class is a 404. Never the meeting link. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const item = await getClassForCalendar(context.db, params.id);
  if (!item) throw new Response("Not Found", { status: 404 });
  const appUrl = context.config.APP_URL;
  const t = i18n.getFixedT("vi", "schedule");
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
    url: `${appUrl}/courses/${item.courseId}`,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="lernhaus-${item.level.toLowerCase()}-${item.startsOn}.ics"`,
      "Cache-Control": "no-cache",
    },
  });
}
