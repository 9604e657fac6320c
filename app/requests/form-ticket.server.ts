// The form ticket (ADR 042): the cookie that carries a public form's token, the signed time the
// visitor was first shown the form (ADR 013's minimum fill time). A cookie rather than a hidden
// field, so that the pages with forms are the same bytes for every visitor and come from the page
// cache: the host adds the cookie to the answer, cached or rendered (server/app.ts).
import { formTokenAge, issueFormToken } from "~/models/public-submission.server";

export const FORM_TICKET_COOKIE = "form_ticket";
/** A week: a person may come back to a form they opened days before. */
const FORM_TICKET_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** The form token a request carries, if any (checked where it is used). */
export function formTokenOf(cookieHeader: string | null | undefined): string | undefined {
  const value = new RegExp(`(?:^|;\\s*)${FORM_TICKET_COOKIE}=([^;]*)`).exec(cookieHeader ?? "")?.[1];
  return value || undefined;
}

/** The Set-Cookie value of a new form ticket for a request that does not hold a valid one, else
 * undefined: a visitor keeps the ticket of the first time they saw a form, so that a page shown
 * again (a reload, a post refused as too fast, a second tab) does not restart their time. */
export function formTicketCookieFor(
  cookieHeader: string | null | undefined,
  options: { secret: string; secure: boolean; now?: number },
): string | undefined {
  const held = formTokenOf(cookieHeader);
  if (held !== undefined && formTokenAge(held, options.secret, options.now) !== undefined) return undefined;
  const token = issueFormToken(options.secret, options.now);
  // HttpOnly: only the server reads it. SameSite=Lax: sent with the form's own posts, never with
  // another site's.
  return [
    `${FORM_TICKET_COOKIE}=${token}`,
    "Path=/",
    `Max-Age=${FORM_TICKET_MAX_AGE_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}
