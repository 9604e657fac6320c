// Payments' unmatched transfers (issue 31, ADR 050): what the bank told us about that could not be
// recorded by itself, newest first, each with why and — when the note named one — the enrolment.
// "Gán cho đăng ký" and "Đánh dấu đã xử lý" open their dialog in the URL (ADR 009,
// ?dialog=edit&kind=…&id=<the transfer>), so both work without JavaScript. Hidden while nothing
// waits: most schools have no bank feed, and an always-empty section is noise.
import { getFormProps } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import { dialogHref } from "~/lib/dialog-url";
import { formatDateTimeVi, formatPriceVnd } from "~/lib/format";
import { type UnmatchedTransferReason, unmatchedTransferReasons } from "~/lib/transfer-match";
import type { UnmatchedTransfer } from "~/models/bank-notification.server";
import {
  assignTransferSchema,
  handleTransferSchema,
  TRANSFER_NOTE_MAX_LENGTH,
  TRANSFER_REFERENCE_MAX_LENGTH,
  UNMATCHED_PAGE_PARAM,
} from "~/schemas/bank-transfer";
import { DataTable } from "../data-table";
import { AdminDialog, DialogActions } from "../dialog";
import { FormErrors } from "../form-parts";
import { Pagination } from "../pagination";

/** The dialogs' kinds, named like the intents they post. */
export const ASSIGN_TRANSFER_DIALOG = "assign-transfer";
export const HANDLE_TRANSFER_DIALOG = "handle-transfer";
export const transferDialogKinds = [ASSIGN_TRANSFER_DIALOG, HANDLE_TRANSFER_DIALOG] as const;
export type TransferDialogKind = (typeof transferDialogKinds)[number];

export interface UnmatchedTransferPage {
  rows: readonly UnmatchedTransfer[];
  total: number;
  page: number;
  pageSize: number;
}

const isReason = (reason: string | null): reason is UnmatchedTransferReason =>
  (unmatchedTransferReasons as readonly (string | null)[]).includes(reason);

/** Why the transfer waits, as a sentence, and the enrolment its note named when there is one
 * (overpaid, not owed, paid already, no fee): the consultant decides with both in view. */
function TransferReason({ transfer }: { transfer: UnmatchedTransfer }) {
  const { t } = useTranslation("admin-payments");
  return (
    <>
      <p>{isReason(transfer.reason) ? t(`unmatched.reasons.${transfer.reason}`) : "—"}</p>
      {transfer.enrollmentId && transfer.reference && (
        <p className="text-slate-600">
          {t("unmatched.enrollment")}{" "}
          <Link
            to={`/admin/students?id=${transfer.enrollmentId}`}
            className="font-medium text-blue-800 underline-offset-2 hover:underline"
          >
            {transfer.fullName}
          </Link>{" "}
          · <span className="font-mono font-semibold">{transfer.reference}</span>
        </p>
      )}
    </>
  );
}

/** The note as the bank passed it on; a transfer without one says so. */
function TransferNote({ content }: { content: string }) {
  const { t } = useTranslation("admin-payments");
  if (!content.trim()) return <span className="text-slate-500 italic">{t("unmatched.noNote")}</span>;
  return <span className="break-words">{content}</span>;
}

const head = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
const actionLink = "text-sm font-medium whitespace-nowrap text-blue-700 underline underline-offset-2";

