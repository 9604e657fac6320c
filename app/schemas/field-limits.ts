// The fields' bounds and the public forms' constants, apart from the schemas that check them: the
// forms' markup needs them (maxLength, the honeypot's name) on pages that load no zod (ADR 058).

/** Names at most 100 characters, free text at most 5,000: spec §5 sets no bounds, the server needs some. */
export const NAME_MAX_LENGTH = 100;
export const LONG_TEXT_MAX_LENGTH = 5_000;
/** Longest phone as typed: 15 digits plus separators and a leading +. */
export const PHONE_MAX_LENGTH = 32;
/** A field people never see; software that fills every field fills it too. */
export const HONEYPOT_FIELD = "website";

/** ADR 013: a person needs more than this from seeing the form to sending it. */
export const MINIMUM_FILL_MILLISECONDS = 3_000;
/** What a page with a public form gets from its loader (offerFormTicket): how long the server
 * wants between showing and sending (FORM_MINIMUM_FILL_MS; the spec's MINIMUM_FILL_MILLISECONDS
 * unless a test server lowers it), so the page waits that long. The token itself travels in the
 * form ticket cookie (ADR 042), not in the page. */
export interface FormTicket {
  minimumFillMs: number;
}
