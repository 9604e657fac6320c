// The public form of /enroll and /contact (spec §4, §5): idle → sending (fields and button
// disabled, the pending label) → the page's success screen, or an error above the form. Without
// JavaScript it posts to the page; with JavaScript it posts JSON to its API (spec §7: POST
// /api/email/*; on failure its `error` field is shown). The honeypot and the privacy notice come
// with it; the form's token is in the form ticket cookie the page came with (ADR 042).

import { type FormMetadata, getFormProps } from "@conform-to/react";
import { CheckCircle2 } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { useLocalizedPath, usePageLanguage } from "~/components/site/use-localized-path";
import type { Language } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import { localizePath } from "~/lib/localized-path";
import { type FormTicket, HONEYPOT_FIELD, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/schemas/field-limits";
import type { FormSchema } from "~/schemas/form-schema";
import { type FieldBinding, TextField } from "../forms/fields";
import { SubmitButton } from "../forms/submit";
import { type AppFormOptions, type FormResult, type SchemaSource, useAppForm } from "../forms/use-app-form";
import { Alert } from "../ui/alert";

/** Hidden from people (off-screen, out of the tab order, hidden from screen readers); form
 * robots fill it, and the server then answers as if all went well and keeps nothing. */
function HoneypotField() {
  const { t } = useTranslation("privacy");
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`field-${HONEYPOT_FIELD}`}>{t("honeypot.label")}</label>
      <input
        id={`field-${HONEYPOT_FIELD}`}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
      />
    </div>
  );
}

/** With JavaScript a form sent sooner than the minimum fill time after the page arrived waits
 * out the rest before it is sent (a person with autofill can be that fast); the server still
 * refuses early submissions from anything else. The server counts from the form ticket it gave
 * with the page (ADR 042), which is before the page arrived: waiting from the arrival on the
 * browser's clock is never too short. */
function useMinimumFillTime(minimumFillMs: number) {
  const arrivedAt = useRef(0);
  useEffect(() => {
    arrivedAt.current = performance.now();
  }, []);
  return useCallback(async () => {
    const remaining = arrivedAt.current + minimumFillMs + 250 - performance.now();
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  }, [minimumFillMs]);
}

/** A short notice under each form, linking to /privacy. */
function PrivacyNotice() {
  const localize = useLocalizedPath();
  const { t } = useTranslation("privacy");
  return (
    <p className="text-sm text-slate-600">
      {t("notice.text")}{" "}
      <Link to={localize("/privacy")} className="font-medium text-blue-700 underline hover:text-blue-800">
        {t("notice.link")}
      </Link>
    </p>
  );
}

/** The error above a form (spec §4), brought into view: on a phone the person is at the
 * submit button, far below it. */
function FormError({ message }: { message: string | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) box.current?.scrollIntoView({ block: "center" });
  }, [message]);
  if (!message) return null;
  return (
    <div ref={box}>
      <Alert tone="error">{message}</Alert>
    </div>
  );
}

/** Moves focus to a success screen's heading and shows it below the sticky header. */
function useFocusOnMount<T extends HTMLElement>() {
  const element = useRef<T>(null);
  useEffect(() => {
    element.current?.focus({ preventScroll: true });
    element.current?.scrollIntoView({ block: "center" });
  }, []);
  return element;
}

export type PostResult =
  /** `details`: what the server said of the saved record beyond its id (a waitlist position). */
  | { ok: true; id: string; details: Record<string, string> }
  /** `reached`: the server answered (its `error` text, when it gave one, is the message). */
  | { ok: false; reached: boolean; error?: string };

/** Posts the form's values to the public JSON API at the page's language's address (/en/api/…;
 * ADR 034), so that errors and the confirmation mail use the language on screen; a Vietnamese
 * page's call, at the unprefixed address, names its language as Accept-Language, which the API
 * takes when there is no cookie (and the browser's own may be English). */