export function UnmatchedTransfers({ list }: { list: UnmatchedTransferPage }) {
  const { t } = useTranslation("admin-payments");
  const location = useLocation();
  if (list.total === 0) return null;
  const open = (kind: TransferDialogKind, id: string) =>
    dialogHref(location.search, { mode: "edit", id, kind });
  return (
    <section
      aria-labelledby="unmatched-transfers-heading"
      className="space-y-3 rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200"
    >
      <h2 id="unmatched-transfers-heading" className="text-xl font-bold text-slate-900">
        {t("unmatched.heading", { count: list.total })}
      </h2>
      <p className="text-slate-700">{t("unmatched.intro")}</p>
      <DataTable
        caption={t("unmatched.caption")}
        columns={(["received", "amount", "note", "reason", "actions"] as const).map((column) => ({
          label: t(`unmatched.columns.${column}`),
          className: head,
        }))}
        scrollClassName="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        tableClassName="min-w-full divide-y divide-slate-200 text-sm"
        headClassName="bg-slate-50"
      >
        {list.rows.map((transfer) => {
          const what = {
            amount: formatPriceVnd(transfer.amount),
            time: formatDateTimeVi(transfer.receivedAt),
          };
          return (
            <tr key={transfer.id} className="align-top hover:bg-slate-50" data-reason={transfer.reason}>
              <th scope="row" className="px-4 py-3 text-left font-normal whitespace-nowrap text-slate-700">
                {what.time}
              </th>
              <td className="px-4 py-3 font-semibold whitespace-nowrap text-slate-900">{what.amount}</td>
              <td className="max-w-xs px-4 py-3 text-slate-700">
                <TransferNote content={transfer.content} />
              </td>
              <td className="px-4 py-3 text-slate-800">
                <TransferReason transfer={transfer} />
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-col items-start gap-2">
                  <Link
                    to={open(ASSIGN_TRANSFER_DIALOG, transfer.id)}
                    preventScrollReset
                    aria-label={t("unmatched.assignFor", what)}
                    className={actionLink}
                  >
                    {t("unmatched.assign.action")}
                  </Link>
                  <Link
                    to={open(HANDLE_TRANSFER_DIALOG, transfer.id)}
                    preventScrollReset
                    aria-label={t("unmatched.handleFor", what)}
                    className={actionLink}
                  >
                    {t("unmatched.handle.action")}
                  </Link>
                </div>
              </td>
            </tr>
          );
        })}
      </DataTable>
      <Pagination page={list.page} pageSize={list.pageSize} total={list.total} param={UNMATCHED_PAGE_PARAM} />
    </section>
  );
}

/** What the dialog is about: the transfer as the list shows it. */
function TransferSummary({ transfer }: { transfer: UnmatchedTransfer }) {
  const { t } = useTranslation("admin-payments");
  const rows = [
    ["received", formatDateTimeVi(transfer.receivedAt)],
    ["amount", formatPriceVnd(transfer.amount)],
    ["note", <TransferNote key="note" content={transfer.content} />],
    ["reason", <TransferReason key="reason" transfer={transfer} />],
  ] as const;
  return (
    <dl className="grid gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium text-slate-600">{t(`unmatched.columns.${key}`)}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const submitting = (navigation: ReturnType<typeof useNavigation>, intent: string) =>
  navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

/** "Gán cho đăng ký": the enrolment's reference, the one the note named when there was one. */
export function AssignTransferDialog({
  transfer,
  lastResult,
}: {
  transfer: UnmatchedTransfer;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-payments");
  const navigation = useNavigation();
  const [form, fields] = useAppForm(assignTransferSchema, {
    id: `assign-transfer-${transfer.id}`,
    lastResult,
    defaultValue: { id: transfer.id, reference: transfer.reference ?? "" },
  });
  return (
    <AdminDialog title={t("unmatched.assign.title")}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="id" value={transfer.id} />
        <FormErrors errors={form.errors} />
        <TransferSummary transfer={transfer} />
        <TextField
          field={fields.reference}
          label={t("unmatched.assign.reference")}
          hint={t("unmatched.assign.referenceHint")}
          required
          maxLength={TRANSFER_REFERENCE_MAX_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <p className="text-sm text-slate-600">{t("unmatched.assign.receiptNote")}</p>
        <DialogActions
          saving={submitting(navigation, ASSIGN_TRANSFER_DIALOG)}
          intent={ASSIGN_TRANSFER_DIALOG}
          submitLabel={t("unmatched.assign.submit")}
        />
      </Form>
    </AdminDialog>
  );
}

/** "Đánh dấu đã xử lý": nothing is recorded; the note says why. */
export function HandleTransferDialog({
  transfer,
  lastResult,
}: {
  transfer: UnmatchedTransfer;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-payments");
  const navigation = useNavigation();
  const [form, fields] = useAppForm(handleTransferSchema, {
    id: `handle-transfer-${transfer.id}`,
    lastResult,
    defaultValue: { id: transfer.id, note: "" },
  });
  return (
    <AdminDialog title={t("unmatched.handle.title")}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="id" value={transfer.id} />
        <FormErrors errors={form.errors} />
        <TransferSummary transfer={transfer} />
        <TextAreaField
          field={fields.note}
          label={t("unmatched.handle.note")}
          hint={t("unmatched.handle.noteHint")}
          required
          maxLength={TRANSFER_NOTE_MAX_LENGTH}
          rows={4}
        />
        <DialogActions
          saving={submitting(navigation, HANDLE_TRANSFER_DIALOG)}
          intent={HANDLE_TRANSFER_DIALOG}
          submitLabel={t("unmatched.handle.submit")}
        />
      </Form>
    </AdminDialog>
  );
}
