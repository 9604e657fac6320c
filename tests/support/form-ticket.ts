// What a browser sends with a public form's post: the form ticket cookie the page gave it
// (ADR 042), here as given `ageMs` before (a person takes more than the 3 s minimum).
import { issueFormToken } from "~/models/public-submission.server";
import { FORM_TICKET_COOKIE } from "~/requests/form-ticket.server";

export function formTicketCookie(secret: string, ageMs = 60_000): string {
  return `${FORM_TICKET_COOKIE}=${issueFormToken(secret, Date.now() - ageMs)}`;
}