async function postSubmission(url: string, body: unknown, language: Language): Promise<PostResult> {
  let response: Response;
  try {
    response = await fetch(localizePath(url, language), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "Accept-Language": language,
      },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, reached: false };
  }
  const payload = (await response.json().catch(() => undefined)) as
    | { ok?: unknown; id?: unknown; error?: unknown; [detail: string]: unknown }
    | undefined;
  if (response.ok && payload?.ok === true) {
    const { ok: _ok, id, ...details } = payload;
    return {
      ok: true,
      id: String(id),
      details: Object.fromEntries(Object.entries(details).map(([name, value]) => [name, String(value)])),
    };
  }
  const error = typeof payload?.error === "string" && payload.error.trim() ? payload.error : undefined;
  return { ok: false, reached: true, error };
}

type PublicFormNamespace = "enroll" | "contact" | "trial";

/** Both forms' namespaces hold the same keys for the frame's texts (form.submit, errors.generic…). */
function usePublicFormText(namespace: PublicFormNamespace) {
  const { t, i18n } = useTranslation(namespace);
  return { t, text: (key: string) => t(`${namespace}:${key}`), i18n };
}

/** Each public form: its form id and the JSON API it posts to with JavaScript. */
const publicForms = {
  enroll: { id: "enrollment", endpoint: "/api/email/enrollment" },
  contact: { id: "contact", endpoint: "/api/email/contact" },
  trial: { id: "trial", endpoint: "/api/email/trial" },
} as const;

/** What a page gives its public form. */
export interface PublicFormProps<Recap> {
  /** The page action's answer to a post without JavaScript. */
  lastResult: FormResult | undefined;
  /** The form's minimum fill time, from the page's loader (offerFormTicket). */
  ticket: FormTicket;
  /** Called with the values the success screen recaps once the form is sent. */
  onSent: (sent: Recap) => void;
  /** A signed-in person's name and email, as the fields' starting values (they can change them). */
  prefill?: { name: string; email: string };
}

/** The form's state: Conform's form and fields, and whether it is being sent, with the error to
 * show above it. `recap` names the values handed to `onSent` (the page action recaps the same). */
export function usePublicForm<Schema extends FormSchema, Recap extends Record<string, string>>(
  schema: SchemaSource<Schema>,
  namespace: PublicFormNamespace,
  { lastResult, ticket, onSent }: PublicFormProps<Recap>,
  {
    recap,
    defaultValue,
  }: { recap: readonly (keyof Recap)[]; defaultValue?: AppFormOptions<Schema>["defaultValue"] },
) {
  const options = {
    ...publicForms[namespace],
    namespace,
    lastResult,
    defaultValue,
    onSent: (value: z.output<Schema>) =>
      onSent(Object.fromEntries(recap.map((name) => [name, String((value as Recap)[name] ?? "")])) as Recap),
  };
  const { t, text } = usePublicFormText(options.namespace);
  const pageLanguage = usePageLanguage();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const waitForMinimumFillTime = useMinimumFillTime(ticket.minimumFillMs);
  const [form, fields] = useAppForm(schema, {
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    shouldValidate: "onBlur",
    async onSubmit(event, { submission }) {
      // The form's checks could not load: the browser sends the form to the page, as without
      // JavaScript.
      if (!submission) return;
      event.preventDefault();
      if (submission.status !== "success") return;
      setSending(true);
      setFailure(undefined);
      await waitForMinimumFillTime();
      const result = await postSubmission(options.endpoint, submission.value, pageLanguage);
      if (result.ok) {
        return options.onSent({ ...(submission.value as object), ...result.details } as z.output<Schema>);
      }
      setSending(false);
      // spec §8: the server's text, or "Lỗi gửi email"; the form's generic message when the
      // server could not be reached.
      setFailure(result.reached ? (result.error ?? text("errors.sendFailed")) : text("errors.generic"));
    },
  });
  const error = failure ?? form.errors?.map((key) => t(key)).join(" ");
  return { form, fields, sending, error: error || undefined, namespace: options.namespace };
}

/** The frame around a public form's fields: the error, the required note, the honeypot and the
 * submit button, the privacy notice. */
