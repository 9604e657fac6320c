// Settings › Thanh toán, bank-transfer notifications (issue 31, ADR 050): which provider may post
// to /api/bank-notifications/<provider> and with which secret, then what the operator checks — the
// address to register at the provider, the posts refused for a wrong key, and the last
// notifications with what each did. The secret never comes back to the page: only its last four
// characters, and the field is empty (leaving it empty keeps the stored one).
import { getFormProps } from "@conform-to/react";
import { ShieldAlert } from "lucide-react";
import { Form } from "react-router";
import { PasswordField, SelectField, TextField } from "~/components/forms/fields";
import { SubmitRow, useSubmitting } from "~/components/forms/submit";
import { formResult, useAppForm } from "~/components/forms/use-app-form";
import { Alert } from "~/components/ui/alert";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { type BankFeedProvider, isBankFeedProvider, type SepayAuthMethod } from "~/lib/bank-feed";
import { formatDateTimeVi, formatPriceVnd } from "~/lib/format";
import {
  ignoredTransferReasons,
  type TransferOutcome,
  transferOutcomes,
  unmatchedTransferReasons,
} from "~/lib/transfer-match";
import type { RecentNotification } from "~/models/bank-notification.server";
import { BANK_FEED_SECRET_MAX_LENGTH, bankFeedSettingsSchema } from "~/schemas/bank-feed";
import { compactColumns, DataTable, EmptyList } from "../data-table";
import { FormErrors } from "../form-parts";
import { SettingsSection } from "./settings-page";

/** The intent of the section's save. */
export const SAVE_BANK_FEED_INTENT = "save-bank-feed";

/** How many notifications the section lists. */
export const RECENT_NOTIFICATIONS_LIMIT = 20;

/** What the page knows of the school's link to a provider: never the secret itself. */
export interface BankFeedView {
  provider: BankFeedProvider | null;
  auth: SepayAuthMethod;
  /** The stored secret's last four characters ("" when none can be used). */
  secretHint: string;
  /** What Settings stores for the account ("" = the payment account). */
  accountSetting: string;
  fromEnvironment: boolean;
  refused: number;
  refusedAt: Date | string | null;
}

/** The providers' own names: the same in every language, so not in the catalogues. */
const providerNames: Record<BankFeedProvider, string> = { sepay: "SePay", casso: "Casso" };

/** The path a provider posts to (app/routes.ts). */
export const webhookPath = (provider: BankFeedProvider) => `/api/bank-notifications/${provider}`;

/** The last answer was this form's own. The tab holds two forms, and a reply puts what was typed
 * back into the form it belongs to: only this one has an `account` field, which every post of it
 * carries (the reply names the fields posted, empty ones too). */
export function isBankFeedResult(result: unknown) {
  return formResult(result)?.fields?.includes("account") ?? false;
}

