// The JSON side of POST /api/email/enrollment, /api/email/contact and /api/email/trial (spec §7,
// architecture §4): JSON in, 200 {"ok":true,"id"} or 4xx/5xx {"error":"<message shown to
// the user>"} out, in the request's language (ADR 034: the address, /en/api/… and /de/api/…,
// else the lng cookie, else Accept-Language, else vi).
import type { AppLoadContext } from "react-router";
import { i18n } from "~/i18n/resources.server";
import { log } from "~/lib/log.server";
import {
  retryAfterMinutes,
  type SubmissionContext,
  type SubmissionMeta,
  type SubmissionOutcome,
} from "~/models/public-submission.server";
import { requestLanguage } from "~/requests/request-language";
import { submissionMeta } from "~/requests/submission-meta.server";

/** Far above any valid body (names ≤ 100, texts ≤ 5,000 characters). */
const MAX_BODY_BYTES = 64 * 1024;

const noStore = { "Cache-Control": "no-store" };

export async function handleJsonSubmission(
  request: Request,
  context: AppLoadContext,
  options: {
    /** The form's namespace: api.*, errors.generic and fields.<name> labels. */
    namespace: "enroll" | "contact" | "trial";
    submit: (context: SubmissionContext, input: unknown, meta: SubmissionMeta) => Promise<SubmissionOutcome>;
  },
): Promise<Response> {
  const language = requestLanguage(request);
  const t = i18n.getFixedT(language);
  const ns = options.namespace;
  const fail = (status: number, error: string, headers: Record<string, string> = {}) =>
    Response.json({ error }, { status, headers: { ...noStore, ...headers } });

  if (request.method !== "POST") return fail(405, t(`${ns}:api.methodNotAllowed`), { Allow: "POST" });
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) return fail(415, t(`${ns}:api.unsupportedMediaType`));

  const body = await readText(request);
  if (body === undefined) return fail(413, t(`${ns}:api.tooLarge`));
  let input: unknown;
  try {
    input = JSON.parse(body);
  } catch {
    return fail(400, t(`${ns}:api.invalidJson`));
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return fail(400, t(`${ns}:api.invalidJson`));
  }

  let outcome: SubmissionOutcome;
  try {
    outcome = await options.submit(context, input, await submissionMeta(request, context, language));
  } catch (error) {
    // Answered with the API's own 500 (React Router never sees it): logged here, once.
    log().error({ err: error }, "email API: the submission failed");
    return fail(500, t(`${ns}:errors.generic`));
  }
  switch (outcome.status) {
    case "saved":
      return Response.json({ ok: true, id: outcome.id, ...outcome.details }, { headers: noStore });
    case "invalid": {
      // The first problem, named: "Email: Email không hợp lệ".
      const { field, message } = outcome.firstError;
      const label = t(`${ns}:fields.${field}`, { defaultValue: field });
      return fail(400, `${label}: ${t(message)}`);
    }
    case "refused":
      return fail(400, t(outcome.message));
    case "conflict":
      return fail(409, t(outcome.message));
    case "rate-limited":
      return fail(
        429,
        t("validation.tooManySubmissions", { count: retryAfterMinutes(outcome.retryAfterSeconds) }),
        {
          "Retry-After": String(outcome.retryAfterSeconds),
        },
      );
  }
}

/** The body as text, or undefined when it is larger than MAX_BODY_BYTES. */
async function readText(request: Request): Promise<string | undefined> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_BODY_BYTES) return undefined;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export function methodNotAllowed(): never {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
