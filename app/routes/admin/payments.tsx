import { data, redirect, useLocation } from "react-router";
import type { z } from "zod";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { ListError } from "~/components/admin/form-parts";
import { Pagination, pageParam } from "~/components/admin/pagination";
import { MarkPaidDialog } from "~/components/admin/payments/mark-paid-dialog";
import { PAY_DIALOG_KIND, PaymentsTable } from "~/components/admin/payments/payments-table";
import { StatementImport, type StatementStep } from "~/components/admin/payments/statement-import";
import {
  AssignTransferDialog,
  HandleTransferDialog,
  type TransferDialogKind,
  transferDialogKinds,
  UnmatchedTransfers,
} from "~/components/admin/payments/unmatched-transfers";
import { optionsOf } from "~/components/forms/fields";
import { FilterForm } from "~/components/forms/filter-form";
import { useKeptActionData } from "~/components/live-updates";
import { Alert } from "~/components/ui/alert";
import { useTranslation } from "~/i18n/react";
import { closedDialogHref, readDialog } from "~/lib/dialog-url";
import { calendarDayInVietnam } from "~/lib/format";
import {
  assignTransfer,
  listUnmatchedTransfers,
  markTransferHandled,
  type TransferResolution,
} from "~/models/bank-notification.server";
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
import {
  assignTransferSchema,
  handleTransferSchema,
  UNMATCHED_PAGE_PARAM,
  UNMATCHED_PAGE_SIZE,
} from "~/schemas/bank-transfer";
import { paymentStatuses } from "~/schemas/enrollment-admin";
import type { FormSchema } from "~/schemas/form-schema";
import {
  markPaidSchema,
  PAYMENT_SEARCH_MAX_LENGTH,
  PAYMENTS_PAGE_SIZE,
  readPaymentListQuery,
} from "~/schemas/payment-record";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/payments";

