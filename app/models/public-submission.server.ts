// The one server path of the public forms (issue 5): /enroll and /contact (page actions,
// without JavaScript) and POST /api/email/* (JSON, used by the pages with JavaScript and by any
// client) all go through submitPublicForm: validate with the form's zod schema, count the
// request against the per-IP limit, drop honeypot submissions, then save the record and its
// mail in one transaction.
import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "react-router";
import type { z } from "zod";
import { defaultLanguage, isLanguage, type Language, languages } from "~/i18n/language";
import { HONEYPOT_FIELD } from "~/schemas/fields";
import { hitRateLimit, type RateLimitRule } from "./request-limit.server";

export type SubmissionContext = Pick<AppLoadContext, "db" | "config" | "clientIp">;

export interface SubmissionMeta {
  /** The interface language the person used: their confirmation mail is written in it. */
  language: Language;
  userAgent: string | null;
}

export type SubmissionOutcome =
  | { status: "saved"; id: string }
  /** Field errors are i18n keys ("validation.required"), in the schema's field order. */
  | {
      status: "invalid";
      fieldErrors: Record<string, string[]>;
      firstError: { field: string; message: string };
    }
  | { status: "rate-limited"; retryAfterSeconds: number };

export type PublicForm = "enrollment" | "contact";

/** Issue 5 §6: a few submissions per 10 minutes from one IP, per form, counted in PostgreSQL. */
export const SUBMISSION_RATE_LIMIT: RateLimitRule = { limit: 5, windowSeconds: 10 * 60 };

export function submissionRateLimitKey(form: PublicForm, clientIp: string) {
  return `${form}-form:ip:${clientIp}`;
}

export async function submitPublicForm<Schema extends z.ZodType<Record<string, unknown>>>(
  context: SubmissionContext,
  input: unknown,
  options: {
    form: PublicForm;
    schema: Schema;
    /** Saves the record and queues its mail in one transaction; returns the record's id. */
    save: (value: z.output<Schema>) => Promise<string>;
  },
): Promise<SubmissionOutcome> {
  const parsed = options.schema.safeParse(input);
  if (!parsed.success) return invalidOutcome(parsed.error);

  // Only well-formed submissions count: those are the ones that would send mail.
  const limit = await hitRateLimit(
    context.db,
    submissionRateLimitKey(options.form, context.clientIp),
    SUBMISSION_RATE_LIMIT,
  );
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };

  if (parsed.data[HONEYPOT_FIELD]) {
    // Answered like a success so that the robot learns nothing; nothing is saved or sent.
    console.log(`${options.form} form: honeypot filled (client ${context.clientIp}); nothing saved`);
    return { status: "saved", id: randomUUID() };
  }
  return { status: "saved", id: await options.save(parsed.data) };
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

/** The page's language: the lng cookie, as the root loader reads it. */
export function pageLanguage(request: Request): Language {
  return cookieLanguage(request) ?? defaultLanguage;
}

/** An API request's language: the lng cookie, else Accept-Language (vi, en or de), else vi. */
export function apiLanguage(request: Request): Language {
  return (
    cookieLanguage(request) ?? acceptedLanguage(request.headers.get("Accept-Language")) ?? defaultLanguage
  );
}

export function submissionMeta(request: Request, language: Language): SubmissionMeta {
  const userAgent = request.headers.get("User-Agent")?.slice(0, 512) || null;
  return { language, userAgent };
}

function cookieLanguage(request: Request): Language | undefined {
  const value = /(?:^|;\s*)lng=([^;]*)/.exec(request.headers.get("Cookie") ?? "")?.[1];
  return isLanguage(value) ? value : undefined;
}

/** The supported language the client ranks highest ("de-DE,de;q=0.9,en;q=0.8" → de). */
export function acceptedLanguage(header: string | null): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.q > 0 && (languages as readonly string[]).includes(entry.language ?? ""))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const best = ranked[0]?.language;
  return isLanguage(best) ? best : undefined;
}
