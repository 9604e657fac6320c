// GET /admin/classes/<id>/roster.csv: the class's roster as a spreadsheet, the learners first,
// then the waitlist in order. Same CSV as the students export: UTF-8 with a BOM (Excel and
// Vietnamese), every cell formula-safe (csvCell).
import { staffOnly } from "~/auth/staff-guard.server";
import { i18n } from "~/i18n/resources.server";
import { CSV_BOM, csvRow } from "~/lib/csv";
import { listClassRoster } from "~/models/class-roster.server";
import { getClassForAdmin } from "~/models/course-class.server";
import { requestLanguage } from "~/requests/request-language";
import { isUuid } from "~/schemas/course";
import type { Route } from "./+types/classes.roster-csv";

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/classes/:id/roster.csv");
  const { request, context, params } = args;
  const courseClass = isUuid(params.id) ? await getClassForAdmin(context.db, params.id) : undefined;
  if (!courseClass) throw new Response("Not found", { status: 404 });
  const { learners, waitlist } = await listClassRoster(context.db, params.id);
  const language = requestLanguage(request);
  const t = i18n.getFixedT(language, "admin-classes");
  const ts = i18n.getFixedT(language, "admin-students");
  const columns = ["place", "fullName", "email", "phone", "status", "paymentStatus", "enrolledAt"];
  const rows = [
    ...learners.map((row) => ({ ...row, place: t("csv.seat") })),
    ...waitlist.map((row) => ({
      ...row,
      place: t("csv.waitlist", { position: row.position }),
    })),
  ];
  const body =
    CSV_BOM +
    csvRow(columns.map((column) => t(`csv.${column}`))) +
    rows
      .map((row) =>
        csvRow([
          row.place,
          row.fullName,
          row.email,
          row.phone,
          ts(`status.${row.status}`, { defaultValue: row.status }),
          ts(`payment.${row.paymentStatus}`, { defaultValue: row.paymentStatus }),
          row.createdAt,
        ]),
      )
      .join("");
  const name = `${t("csv.fileName")}-${courseClass.courseLevel.toLowerCase()}-${courseClass.startsOn}`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
