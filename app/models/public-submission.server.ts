// The one server path of the public forms (ADR 006): /enroll and /contact (page actions,
// without JavaScript) and POST /api/email/* (JSON, used by the pages with JavaScript and by any
// client) all go through submitPublicForm: validate with the form's zod schema, check the form's
// fill time, count the request against the per-IP, per-email and per-phone limits, drop honeypot
// submissions, then save the record and its mail in one transaction.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { AppLoadContext } from "react-router";
import type { z } from "zod";
import type { Language } from "~/i18n/language";
import { log } from "~/lib/log.server";
import { type FormTicket, HONEYPOT_FIELD } from "~/schemas/field-limits";
import { hitRateLimit, type RateLimitRule } from "./request-limit.server";

export type SubmissionContext = Pick<AppLoadContext, "db" | "config" | "clientIp">;

export interface SubmissionMeta {
  /** The interface language the person used: their confirmation mail is written in it. */
  language: Language;
  userAgent: string | null;
  /** The account signed in when the form was sent (ADR 026: a learner's account lists it). */
  userId: string | null;
  /** The form token the request carried (its form ticket cookie, ADR 042), if any. */
  formToken?: string;
}

/** A saved record: its id, and what the answer tells of it beyond that (an enrolment's place on
 * a class's waitlist), which the success screen shows. */
export type SavedSubmission = { id: string; details?: Record<string, string | number> };

export type SubmissionOutcome =
  | ({ status: "saved" } & SavedSubmission)
  /** Field errors are i18n keys ("validation.required"), in the schema's field order. */
  | {
      status: "invalid";
      fieldErrors: Record<string, string[]>;
      firstError: { field: string; message: string };
    }
  /** The whole form is refused (an i18n key of the common namespace): sent too fast. */
  | { status: "refused"; message: string }
  /** Valid, but what it asks for is no longer there (an i18n key with its namespace): a class
   * closed between the page and the post. */
  | { status: "conflict"; message: string }
  | { status: "rate-limited"; retryAfterSeconds: number };

/** The public forms whose posts count against SUBMISSION_LIMITS: each its own allowance. */
export type PublicForm = "enrollment" | "contact" | "placement-start" | "placement" | "trial";

/** ADR 013: one IP may be hundreds of people behind a mobile carrier's CGNAT, so the per-IP
 * limit is loose; one email address or phone number gets a few submissions per 10 minutes. */
