// GET /admin/students/export.csv?<the list's filter>: the enrolments of the current filter as a
// spreadsheet. UTF-8 with a BOM so that Excel shows Vietnamese; streamed batch by
// batch, so 50,000 rows never sit in memory at once.
import { staffOnly } from "~/auth/staff-guard.server";
import {
  courseLabel,
  experienceLabel,
  hearAboutLabel,
  scheduleLabel,
} from "~/components/admin/students/labels";
import { i18n } from "~/i18n/resources.server";
import { CSV_BOM, csvRow } from "~/lib/csv";
import { calendarDayInVietnam, formatDateVi } from "~/lib/format";
import { log } from "~/lib/log.server";
import { exportEnrollments } from "~/models/enrollment.server";
import { requestLanguage } from "~/requests/request-language";
import { formatWeekdays } from "~/schemas/course-class";
import { readStudentListQuery } from "~/schemas/enrollment-admin";
import type { Route } from "./+types/students.export";

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/students/export.csv");
  const { request, context } = args;
  const query = readStudentListQuery(new URL(request.url).searchParams);
  const language = requestLanguage(request);
  const t = i18n.getFixedT(language, "admin-students");
  const te = i18n.getFixedT(language, "enroll");
  const tc = i18n.getFixedT(language, "admin-classes");
  const column = (name: string) => t(`csv.${name}`);
  const header = csvRow([
    ...["createdAt", "fullName", "phone", "email", "course", "schedule"].map(column),
    // The class chosen (ADR 026), as the list shows it: its start and weekdays.
    tc("students.column"),
    ...["experience", "goals", "hearAbout", "status", "isProcessed", "paymentStatus"].map(column),
  ]);
  const batches = exportEnrollments(context.db, query);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + header));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) return controller.close();
        let chunk = "";
        for (const row of next.value) {
          chunk += csvRow([
            row.createdAt,
            row.fullName,
            row.phone,
            row.email,
            courseLabel(te, row.course, row.courseTitle),
            scheduleLabel(te, row.schedule),
            row.classStartsOn
              ? `${formatDateVi(row.classStartsOn)} · ${formatWeekdays(tc, row.classWeekdays ?? [])}`
              : tc("students.noClass"),
            row.experience && experienceLabel(te, row.experience),
            row.goals,
            row.hearAbout && hearAboutLabel(te, row.hearAbout),
            t(`status.${row.status}`, { defaultValue: row.status }),
            row.isProcessed ? t("csv.yes") : t("csv.no"),
            t(`payment.${row.paymentStatus}`, { defaultValue: row.paymentStatus }),
          ]);
        }
        controller.enqueue(encoder.encode(chunk));
      } catch (error) {
        log().error({ err: error }, "students export failed");
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const day = calendarDayInVietnam();
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${t("csv.fileName")}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
