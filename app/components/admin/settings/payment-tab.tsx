// Settings › Thanh toán (ADR 028): the account learners pay their fee to by VietQR transfer.
// Empty, nothing about payment shows anywhere. Then the bank-transfer notifications (ADR 050).
import { getFormProps } from "@conform-to/react";
import { useMemo } from "react";
import { Form } from "react-router";
import { CheckboxField, SelectField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import type { RecentNotification } from "~/models/bank-notification.server";
import type { PaymentSettings, VietQrBank } from "~/models/payment-settings.server";
import {
  ACCOUNT_HOLDER_MAX_LENGTH,
  FIRST_COURSE_DISCOUNT_PERCENT,
  paymentSettingsSchema,
  TRANSFER_PREFIX_MAX_LENGTH,
} from "~/schemas/payment";
import { FormErrors, SaveRow } from "../form-parts";
import { BankFeedSection, type BankFeedView, isBankFeedResult } from "./bank-feed-section";
import { SettingsSection } from "./settings-page";

type PaymentTabProps = {
  settings: PaymentSettings;
  banks: readonly VietQrBank[];
  lastResult: unknown;
};

/** The form starts again from what was stored after each save: the holder and the prefix show
 * as they were normalised (capitals without diacritics), the account as its digits. Below it,
 * the bank-transfer notifications (ADR 050), whose form's answers are its own. */
export function PaymentTab({
  bankFeed,
  notifications,
  webhookBase,
  ...props
}: PaymentTabProps & {
  bankFeed: BankFeedView;
  notifications: readonly RecentNotification[];
  webhookBase: string;
}) {
  return (
    <div className="space-y-5">
      <PaymentForm
        key={JSON.stringify(props.settings)}
        {...props}
        lastResult={isBankFeedResult(props.lastResult) ? undefined : props.lastResult}
      />
      <BankFeedSection
        feed={bankFeed}
        notifications={notifications}
        paymentAccount={props.settings.accountNumber}
        webhookBase={webhookBase}
        lastResult={props.lastResult}
      />
    </div>
  );
}

function PaymentForm({ settings, banks, lastResult }: PaymentTabProps) {
  const { t } = useTranslation("payment");
  const schema = useMemo(() => paymentSettingsSchema(banks.map((bank) => bank.bin)), [banks]);
  const [form, fields] = useAppForm(schema, {
    id: "payment-settings",
    lastResult,
    defaultValue: { ...settings, firstCourseDiscount: settings.firstCourseDiscount ? "on" : undefined },
  });
  return (
    <SettingsSection id="payment-heading" title={t("settings.heading")} intro={t("settings.intro")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} />
        <SelectField
          field={fields.bankBin}
          label={t("settings.fields.bank")}
          placeholder={t("settings.noBank")}
          options={banks.map((bank) => ({ value: bank.bin, label: `${bank.shortName} – ${bank.name}` }))}
        />
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            field={fields.accountNumber}
            label={t("settings.fields.account")}
            hint={t("settings.hints.account")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={64}
          />
          <TextField
            field={fields.accountHolder}
            label={t("settings.fields.holder")}
            hint={t("settings.hints.holder")}
            autoComplete="off"
            maxLength={ACCOUNT_HOLDER_MAX_LENGTH * 4}
          />
        </div>
        <TextField
          field={fields.transferPrefix}
          label={t("settings.fields.prefix")}
          hint={t("settings.hints.prefix", { max: TRANSFER_PREFIX_MAX_LENGTH })}
          placeholder="HOCPHI"
          autoComplete="off"
          maxLength={TRANSFER_PREFIX_MAX_LENGTH * 4}
        />
        <CheckboxField
          field={fields.firstCourseDiscount}
          label={t("settings.fields.discount", { percent: FIRST_COURSE_DISCOUNT_PERCENT })}
        />
        <p className="text-sm text-slate-600">{t("settings.hints.discount")}</p>
        <SaveRow intent="save-payment" />
      </Form>
    </SettingsSection>
  );
}
