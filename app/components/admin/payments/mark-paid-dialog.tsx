// "Mark paid": the amount received (the open part of the fee by default), the day (today in
// Vietnam by default) and the method. The action records the payment and queues the receipt.
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { optionsOf, SelectField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import { formatPriceVnd } from "~/lib/format";
import type { PaymentRow } from "~/models/payment.server";
import { markPaidSchema, paymentMethods } from "~/schemas/payment-record";
import { AdminDialog, DialogActions } from "../dialog";
import { FormErrors } from "../form-parts";

export function MarkPaidDialog({
  target,
  today,
  lastResult,
}: {
  target: PaymentRow;
  today: string;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-payments");
  const navigation = useNavigation();
  const open = target.due === null ? 0 : Math.max(0, target.due - target.paid);
  const [form, fields] = useAppForm(markPaidSchema, {
    id: `pay-${target.id}`,
    lastResult,
    defaultValue: { id: target.id, amount: open ? String(open) : "", paidOn: today, method: "transfer" },
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <AdminDialog title={t("dialog.title")}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="id" value={target.id} />
        <FormErrors errors={form.errors} />
        <p className="font-medium text-slate-900">
          {t("dialog.for", { name: target.fullName, reference: target.reference })}
        </p>
        {target.due !== null && (
          <p className="text-slate-700">
            {t("dialog.dueLine", { due: formatPriceVnd(target.due), paid: formatPriceVnd(target.paid) })}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.amount} label={t("dialog.amount")} required inputMode="numeric" />
          <TextField field={fields.paidOn} label={t("dialog.paidOn")} required type="date" max={today} />
        </div>
        <SelectField
          field={fields.method}
          label={t("dialog.method")}
          required
          options={optionsOf(paymentMethods, (method) => t(`methods.${method}`))}
        />
        <p className="text-sm text-slate-600">{t("dialog.receiptNote")}</p>
        <DialogActions saving={saving} submitLabel={t("dialog.submit")} />
      </Form>
    </AdminDialog>
  );
}
