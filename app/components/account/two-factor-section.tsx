// The admin's second factor on /admin/profile (ADR 012) — set up with an authenticator app
// (QR code or the secret typed in), confirmed with a code, recovery codes shown once; turned off
// with the password. Plain forms: everything works without JavaScript.
import type { ReactNode } from "react";
import type { TwoFactorIntent, TwoFactorResult, TwoFactorSetup } from "~/auth/two-factor.server";
import { PasswordField, TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit";
import { Alert } from "~/components/ui/alert";
import { QrCodeImage } from "~/components/ui/qr-code";
import { useTranslation } from "~/i18n/react";
import { AccountSection, IntentForm, useIntentResults } from "./account-form";

export function isTwoFactorResult(value: unknown): value is TwoFactorResult {
  const intent = (value as { intent?: unknown } | undefined)?.intent;
  return typeof intent === "string" && intent.startsWith("two-factor-");
}

export function TwoFactorSection({
  setup,
  required,
  invited = false,
  actionData,
}: {
  setup: TwoFactorSetup;
  required: boolean;
  /** An admin who has just joined through an invitation: asked to turn it on now. */
  invited?: boolean;
  actionData: TwoFactorResult | undefined;
}) {
  const { t } = useTranslation("account");
  const { busy, errors } = useIntentResults<TwoFactorIntent, TwoFactorResult>(actionData);
  const formError = actionData?.errors?.[""]?.[0];
  const recoveryCodes = actionData?.recoveryCodes;
  const codeErrors = errors("two-factor-confirm", "code")?.map((key) =>
    t(key, { count: actionData?.retryAfterMinutes }),
  );

  return (
    <AccountSection id="two-factor-heading" title={t("twoFactor.heading")}>
      {required && setup.status !== "on" && <Alert tone="error">{t("twoFactor.required")}</Alert>}
      {invited && !required && setup.status !== "on" && <Alert tone="info">{t("twoFactor.invited")}</Alert>}
      {actionData?.ok && <Alert tone="success">{t(actionData.ok)}</Alert>}
      {formError && <Alert tone="error">{t(formError, { count: actionData?.retryAfterMinutes })}</Alert>}

      {recoveryCodes && (
        <div className="space-y-2 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300">
          <h3 className="font-semibold text-slate-900">{t("twoFactor.recoveryHeading")}</h3>
          <p className="text-sm text-slate-800">{t("twoFactor.recoveryText")}</p>
          <ul
            className="grid grid-cols-2 gap-1 font-mono text-sm"
            aria-label={t("twoFactor.recoveryHeading")}
          >
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      )}

      {setup.status === "off" && (
        <>
          <p className="text-slate-700">{t("twoFactor.offText")}</p>
          <PasswordForm intent="two-factor-start" errors={errors("two-factor-start", "password")}>
            <SubmitButton pending={busy("two-factor-start")}>{t("twoFactor.start")}</SubmitButton>
          </PasswordForm>
        </>
      )}

      {setup.status === "pending" && (
        <>
          <ol className="list-decimal space-y-2 pl-5 text-slate-700">
            <li>{t("twoFactor.stepScan")}</li>
            <li>{t("twoFactor.stepCode")}</li>
          </ol>
          <QrCodeImage qr={setup.qr} className="size-48 bg-white" label={t("twoFactor.qrLabel")} />
          <p className="text-sm text-slate-700">
            {t("twoFactor.secretLabel")}{" "}
            <code
              className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono"
              data-testid="totp-secret"
            >
              {setup.secret}
            </code>
          </p>
          <IntentForm intent="two-factor-confirm" noValidate>
            <TextField
              label={t("twoFactor.code")}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              errors={codeErrors}
            />
            <SubmitButton pending={busy("two-factor-confirm")}>{t("twoFactor.confirm")}</SubmitButton>
          </IntentForm>
          <PasswordForm intent="two-factor-off" errors={errors("two-factor-off", "password")}>
            <SubmitButton variant="secondary" pending={busy("two-factor-off")}>
              {t("twoFactor.cancel")}
            </SubmitButton>
          </PasswordForm>
        </>
      )}

      {setup.status === "on" && (
        <>
          <p className="text-slate-700">{t("twoFactor.onText")}</p>
          <PasswordForm intent="two-factor-off" errors={errors("two-factor-off", "password")}>
            <SubmitButton variant="danger" pending={busy("two-factor-off")} disabled={required}>
              {t("twoFactor.turnOff")}
            </SubmitButton>
          </PasswordForm>
        </>
      )}
    </AccountSection>
  );
}

/** Starting, cancelling and turning off the second factor each ask for the password. */
function PasswordForm({
  intent,
  errors,
  children,
}: {
  intent: TwoFactorIntent;
  errors: string[] | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation("account");
  return (
    <IntentForm intent={intent} noValidate>
      <PasswordField
        label={t("twoFactor.password")}
        name="password"
        autoComplete="current-password"
        errors={errors}
      />
      {children}
    </IntentForm>
  );
}
