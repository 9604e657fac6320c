import { data, redirect } from "react-router";
import { safeRedirectTarget } from "~/lib/redirect-target";
import { subscribeToNewsletter } from "~/models/newsletter.server";
import { hitRateLimit } from "~/models/request-limit.server";
import { parseFormSubmission } from "~/requests/form-echo.server";
import { requestLanguage } from "~/requests/request-language";
import { newsletterSubscribeSchema } from "~/schemas/newsletter";
import type { Route } from "./+types/newsletter";

// Like the other public forms: a few tries per address per hour, and few confirmation mails
// to one mailbox (the box must not become a way to flood someone's inbox).
// One IP may be many people behind a carrier's CGNAT; the per-mailbox limit is the tight one (ADR 013).
const PER_IP = { limit: 30, windowSeconds: 10 * 60 };
const PER_EMAIL = { limit: 3, windowSeconds: 60 * 60 };

type Outcome = "pending" | "invalid" | "limited";

/** The newsletter box posts here. A fetcher (JavaScript) gets the form's result as data; a plain
 * form post (no JavaScript) is sent back to the page it came from with ?newsletter=<outcome>. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseFormSubmission(await request.formData(), newsletterSubscribeSchema);
  // A browser navigating (no JavaScript) asks for HTML; React Router's fetch does not.
  const navigating = (request.headers.get("Accept") ?? "").includes("text/html");
  const backTo = (outcome: Outcome) => {
    const url = new URL(
      submission.status === "success" ? (submission.value.redirectTo ?? "/blog") : "/blog",
      "http://local",
    );
    url.searchParams.set("newsletter", outcome);
    // ADR 034: the one same-origin rule, on what is sent.
    return redirect(safeRedirectTarget(`${url.pathname}${url.search}#newsletter`, "/blog#newsletter"), 303);
  };

  if (submission.status !== "success") {
    if (navigating) return backTo("invalid");
    return data({ result: submission.reply(), outcome: "invalid" as Outcome }, { status: 400 });
  }

  const limit = await hitRateLimit(context.db, `newsletter:ip:${context.clientIp}`, PER_IP);
  if (!limit.allowed) {
    if (navigating) return backTo("limited");
    return data(
      {
        result: submission.reply({ formErrors: ["validation.tooManyRequests"] }),
        outcome: "limited" as Outcome,
      },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }

  const email = submission.value.email.toLowerCase();
  // Past the per-mailbox limit the answer stays the same, only no further mail goes out.
  if ((await hitRateLimit(context.db, `newsletter:email:${email}`, PER_EMAIL)).allowed) {
    await subscribeToNewsletter(context.db, {
      email,
      // The address the box posted to names the page's language (/en/api/newsletter): the
      // confirmation and every newsletter are written in it (ADR 034).
      language: requestLanguage(request),
      appUrl: context.config.APP_URL,
    });
  }
  // A known address gets the same answer as a new one: a duplicate is not an error.
  if (navigating) return backTo("pending");
  return { result: submission.reply({ resetForm: true }), outcome: "pending" as Outcome };
}

export function loader() {
  throw new Response("Method Not Allowed", { status: 405 });
}