export const SUBMISSION_LIMITS = {
  ip: { limit: 30, windowSeconds: 10 * 60 },
  email: { limit: 3, windowSeconds: 10 * 60 },
  phone: { limit: 3, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateLimitRule>;

export function submissionRateLimitKeys(
  form: PublicForm,
  submission: { clientIp: string; email?: unknown; phone?: unknown },
): { key: string; rule: RateLimitRule }[] {
  const keys: { key: string; rule: RateLimitRule }[] = [
    { key: `${form}-form:ip:${submission.clientIp}`, rule: SUBMISSION_LIMITS.ip },
  ];
  if (typeof submission.email === "string") {
    keys.push({ key: `${form}-form:email:${submission.email.toLowerCase()}`, rule: SUBMISSION_LIMITS.email });
  }
  // "0912 345 678", "0912.345.678" and "+84 912 345 678" are one phone.
  const digits = typeof submission.phone === "string" ? submission.phone.replace(/\D/g, "") : "";
  if (digits) {
    const national = digits.startsWith("84") && digits.length >= 11 ? `0${digits.slice(2)}` : digits;
    keys.push({ key: `${form}-form:phone:${national}`, rule: SUBMISSION_LIMITS.phone });
  }
  return keys;
}

/* ---------------------------------------------------------------- form token (fill time) */

/** The settings the form token is made and checked with. */
type FormTicketConfig = Pick<AppLoadContext["config"], "authSecret" | "FORM_MINIMUM_FILL_MS">;

/** A public form's loader calls this: the host then hands the visitor a form ticket (a cookie
 * holding a form token, ADR 042) with the page, cached or not, and the page learns how long the
 * server wants between showing and sending, so that it waits as long. */
export function offerFormTicket(context: Pick<AppLoadContext, "config" | "page">): FormTicket {
  if (context.page) context.page.formTicket = true;
  return { minimumFillMs: context.config.FORM_MINIMUM_FILL_MS };
}

/** A form token: when it was issued, a random part (no two visitors get the same one, even in
 * the same millisecond), signed, so that a client cannot claim an earlier time.
 * "<milliseconds>.<16 random characters>.<HMAC-SHA256, base64url>". */
export function issueFormToken(secret: string, now = Date.now()): string {
  const nonce = randomBytes(12).toString("base64url");
  return `${now}.${nonce}.${formTokenSignature(secret, now, nonce)}`;
}

/** Milliseconds since the token was issued, or undefined when it is not one of ours. */
export function formTokenAge(token: string, secret: string, now = Date.now()): number | undefined {
  const match = /^(\d{13})\.([\w-]{16})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(formTokenSignature(secret, issuedAt, match[2]!));
  const given = Buffer.from(match[3]!);
  if (!timingSafeEqual(expected, given)) return undefined;
  return now - issuedAt;
}

function formTokenSignature(secret: string, issuedAt: number, nonce: string) {
  return createHmac("sha256", secret).update(`public-form\n${issuedAt}\n${nonce}`).digest("base64url");
}

/** Refusal of a form token, or undefined when it passes. A missing token passes here: the JSON
 * API serves other clients too; the page actions require one themselves. */
function checkFormToken(token: string | undefined, config: FormTicketConfig): string | undefined {
  if (token === undefined || token === "") return undefined;
  const age = formTokenAge(token, config.authSecret);
  if (age === undefined) return "validation.formExpired";
  if (age < config.FORM_MINIMUM_FILL_MS) return "validation.formTooFast";
  return undefined;
}

/* ---------------------------------------------------------------- submitting */

export async function submitPublicForm<Schema extends z.ZodType<Record<string, unknown>>>(
  context: SubmissionContext,
  input: unknown,
  options: {
    form: PublicForm;
    schema: Schema;
    /** The request's form token (SubmissionMeta.formToken). */
    formToken: string | undefined;
    /** Saves the record and queues its mail in one transaction; returns the record's id. */
    save: (value: z.output<Schema>) => Promise<SavedSubmission>;
  },
): Promise<SubmissionOutcome> {
  const parsed = options.schema.safeParse(input);
  if (!parsed.success) return invalidOutcome(parsed.error);

  // Refused, not answered like the honeypot: a person with autofill can be this fast, and is
  // told to send again (ADR 013). Nothing is counted: nothing was sent.
  const tokenProblem = checkFormToken(options.formToken, context.config);
  if (tokenProblem) return { status: "refused", message: tokenProblem };

  // Only well-formed submissions count: those are the ones that would send mail. Every key is
  // counted, so that a refused submission still uses up its email's and phone's allowance.
  const limits = await Promise.all(
    submissionRateLimitKeys(options.form, { clientIp: context.clientIp, ...parsed.data }).map(
      ({ key, rule }) => hitRateLimit(context.db, key, rule),
    ),
  );
  const refused = limits.filter((limit) => !limit.allowed);
  if (refused.length > 0) {
    return {
      status: "rate-limited",
      retryAfterSeconds: Math.max(...refused.map((l) => l.retryAfterSeconds)),
    };
  }

  if (parsed.data[HONEYPOT_FIELD]) {
    // Answered like a success so that the robot learns nothing; nothing is saved or sent.
    log().info({ form: options.form, ip: context.clientIp }, "form: honeypot filled; nothing saved");
    return { status: "saved", id: randomUUID() };
  }
  return { status: "saved", ...(await options.save(parsed.data)) };
}

/** The minutes a 429 tells the person to wait (rounded up: "after 1 minute", never "0"). */
export function retryAfterMinutes(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

function invalidOutcome(error: z.ZodError): SubmissionOutcome {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".");
    const messages = fieldErrors[field] ?? [];
    // One message per problem: a field schema may report the same message from two checks.
    if (!messages.includes(issue.message)) fieldErrors[field] = [...messages, issue.message];
  }
  const first = error.issues[0]!;
  return {
    status: "invalid",
    fieldErrors,
    firstError: { field: first.path.map(String).join("."), message: first.message },
  };
}