// A payment another admin records, or a new enrolment, reaches this page live; so does a bank
// notification, which may add an unmatched transfer (or another consultant resolve one).
export const handle: AdminHandle = { liveTopics: ["enrollments", "payments"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin-payments:page");

// Personal data and money: never cached.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const transferDialogOf = (kind: string | undefined) =>
  (transferDialogKinds as readonly (string | undefined)[]).includes(kind)
    ? (kind as TransferDialogKind)
    : undefined;

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/payments");
  const { db } = args.context;
  const url = new URL(args.request.url);
  const query = readPaymentListQuery(url.searchParams);
  const dialog = readDialog(url);
  const payId = dialog?.kind === PAY_DIALOG_KIND && dialog.id && UUID.test(dialog.id) ? dialog.id : undefined;
  const [list, target, columns, unmatched] = await Promise.all([
    listPaymentsForAdmin(db, query),
    payId ? getPaymentTarget(db, payId) : undefined,
    readStatementColumns(db),
    listUnmatchedTransfers(db, { page: pageParam(url, UNMATCHED_PAGE_PARAM) }, UNMATCHED_PAGE_SIZE),
  ]);
  // A transfer's dialog opens from its row, so only for a transfer still open on this page: one
  // another consultant resolved meanwhile is a stale link, and the list says why it is gone.
  const transferKind = dialog?.mode === "edit" ? transferDialogOf(dialog.kind) : undefined;
  const transfer = transferKind ? unmatched.rows.find((row) => row.id === dialog?.id) : undefined;
  // Only an enrolment still waiting for its money opens the dialog; a stale link shows the list.
  return {
    query,
    list,
    columns,
    target: target?.paymentStatus === "pending" && acceptsPayment(target) ? target : undefined,
    today: calendarDayInVietnam(),
    unmatched,
    transferDialog: transferKind && transfer ? { kind: transferKind, transfer } : undefined,
  };
}

const refusals: Partial<Record<PaymentOutcome, string>> = {
  "not-found": "admin:errors.notFound",
  "already-paid": "admin-payments:errors.alreadyPaid",
  refunded: "admin-payments:errors.refunded",
  duplicate: "admin-payments:errors.duplicate",
  "not-owed": "admin-payments:errors.notOwed",
};

type TransferRefusal = Exclude<TransferResolution, "assigned" | "handled">;

/** A resolution refused: the transfer is gone (404); it was decided already, or the enrolment's
 * money is settled (409: the message says what to do instead); the reference fits no enrolment, or
 * the amount can be no fee (400, on the reference the consultant typed). */
const transferRefusals: Record<TransferRefusal, { status: number; message: string; field?: "reference" }> = {
  "not-found": { status: 404, message: "admin-payments:unmatched.errors.notFound" },
  "resolved-already": { status: 409, message: "admin-payments:unmatched.errors.resolvedAlready" },
  "already-paid": { status: 409, message: "admin-payments:unmatched.errors.alreadyPaid" },
  refunded: { status: 409, message: "admin-payments:unmatched.errors.refunded" },
  "unknown-reference": {
    status: 400,
    message: "admin-payments:unmatched.errors.unknownReference",
    field: "reference",
  },
  "too-large": { status: 400, message: "admin-payments:unmatched.errors.tooLarge", field: "reference" },
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

  // An unmatched transfer (issue 31): `context.db` is the guard's handle, scoped to this person, so
  // the payment and the resolution are audited under their name.
  if (intent === "assign-transfer")
    return resolveTransfer(
      request,
      formData,
      assignTransferSchema,
      (value) => assignTransfer(context.db, { ...value, actorId: admin.id }),
      (value) => ({ reference: value.reference }),
    );
  if (intent === "handle-transfer")
    return resolveTransfer(request, formData, handleTransferSchema, (value) =>
      markTransferHandled(context.db, { ...value, actorId: admin.id }),
    );

  if (typeof intent === "string" && intent.startsWith("statement-")) {
    const step = await statementStep(context.db, context.config.authSecret, intent, formData, admin.id);
    if ("imported" in step)
      throw redirect(withDone(closedDialogHref(request.url), { done: "imported", ...step.imported }));
    return data({ statement: step }, { status: "error" in step ? 400 : 200 });
  }
  unknownIntent();
}

/** An unmatched transfer's assignment or "handled": the form's schema, the model's decision under
 * the transfer's lock, then the page again saying what was done (a reload does not post twice); a
 * refusal keeps the dialog open with why, or — the transfer gone from the list — the page says it. */
async function resolveTransfer<Schema extends FormSchema>(
  request: Request,
  formData: FormData,
  schema: Schema,
  resolve: (value: z.output<Schema>) => Promise<TransferResolution>,
  doneValues?: (value: z.output<Schema>) => Record<string, string>,
) {
  const submission = parseFormSubmission(formData, schema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const value = submission.value as z.output<Schema>;
  let outcome: TransferResolution;
  try {
    outcome = await resolve(value);
  } catch (error) {
    return writeFailed(submission, "admin-payments:unmatched.errors.save", error);
  }
  if (outcome === "assigned" || outcome === "handled")
    throw redirect(withDone(closedDialogHref(request.url), { done: outcome, ...doneValues?.(value) }));
  const { status, message, field } = transferRefusals[outcome];
  const reply = field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
  return data(submission.reply(reply), { status });
}

function withDone(href: string, values: Record<string, string | number>) {
  const url = new URL(href, "http://x");
  // Back to the first page of both lists: the row just written may have left the one shown.
  for (const key of ["page", UNMATCHED_PAGE_PARAM, ...DONE_KEYS]) url.searchParams.delete(key);
  for (const [key, value] of Object.entries(values)) url.searchParams.set(key, String(value));
  return `${url.pathname}${url.search}`;
}

const DONE_KEYS = ["done", "paid", "partial", "skipped", "reference"];

/** What the last write did, from the URL its redirect set. */
function DoneMessage() {
  const { t } = useTranslation("admin-payments");
  const params = new URLSearchParams(useLocation().search);
  const done = params.get("done");
  if (done === "paid" || done === "partial") return <Alert tone="success">{t(`done.${done}`)}</Alert>;
  if (done === "assigned")
    return (
      <Alert tone="success">
        {t("unmatched.done.assigned", { reference: params.get("reference") ?? "" })}
      </Alert>
    );
  if (done === "handled") return <Alert tone="success">{t("unmatched.done.handled")}</Alert>;
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
  const { query, list, columns, target, today, unmatched, transferDialog } = loaderData;
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
      {/* A write refused once its dialog is gone (the enrolment paid, the transfer resolved
          meanwhile in another tab) says so here. */}
      {!target && !transferDialog && <ListError result={formReply} />}
      <UnmatchedTransfers list={unmatched} />
      <FilterForm
        namespace="admin-payments"
        query={query}
        searchMaxLength={PAYMENT_SEARCH_MAX_LENGTH}
        layout="row"
        resetTo="/admin/payments"
        choices={{ status: optionsOf(paymentStatuses, (value) => t(`admin-students:payment.${value}`)) }}
      />
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
      {transferDialog?.kind === "assign-transfer" && (
        <AssignTransferDialog
          key={transferDialog.transfer.id}
          transfer={transferDialog.transfer}
          lastResult={formReply}
        />
      )}
      {transferDialog?.kind === "handle-transfer" && (
        <HandleTransferDialog
          key={transferDialog.transfer.id}
          transfer={transferDialog.transfer}
          lastResult={formReply}
        />
      )}
    </section>
  );
}
