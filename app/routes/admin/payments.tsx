import { data, redirect, useLocation } from "react-router";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { ListError } from "~/components/admin/form-parts";
import { Pagination } from "~/components/admin/pagination";
import { MarkPaidDialog } from "~/components/admin/payments/mark-paid-dialog";
import { PAY_DIALOG_KIND, PaymentsTable } from "~/components/admin/payments/payments-table";
import { StatementImport, type StatementStep } from "~/components/admin/payments/statement-import";
import { optionsOf } from "~/components/forms/fields";
import { FilterForm } from "~/components/forms/filter-form";
import { useKeptActionData } from "~/components/live-updates";
import { Alert } from "~/components/ui/alert";
import { useTranslation } from "~/i18n/react";
import { closedDialogHref, readDialog } from "~/lib/dialog-url";
import { calendarDayInVietnam } from "~/lib/format";
import { readStatementColumns } from "~/models/bank-statement.server";
import {
  acceptsPayment,
  getPaymentTarget,
  listPaymentsForAdmin,
  markEnrollmentPaid,
  type PaymentOutcome,
} from "~/models/payment.server";
import { unknownIntent, writeFailed } from "~/requests/admin-action.server";
import { parseFormSubmission } from "~/requests/form-echo.server";
import { statementStep } from "~/requests/statement-import.server";
import { paymentStatuses } from "~/schemas/enrollment-admin";
import {
  markPaidSchema,
  PAYMENT_SEARCH_MAX_LENGTH,
  PAYMENTS_PAGE_SIZE,
  readPaymentListQuery,
} from "~/schemas/payment-record";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/payments";

// A payment another admin records, or a new enrolment, reaches this page live.
export const handle: AdminHandle = { liveTopics: ["enrollments"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin-payments:page");

// Personal data and money: never cached.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/payments");
  const { db } = args.context;
  const url = new URL(args.request.url);
  const query = readPaymentListQuery(url.searchParams);
  const dialog = readDialog(url);
  const payId = dialog?.kind === PAY_DIALOG_KIND && dialog.id && UUID.test(dialog.id) ? dialog.id : undefined;
  const [list, target, columns] = await Promise.all([
    listPaymentsForAdmin(db, query),
    payId ? getPaymentTarget(db, payId) : undefined,
    readStatementColumns(db),
  ]);
  // Only an enrolment still waiting for its money opens the dialog; a stale link shows the list.
  return {
    query,
    list,
    columns,
    target: target?.paymentStatus === "pending" && acceptsPayment(target) ? target : undefined,
    today: calendarDayInVietnam(),
  };
}

const refusals: Partial<Record<PaymentOutcome, string>> = {
  "not-found": "admin:errors.notFound",
  "already-paid": "admin-payments:errors.alreadyPaid",
  refunded: "admin-payments:errors.refunded",
  duplicate: "admin-payments:errors.duplicate",
  "not-owed": "admin-payments:errors.notOwed",
};

export async function action(args: Route.ActionArgs) {
  const { staff: admin, formData, intent } = await staffForm(args, "/admin/payments");
  const { request, context } = args;

  if (intent === "save") {
    const submission = parseFormSubmission(formData, markPaidSchema);
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { id, ...payment } = submission.value;
    let outcome: PaymentOutcome;
    try {
      outcome = await markEnrollmentPaid(context.db, {
        enrollmentId: id,
        ...payment,
        recordedById: admin.id,
      });
    } catch (error) {
      return writeFailed(submission, "admin-payments:errors.save", error);
    }
    const refused = refusals[outcome];
    if (refused) return data(submission.reply({ formErrors: [refused] }), { status: 409 });
    throw redirect(withDone(closedDialogHref(request.url), { done: outcome }));
  }

  if (typeof intent === "string" && intent.startsWith("statement-")) {
    const step = await statementStep(context.db, context.config.authSecret, intent, formData, admin.id);
    if ("imported" in step)
      throw redirect(withDone(closedDialogHref(request.url), { done: "imported", ...step.imported }));
    return data({ statement: step }, { status: "error" in step ? 400 : 200 });
  }
  unknownIntent();
}

function withDone(href: string, values: Record<string, string | number>) {
  const url = new URL(href, "http://x");
  for (const key of ["page", ...DONE_KEYS]) url.searchParams.delete(key);
  for (const [key, value] of Object.entries(values)) url.searchParams.set(key, String(value));
  return `${url.pathname}${url.search}`;
}

const DONE_KEYS = ["done", "paid", "partial", "skipped"];

/** What the last write did, from the URL its redirect set. */
function DoneMessage() {
  const { t } = useTranslation("admin-payments");
  const params = new URLSearchParams(useLocation().search);
  const done = params.get("done");
  if (done === "paid" || done === "partial") return <Alert tone="success">{t(`done.${done}`)}</Alert>;
  if (done !== "imported") return null;
  const count = (key: string) => Number(params.get(key)) || 0;
  return (
    <Alert tone="success">
      {t("done.imported", { paid: count("paid"), partial: count("partial"), skipped: count("skipped") })}
    </Alert>
  );
}

export default function AdminPayments({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-payments");
  // The statement's preview stays while a new enrolment reloads the list.
  const actionData = useKeptActionData(freshActionData);
  // The payment states' names are the students list's.
  useTranslation("admin-students");
  const { query, list, columns, target, today } = loaderData;
  const statement =
    actionData && "statement" in actionData ? (actionData.statement as StatementStep) : undefined;
  const formReply = actionData && !("statement" in actionData) ? actionData : undefined;
  return (
    <section aria-labelledby="payments-heading" className="space-y-5">
      <div>
        <h1 id="payments-heading" className="text-2xl font-bold text-slate-900">
          {t("page.title")}
        </h1>
        <p className="text-slate-600" aria-live="polite">
          {t("count", { count: list.total })}
        </p>
      </div>
      <DoneMessage />
      <FilterForm
        namespace="admin-payments"
        query={query}
        searchMaxLength={PAYMENT_SEARCH_MAX_LENGTH}
        layout="row"
        resetTo="/admin/payments"
        choices={{ status: optionsOf(paymentStatuses, (value) => t(`admin-students:payment.${value}`)) }}
      />
      {!target && <ListError result={formReply} />}
      {list.rows.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          {query.q || query.status ? t("noMatch") : t("empty")}
        </p>
      ) : (
        <PaymentsTable rows={list.rows} />
      )}
      <Pagination page={list.page} pageSize={PAYMENTS_PAGE_SIZE} total={list.total} />
      <StatementImport step={statement} saved={columns} />
      {target && <MarkPaidDialog key={target.id} target={target} today={today} lastResult={formReply} />}
    </section>
  );
}