export function PublicForm({
  state,
  person,
  before,
  children,
}: {
  state: {
    // biome-ignore lint/suspicious/noExplicitAny: any public form's metadata; only its props are read
    form: FormMetadata<any, string[]>;
    sending: boolean;
    error: string | undefined;
    namespace: PublicFormNamespace;
  };
  /** Who is asking, the first fields (after `before`); each labelled by its name in the form's
   * catalogue. */
  person: PersonFieldBindings;
  /** Fields that come before the person's: what a booking is for (the trial's lesson). */
  before?: ReactNode;
  children: ReactNode;
}) {
  const { text } = usePublicFormText(state.namespace);
  const label = (field: FieldBinding) => text(`fields.${field.name}`);
  return (
    <form method="post" {...getFormProps(state.form)} className="relative space-y-5">
      <FormError message={state.error} />
      <p className="text-sm text-slate-600">{text("form.requiredNote")}</p>
      <fieldset disabled={state.sending} className="space-y-5">
        {before}
        <PersonFields
          {...person}
          labels={{ name: label(person.name), phone: label(person.phone), email: label(person.email) }}
        />
        {children}
        <HoneypotField />
        <SubmitButton
          pending={state.sending}
          pendingLabel={text("form.submitting")}
          spinner
          className="w-full py-3 text-lg"
        >
          {text("form.submit")}
        </SubmitButton>
      </fieldset>
      <PrivacyNotice />
    </form>
  );
}

/** Who is asking: the name, phone and email both forms require alike (spec §4), each field with
 * its autocomplete and length limit. The contact form asks for the email before the phone. */
type PersonFieldBindings = {
  name: FieldBinding;
  phone: FieldBinding;
  email: FieldBinding;
  emailFirst?: boolean;
};

function PersonFields({
  name,
  phone,
  email,
  labels,
  emailFirst = false,
}: PersonFieldBindings & { labels: { name: string; phone: string; email: string } }) {
  const phoneField = (
    <TextField
      label={labels.phone}
      type="tel"
      field={phone}
      autoComplete="tel"
      maxLength={PHONE_MAX_LENGTH}
      required
    />
  );
  const emailField = (
    <TextField label={labels.email} type="email" field={email} autoComplete="email" required />
  );
  return (
    <>
      <TextField label={labels.name} field={name} autoComplete="name" maxLength={NAME_MAX_LENGTH} required />
      <div className="grid gap-5 sm:grid-cols-2">
        {emailFirst ? emailField : phoneField}
        {emailFirst ? phoneField : emailField}
      </div>
    </>
  );
}

/** The success screen's top (spec §2): a tick, the title (focused, so a screen reader reads it
 * and a phone shows it) and the thanks; the page adds what follows. */
export function PublicFormSuccess({
  titleId,
  title,
  text,
  children,
}: {
  titleId: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="py-8 text-center" role="status">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-16 text-green-600" />
      <h2 id={titleId} ref={heading} tabIndex={-1} className="mt-4 text-3xl font-bold outline-none">
        {title}
      </h2>
      <p className="mx-auto mt-4 max-w-lg text-lg text-slate-700">{text}</p>
      {children}
    </div>
  );
}

/** A public form page's answer without JavaScript (app/lib/public-form.server.ts): what was sent,
 * or the form's errors. */
export type PublicFormActionData<Recap> =
  | { status: "sent"; sent: Recap }
  | { status: "error"; result: FormResult }
  | undefined;

/** The card of /enroll or /contact: the form under its title, or once sent the success screen.
 * What was sent comes from the form with JavaScript, from the page action without it; "send
 * another" brings the form back. */
export function PublicFormCard<Recap>({
  id,
  title,
  actionData,
  form,
  success,
}: {
  /** Names the card's headings: `${id}-form-title` and the success screen's `${id}-success-title`. */
  id: string;
  title: string;
  actionData: PublicFormActionData<Recap>;
  form: (props: { lastResult: FormResult | undefined; onSent: (recap: Recap) => void }) => ReactNode;
  success: (sent: Recap, again: () => void) => ReactNode;
}) {
  const [sentHere, setSentHere] = useState<Recap>();
  const sent = sentHere ?? (actionData?.status === "sent" ? actionData.sent : undefined);
  return (
    <section
      aria-labelledby={sent ? `${id}-success-title` : `${id}-form-title`}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2"
    >
      {sent ? (
        success(sent, () => setSentHere(undefined))
      ) : (
        <>
          <h2 id={`${id}-form-title`} className="mb-6 text-2xl font-bold">
            {title}
          </h2>
          {form({
            lastResult: actionData?.status === "error" ? actionData.result : undefined,
            onSent: setSentHere,
          })}
        </>
      )}
    </section>
  );
}
