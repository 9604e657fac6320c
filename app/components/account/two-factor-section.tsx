// The admin's second factor on /admin/profile (ADR 012) — set up with an authenticator app
// (QR code or the secret typed in), confirmed with a code, recovery codes shown once; turned off
// with the password. Plain forms: everything works without JavaScript.
import { Form, useNavigation } from "react-router";
import type { TwoFactorIntent, TwoFactorResult, TwoFactorSetup } from "~/auth/two-factor.server";
import { PasswordField } from "~/components/site/password-field";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";

const sectionClass = "space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200";

export function isTwoFactorResult(value: unknown): value is TwoFactorResult {
  const intent = (value as { intent?: unknown } | undefined)?.intent;
  return typeof intent === "string" && intent.startsWith("two-factor-");
}

export function TwoFactorSection({
  setup,
  required,
  actionData,
}: {
  setup: TwoFactorSetup;
  required: boolean;
  actionData: TwoFactorResult | undefined;
}) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const busy = (intent: TwoFactorIntent) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const result = (intent: TwoFactorIntent) => (actionData?.intent === intent ? actionData : undefined);
  const errors = (intent: TwoFactorIntent, field: string) => result(intent)?.errors?.[field] ?? undefined;
  const formError = actionData?.errors?.[""]?.[0];
  const recoveryCodes = actionData?.recoveryCodes;
  const codeErrors = errors("two-factor-confirm", "code")?.map((key) =>
    t(key, { count: actionData?.retryAfterMinutes }),
  );

  return (
    <section aria-labelledby="two-factor-heading" className={sectionClass}>
      <h2 id="two-factor-heading" className="text-xl font-semibold">
        {t("twoFactor.heading")}
      </h2>
      {required && setup.status !== "on" && <Alert tone="error">{t("twoFactor.required")}</Alert>}
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
          <Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="two-factor-start" />
            <PasswordField
              label={t("twoFactor.password")}
              name="password"
              autoComplete="current-password"
              errors={errors("two-factor-start", "password")}
            />
            <Button type="submit" disabled={busy("two-factor-start")}>
              {t("twoFactor.start")}
            </Button>
          </Form>
        </>
      )}

      {setup.status === "pending" && (
        <>
          <ol className="list-decimal space-y-2 pl-5 text-slate-700">
            <li>{t("twoFactor.stepScan")}</li>
            <li>{t("twoFactor.stepCode")}</li>
          </ol>
          <svg
            viewBox={`0 0 ${setup.qr.size} ${setup.qr.size}`}
            className="size-48 bg-white"
            role="img"
            aria-label={t("twoFactor.qrLabel")}
            shapeRendering="crispEdges"
          >
            <rect width={setup.qr.size} height={setup.qr.size} fill="#fff" />
            <path d={setup.qr.path} fill="#000" />
          </svg>
          <p className="text-sm text-slate-700">
            {t("twoFactor.secretLabel")}{" "}
            <code
              className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono"
              data-testid="totp-secret"
            >
              {setup.secret}
            </code>
          </p>
          <Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="two-factor-confirm" />
            <TextField
              label={t("twoFactor.code")}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              errors={codeErrors}
            />
            <Button type="submit" disabled={busy("two-factor-confirm")}>
              {t("twoFactor.confirm")}
            </Button>
          </Form>
          <Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="two-factor-off" />
            <PasswordField
              label={t("twoFactor.password")}
              name="password"
              autoComplete="current-password"
              errors={errors("two-factor-off", "password")}
            />
            <Button type="submit" variant="secondary" disabled={busy("two-factor-off")}>
              {t("twoFactor.cancel")}
            </Button>
          </Form>
        </>
      )}

      {setup.status === "on" && (
        <>
          <p className="text-slate-700">{t("twoFactor.onText")}</p>
          <Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="two-factor-off" />
            <PasswordField
              label={t("twoFactor.password")}
              name="password"
              autoComplete="current-password"
              errors={errors("two-factor-off", "password")}
            />
            <Button type="submit" variant="danger" disabled={busy("two-factor-off") || required}>
              {t("twoFactor.turnOff")}
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