export function BankFeedSection({
  feed,
  notifications,
  paymentAccount,
  webhookBase,
  lastResult,
}: {
  feed: BankFeedView;
  notifications: readonly RecentNotification[];
  /** Settings' payment account: the one notifications apply to when the field is empty. */
  paymentAccount: string;
  /** APP_URL (or the page's origin), without a trailing slash. */
  webhookBase: string;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-settings");
  // The form starts again from what was stored after each save; a notification arriving (a live
  // reload of the list) changes none of these, so it never wipes what is being typed.
  const stored = [feed.provider, feed.auth, feed.secretHint, feed.accountSetting, feed.fromEnvironment];
  return (
    <SettingsSection id="bank-feed-heading" title={t("bankFeed.heading")} intro={t("bankFeed.intro")}>
      <BankFeedForm
        key={JSON.stringify(stored)}
        feed={feed}
        paymentAccount={paymentAccount}
        webhookBase={webhookBase}
        lastResult={isBankFeedResult(lastResult) ? lastResult : undefined}
      />
      <RefusedPosts refused={feed.refused} refusedAt={feed.refusedAt} />
      <RecentNotifications notifications={notifications} />
    </SettingsSection>
  );
}

function BankFeedForm({
  feed,
  paymentAccount,
  webhookBase,
  lastResult,
}: {
  feed: BankFeedView;
  paymentAccount: string;
  webhookBase: string;
  lastResult: unknown;
}) {
  const hydrated = useHydrated();
  const { t } = useTranslation("admin-settings");
  const [form, fields] = useAppForm(bankFeedSettingsSchema, {
    id: "bank-feed-settings",
    lastResult,
    // No secret: the field is never filled in.
    defaultValue: { provider: feed.provider ?? "", auth: feed.auth, account: feed.accountSetting },
  });
  // The provider as chosen in the form now (Conform follows the select); the environment's is SePay.
  const chosen = feed.fromEnvironment ? "sepay" : String(fields.provider.value ?? "");
  const provider = isBankFeedProvider(chosen) ? chosen : null;
  // Without JavaScript every field shows (the choice cannot hide them); with it, only the ones
  // the chosen provider uses.
  const showSecret = !hydrated || provider !== null;
  const showAuth = !hydrated || provider === "sepay";
  const secretHintId = `${fields.secret.id}-stored`;
  const saving = useSubmitting(SAVE_BANK_FEED_INTENT);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormErrors errors={form.errors} />
      {feed.fromEnvironment ? (
        <Alert tone="info">{t("bankFeed.environment", { hint: feed.secretHint })}</Alert>
      ) : (
        <>
          {feed.provider && !feed.secretHint && <Alert tone="info">{t("bankFeed.inactive")}</Alert>}
          <div className="grid gap-4 md:grid-cols-2">
            <SelectField
              field={fields.provider}
              label={t("bankFeed.fields.provider")}
              hint={t("bankFeed.hints.provider")}
              placeholder={t("bankFeed.off")}
              options={Object.entries(providerNames).map(([value, label]) => ({ value, label }))}
            />
            <div hidden={!showAuth}>
              <SelectField
                field={fields.auth}
                label={t("bankFeed.fields.auth")}
                hint={t("bankFeed.hints.auth")}
                options={(["apikey", "hmac"] as const).map((method) => ({
                  value: method,
                  label: t(`bankFeed.authMethods.${method}`),
                }))}
              />
            </div>
          </div>
          <div hidden={!showSecret} className="space-y-1.5">
            <PasswordField
              field={fields.secret}
              label={t("bankFeed.fields.secret")}
              // A new secret only: no browser fills in a saved password here.
              autoComplete="new-password"
              maxLength={BANK_FEED_SECRET_MAX_LENGTH}
              aria-describedby={[
                secretHintId,
                fields.secret.errors?.length ? `${fields.secret.id}-error` : "",
              ]
                .filter(Boolean)
                .join(" ")}
            />
            <p id={secretHintId} className="text-sm text-slate-600">
              {feed.secretHint
                ? t("bankFeed.hints.secretStored", { hint: feed.secretHint })
                : t("bankFeed.hints.secretNone")}{" "}
              {t("bankFeed.hints.secret")}
            </p>
          </div>
        </>
      )}
      <TextField
        field={fields.account}
        label={t("bankFeed.fields.account")}
        hint={t("bankFeed.hints.account")}
        placeholder={paymentAccount || undefined}
        inputMode="numeric"
        autoComplete="off"
        maxLength={64}
      />
      <WebhookAddress provider={provider} webhookBase={webhookBase} />
      <SubmitRow
        name="intent"
        value={SAVE_BANK_FEED_INTENT}
        pending={saving}
        pendingLabel={t("bankFeed.applying")}
      >
        {t("bankFeed.apply")}
      </SubmitRow>
    </Form>
  );
}

/** The address the operator registers at the provider, selected whole with one click. */
function WebhookAddress({
  provider,
  webhookBase,
}: {
  provider: BankFeedProvider | null;
  webhookBase: string;
}) {
  const { t } = useTranslation("admin-settings");
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-slate-800">{t("bankFeed.webhook.label")}</p>
      {provider ? (
        <>
          <code
            data-testid="bank-feed-webhook"
            className="block rounded-lg bg-slate-100 px-3 py-2.5 font-mono text-sm break-all text-slate-900 select-all"
          >
            {`${webhookBase}${webhookPath(provider)}`}
          </code>
          <p className="text-sm text-slate-600">
            {t("bankFeed.webhook.hint", { provider: providerNames[provider] })}
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-600">{t("bankFeed.webhook.none")}</p>
      )}
    </div>
  );
}

