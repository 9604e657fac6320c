// Pieces shared by the two public forms (/enroll, /contact): the honeypot, the privacy notice,
// the submit button with its pending label, and the JSON call the pages make when JavaScript
// runs (spec §7: POST /api/email/*; on failure its `error` field is shown).
import type { SubmissionResult } from "@conform-to/react";
import { Loader2 } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, MINIMUM_FILL_MILLISECONDS } from "~/schemas/fields";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";

/** Hidden from people (off-screen, out of the tab order, hidden from screen readers); form
 * robots fill it, and the server then answers as if all went well and keeps nothing. */
export function HoneypotField() {
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

/** The signed time the server rendered the form (ADR 013: a form sent within seconds of
 * being shown is refused). With JavaScript it travels to the JSON API with the other fields. */
export function FormTokenField({ token }: { token: string }) {
  return <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />;
}

/** After a refused post without JavaScript the page is rendered again, with a new token; the
 * form keeps the one it was first shown with, so that the time spent before counts. */
export function shownFormToken(issued: string, lastResult: SubmissionResult<string[]> | undefined): string {
  const submitted = lastResult?.initialValue?.[FORM_TOKEN_FIELD];
  return typeof submitted === "string" && submitted ? submitted : issued;
}

/** With JavaScript a form sent sooner than the minimum fill time after its token arrived waits
 * out the rest before it is sent (a person with autofill can be that fast); the server still
 * refuses early submissions from anything else. Measured on the browser's clock from when the
 * token reached the page, which is after the server issued it. */
export function useMinimumFillTime(token: string) {
  const arrivedAt = useRef(0);
  useEffect(() => {
    if (token) arrivedAt.current = performance.now();
  }, [token]);
  return useCallback(async () => {
    const remaining = arrivedAt.current + MINIMUM_FILL_MILLISECONDS + 250 - performance.now();
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  }, []);
}

/** A short notice under each form, linking to /privacy. */
export function PrivacyNotice() {
  const { t } = useTranslation("privacy");
  return (
    <p className="text-sm text-slate-600">
      {t("notice.text")}{" "}
      <Link to="/privacy" className="font-medium text-blue-700 underline hover:text-blue-800">
        {t("notice.link")}
      </Link>
    </p>
  );
}

/** The error above a form (spec §4), brought into view: on a phone the person is at the
 * submit button, far below it. */
export function FormError({ message }: { message: string | undefined }) {
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
export function useFocusOnMount<T extends HTMLElement>() {
  const element = useRef<T>(null);
  useEffect(() => {
    element.current?.focus({ preventScroll: true });
    element.current?.scrollIntoView({ block: "center" });
  }, []);
  return element;
}

export function SubmitButton({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" disabled={pending} className={buttonClass("primary", "w-full py-3 text-lg")}>
      {pending && <Loader2 aria-hidden="true" className="size-5 animate-spin" />}
      {pending ? pendingLabel : children}
    </button>
  );
}

/** One message per problem: a field schema may report the same message from two checks. */
export function distinctMessages(issues: readonly { message: string }[]) {
  return [...new Set(issues.map((issue) => issue.message))];
}

export type PostResult =
  | { ok: true; id: string }
  /** `reached`: the server answered (its `error` text, when it gave one, is the message). */
  | { ok: false; reached: boolean; error?: string };

/** Posts the form's values to the public JSON API. The page's language travels as
 * Accept-Language, so that errors and the confirmation mail use the language on screen. */
export async function postSubmission(url: string, body: unknown, language: string): Promise<PostResult> {
  let response: Response;
  try {
    response = await fetch(url, {
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
    | { ok?: unknown; id?: unknown; error?: unknown }
    | undefined;
  if (response.ok && payload?.ok === true) return { ok: true, id: String(payload.id) };
  const error = typeof payload?.error === "string" && payload.error.trim() ? payload.error : undefined;
  return { ok: false, reached: true, error };
}
