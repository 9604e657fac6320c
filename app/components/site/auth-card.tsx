import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import type { FormSchema } from "~/schemas/form-schema";
import { type FieldBinding, PasswordField, TextField } from "../forms/fields";
import { SubmitButton, usePendingIntent } from "../forms/submit";
import { type SchemaSource, useAppForm } from "../forms/use-app-form";
import { Alert } from "../ui/alert";
import { ThirdPartySignIn } from "./third-party-button";

/** An auth page: its title, the form, and below it the way to the neighbouring page ("No account?
 * Sign up", "Back to sign-in"). */
export function AuthCard({
  title,
  subtitle,
  footer,
  children,
}: {
  title: string;
  subtitle?: string;
  footer?: { prompt?: string; to: string; label: string };
  children: ReactNode;
}) {
  return (
    <main id="main" className="space-y-6 p-6 sm:p-8">
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle && <p className="text-slate-600">{subtitle}</p>}
      </div>
      {children}
      {footer && (
        <p className="text-center text-sm text-slate-700">
          {footer.prompt && <>{footer.prompt} </>}
          <Link to={footer.to} className="font-semibold text-blue-700 hover:underline">
            {footer.label}
          </Link>
        </p>
      )}
    </main>
  );
}

export function OrDivider({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-500" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      {label}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

/** The minutes an auth page's 429 answer asks to wait ("… thử lại sau N phút"), if any. */
export function retryAfterMinutes(actionData: unknown) {
  const value = (actionData as { retryAfterMinutes?: unknown } | undefined)?.retryAfterMinutes;
  return typeof value === "number" ? value : undefined;
}

/** An auth page's form: the refusal above it (spec §8, with the minutes to wait after too many
 * attempts), the fields, and the full-width submit button. */
export function AuthForm({
  form,
  error,
  errorAction,
  actionData,
  submit,
  children,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any auth form's metadata; only its props are read
  form: FormMetadata<any, string[]>;
  /** An i18n key. */
  error: string | undefined;
  /** A way on, after the message (back to sign-in when the challenge expired). */
  errorAction?: ReactNode;
  actionData: unknown;
  submit: { label: string; pendingLabel?: string; pending: boolean };
  children: ReactNode;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      {error && (
        <Alert tone="error">
          {t(error, { count: retryAfterMinutes(actionData) })}
          {errorAction && <> {errorAction}</>}
        </Alert>
      )}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {children}
        <SubmitButton pending={submit.pending} pendingLabel={submit.pendingLabel} className="w-full">
          {submit.label}
        </SubmitButton>
      </Form>
    </>
  );
}

/** The email of a sign-in, sign-up or reset request. */
export function EmailField({ label, field }: { label: string; field: FieldBinding }) {
  return <TextField label={label} type="email" field={field} autoComplete="email" aria-required="true" />;
}

/** A new password and its confirmation (sign-up, reset): never filled in again after a post. */
export function NewPasswordFields({
  password,
  confirmPassword,
  labels,
}: {
  password: FieldBinding;
  confirmPassword: FieldBinding;
  labels: { password: string; confirm: string };
}) {
  return (
    <>
      <PasswordField
        label={labels.password}
        field={password}
        autoComplete="new-password"
        aria-required="true"
      />
      <PasswordField
        label={labels.confirm}
        field={confirmPassword}
        autoComplete="new-password"
        aria-required="true"
      />
    </>
  );
}

/** Sign-in or sign-up: the password form (its texts under the page's catalogue key), then the
 * identity-provider button when one is configured, then the way to the other page. */
export function CredentialsCard<Schema extends FormSchema>({
  page,
  schema,
  loaderData,
  actionData,
  footer,
  children,
}: {
  page: "login" | "signup";
  schema: SchemaSource<Schema>;
  loaderData: { thirdParty: boolean; thirdPartyFailed: boolean };
  actionData: unknown;
  footer: { prompt: string; to: string; label: string };
  children: (fields: ReturnType<typeof useAppForm<Schema>>[1]) => ReactNode;
}) {
  const { t } = useTranslation("auth");
  const mode = page === "login" ? "signIn" : "signUp";
  const { form, fields, submitting, error } = useCredentialsForm(schema, {
    actionData,
    thirdPartyError: loaderData.thirdPartyFailed
      ? `auth:errors.${mode === "signIn" ? "googleSignInFailed" : "googleSignUpFailed"}`
      : undefined,
  });
  return (
    <AuthCard title={t(`${page}.title`)} subtitle={t(`${page}.subtitle`)} footer={footer}>
      <AuthForm
        form={form}
        error={error}
        actionData={actionData}
        submit={{ label: t(`${page}.submit`), pendingLabel: t(`${page}.submitting`), pending: submitting }}
      >
        {children(fields)}
      </AuthForm>
      <ThirdPartySignIn mode={mode} available={loaderData.thirdParty} />
    </AuthCard>
  );
}

/** The password form of sign-in and sign-up, beside the third-party button: pending while its own
 * post (not the third-party one) and the next page load, and showing the error of a third-party
 * attempt that came back when there is no other. */
function useCredentialsForm<Schema extends FormSchema>(
  schema: SchemaSource<Schema>,
  { actionData, thirdPartyError }: { actionData: unknown; thirdPartyError: string | undefined },
) {
  const pendingIntent = usePendingIntent({ untilLoaded: true });
  const [form, fields] = useAppForm(schema, { lastResult: actionData, shouldRevalidate: "onSubmit" });
  return {
    form,
    fields,
    submitting: pendingIntent !== undefined && pendingIntent !== "third-party",
    error: form.errors?.[0] ?? thirdPartyError,
  };
}
