import { parseWithZod } from "@conform-to/zod/v4";
import { Download } from "lucide-react";
import { data, redirect } from "react-router";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { ListError } from "~/components/admin/form-parts";
import { DELETE_RECORD_INTENT, EDIT_PERSONAL_INTENT } from "~/components/admin/personal-data-section";
import { StudentDetailPanel } from "~/components/admin/students/detail-panel";
import { activeFilterCount, StudentFilters } from "~/components/admin/students/filters";
import { StudentsPager, StudentsTable } from "~/components/admin/students/table";
import { useKeptActionData } from "~/components/live-updates";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { getEnrollmentSeat } from "~/models/class-seat.server";
import { listCourseFilterChoices } from "~/models/course.server";
import { listClassChoices } from "~/models/course-class.server";
import {
  cancellationRecipientsOf,
  changeEnrollmentPayment,
  changeEnrollmentStatus,
  type EnrollmentChange,
  getEnrollmentForAdmin,
  listEnrollmentsForAdmin,
} from "~/models/enrollment.server";
import { addEnrollmentNote, listEnrollmentNotes } from "~/models/enrollment-note.server";
import { listEnrollmentPayments } from "~/models/payment.server";
import { deleteEnrollment, updateEnrollmentPersonal } from "~/models/personal-record.server";
import { listPlacementResultsOf } from "~/models/placement-test.server";
import { actionFailed, unknownIntent } from "~/requests/admin-action.server";
import {
  CONFIRM_CANCEL_PARAM,
  noteSchema,
  paymentChangeSchema,
  readStudentListQuery,
  statusChangeSchema,
  studentListParams,
} from "~/schemas/enrollment-admin";
import { deleteRecordSchema, enrollmentPersonalSchema } from "~/schemas/personal-data";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/students";

// A new enrolment from /enroll, or another admin's change, reaches this page live.
export const handle: AdminHandle = { liveTopics: ["enrollments"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin:pages.students");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/students");
  const { db } = args.context;
  const url = new URL(args.request.url);
  const query = readStudentListQuery(url.searchParams);
  const id = url.searchParams.get("id");
  const [list, selected, notes, seat, classes, payments, cancellation, courses] = await Promise.all([
    listEnrollmentsForAdmin(db, query),
    id && UUID.test(id) ? getEnrollmentForAdmin(db, id) : undefined,
    id && UUID.test(id) ? listEnrollmentNotes(db, id) : [],
    id && UUID.test(id) ? getEnrollmentSeat(db, id) : null,
    listClassChoices(db),
    id && UUID.test(id) ? listEnrollmentPayments(db, id) : [],
    // The confirmation step of "Hủy đăng ký" names who will be mailed (ADR 033).
    id && UUID.test(id) && url.searchParams.get(CONFIRM_CANCEL_PARAM) === "cancel"
      ? cancellationRecipientsOf(db, id)
      : undefined,
    listCourseFilterChoices(db),
  ]);
  // The person's placement test results (by the enrolment's email or phone), beside the record.
  const placement = selected ? await listPlacementResultsOf(db, selected) : [];
  // A panel for an enrolment that is gone is a stale link: the list alone.
  return {
    query,
    list,
    classes,
    courses,
    selected: selected ? { ...selected, notes, seat, payments, cancellation, placement } : undefined,
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff: admin, formData, intent } = await staffForm(args, "/admin/students");
  const { request, context } = args;

  if (intent === "status" || intent === "payment") {
    const submission =
      intent === "status"
        ? parseWithZod(formData, { schema: statusChangeSchema })
        : parseWithZod(formData, { schema: paymentChangeSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    let outcome: EnrollmentChange;
    try {
      const { value } = submission;
      outcome =
        "status" in value
          ? await changeEnrollmentStatus(context.db, value.id, value.status)
          : await changeEnrollmentPayment(context.db, value.id, value.paymentStatus);
    } catch (error) {
      return actionFailed("admin:errors.save", error);
    }
    if (outcome === "changed") backToPanel(request);
    return data(
      submission.reply({
        formErrors: [outcome === "not-found" ? "admin:errors.notFound" : "admin-students:errors.notAllowed"],
      }),
      { status: 409 },
    );
  }

  if (intent === "note") {
    const submission = parseWithZod(formData, { schema: noteSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    let added: boolean;
    try {
      added = await addEnrollmentNote(context.db, {
        enrollmentId: submission.value.id,
        author: { id: admin.id, name: admin.name },
        body: submission.value.body,
      });
    } catch (error) {
      return actionFailed("admin:errors.save", error);
    }
    if (added) backToPanel(request);
    return data(submission.reply({ formErrors: ["admin:errors.notFound"] }), { status: 409 });
  }
  if (intent === EDIT_PERSONAL_INTENT) {
    const submission = parseWithZod(formData, { schema: enrollmentPersonalSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { id, ...values } = submission.value;
    if (await updateEnrollmentPersonal(context.db, id, values)) backToPanel(request);
    return data(submission.reply({ formErrors: ["admin:errors.notFound"] }), { status: 404 });
  }

  if (intent === DELETE_RECORD_INTENT) {
    const submission = parseWithZod(formData, { schema: deleteRecordSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    if (!(await deleteEnrollment(context.db, submission.value.id)))
      return data(submission.reply({ formErrors: ["admin:errors.notFound"] }), { status: 404 });
    // Back to the list: the panel's record is gone.
    const url = new URL(request.url);
    url.searchParams.delete("id");
    throw redirect(`${url.pathname}${url.search}`);
  }
  unknownIntent();
}

/** After a change: the same list and panel, read afresh (a reload does not post again), the
 * confirmation step closed. */
function backToPanel(request: Request): never {
  const url = new URL(request.url);
  url.searchParams.delete(CONFIRM_CANCEL_PARAM);
  throw redirect(`${url.pathname}${url.search}`);
}

export default function AdminStudents({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("admin-students");
  const { t: ta } = useTranslation("admin");
  const { query, list, classes, courses, selected } = loaderData;
  const filter = studentListParams(query).toString();
  // Only the note form's own errors (a field error) stay with it; the others show in the panel.
  const result = actionData && "status" in actionData ? actionData : undefined;
  return (
    <section aria-labelledby="students-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="students-heading" className="text-2xl font-bold text-slate-900">
            {ta("pages.students.title")}
          </h1>
          <p className="text-slate-600" aria-live="polite">
            {t("count", { count: list.total })}
          </p>
        </div>
        {/* A file download, not a page: a plain link (reloadDocument). */}
        <a
          href={`/admin/students/export.csv${filter ? `?${filter}` : ""}`}
          download
          title={t("exportHint")}
          className={buttonClass("secondary")}
        >
          <Download aria-hidden="true" className="size-4" />
          {t("export")}
        </a>
      </div>
      <StudentFilters query={query} classes={classes} courses={courses} />
      {!selected && <ListError result={result} />}
      {list.rows.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          {activeFilterCount(query) > 0 ? t("noMatch") : t("empty")}
        </p>
      ) : (
        <StudentsTable rows={list.rows} query={query} page={list.page} />
      )}
      <StudentsPager query={query} page={list.page} pageCount={list.pageCount} />
      {selected && <StudentDetailPanel key={selected.id} student={selected} lastResult={result} />}
    </section>
  );
}