/** Posts refused for their credentials: someone guessing, or the provider holding another key
 * than Settings (the school's payments then stop arriving) — hard to miss when there are any. */
function RefusedPosts({ refused, refusedAt }: { refused: number; refusedAt: Date | string | null }) {
  const { t } = useTranslation("admin-settings");
  if (refused === 0) return <p className="text-sm text-slate-600">{t("bankFeed.refused.none")}</p>;
  return (
    <div
      data-testid="bank-feed-refused"
      className="flex gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
      <div>
        <p className="font-semibold">{t("bankFeed.refused.count", { count: refused })}</p>
        {refusedAt && <p>{t("bankFeed.refused.last", { time: formatDateTimeVi(refusedAt) })}</p>}
      </div>
    </div>
  );
}

const reasons: readonly string[] = [...unmatchedTransferReasons, ...ignoredTransferReasons];
const isOutcome = (value: string): value is TransferOutcome =>
  (transferOutcomes as readonly string[]).includes(value);

const outcomeTone: Record<TransferOutcome, string> = {
  paid: "bg-green-50 text-green-800 ring-green-300",
  partial: "bg-blue-50 text-blue-800 ring-blue-200",
  settled: "bg-slate-100 text-slate-700 ring-slate-300",
  unmatched: "bg-amber-50 text-amber-900 ring-amber-300",
  ignored: "bg-slate-100 text-slate-700 ring-slate-300",
};

function RecentNotifications({ notifications }: { notifications: readonly RecentNotification[] }) {
  const { t } = useTranslation("admin-settings");
  return (
    <section aria-labelledby="bank-feed-recent-heading" className="space-y-2">
      <div>
        <h3 id="bank-feed-recent-heading" className="text-base font-semibold text-slate-900">
          {t("bankFeed.recent.heading")}
        </h3>
        <p className="text-sm text-slate-600">
          {t("bankFeed.recent.intro", { limit: RECENT_NOTIFICATIONS_LIMIT })}
        </p>
      </div>
      {notifications.length === 0 ? (
        <EmptyList>{t("bankFeed.recent.empty")}</EmptyList>
      ) : (
        <DataTable
          caption={t("bankFeed.recent.caption")}
          columns={compactColumns(
            (["time", "provider", "amount", "direction", "outcome", "reference"] as const).map((column) =>
              t(`bankFeed.recent.columns.${column}`),
            ),
          )}
          scrollClassName="overflow-x-auto"
          readOnlyRows
          tableClassName="w-full min-w-[48rem] text-left text-sm"
          headClassName="border-b border-slate-200 text-slate-700"
        >
          {notifications.map((notification) => (
            <tr key={notification.id} className="align-top" data-outcome={notification.outcome}>
              <td className="py-2 pr-3 whitespace-nowrap text-slate-700">
                {formatDateTimeVi(notification.receivedAt)}
              </td>
              <td className="py-2 pr-3 text-slate-700">
                {isBankFeedProvider(notification.provider)
                  ? providerNames[notification.provider]
                  : notification.provider}
              </td>
              <td className="py-2 pr-3 font-semibold whitespace-nowrap text-slate-900">
                {formatPriceVnd(notification.amount)}
              </td>
              <td className="py-2 pr-3 text-slate-700">
                {notification.direction === "out" ? t("bankFeed.direction.out") : t("bankFeed.direction.in")}
              </td>
              <td className="py-2 pr-3">
                {isOutcome(notification.outcome) && (
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${outcomeTone[notification.outcome]}`}
                  >
                    {t(`bankFeed.outcome.${notification.outcome}`)}
                  </span>
                )}
                {notification.reason && reasons.includes(notification.reason) && (
                  <p className="mt-1 text-slate-700">{t(`bankFeed.reason.${notification.reason}`)}</p>
                )}
              </td>
              <td className="py-2 font-mono text-slate-900">{notification.reference ?? "–"}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
