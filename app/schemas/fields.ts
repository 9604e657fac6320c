// Reusable field schemas (STYLE.md §3). Every message is an i18n key of the common namespace
// ("validation.*"), translated where it is shown: next to the field, or in a JSON API error.
import { z } from "zod";
import { cleanLine, cleanText, hasControlCharacters } from "~/lib/plain-text";
import { sameSitePath } from "~/lib/redirect-target";
import { HONEYPOT_FIELD, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "./field-limits";

/** Free text (line breaks allowed): NFC, bidi controls and zero-width spaces removed (ADR 013),
 * other control characters refused (PostgreSQL refuses NUL; a 400, not a 500). */
export const requiredText = (max: number) =>
  z
    .string({ error: "validation.required" })
    .overwrite(cleanText)
    .trim()
    .min(1, "validation.required")
    .max(max, { error: `validation.tooLong` })
    .refine((value) => !hasControlCharacters(value, { multiline: true }), "validation.invalidCharacters");

export const optionalText = (max: number) =>
  z
    .string()
    .overwrite(cleanText)
    .trim()
    .max(max, { error: "validation.tooLong" })
    .refine((value) => !hasControlCharacters(value, { multiline: true }), "validation.invalidCharacters")
    .optional()
    .transform((value) => (value === "" ? undefined : value));

/** Optional free text that keeps "" as "" (admin fields whose empty value means "not shown"):
 * cleaned and checked like requiredText. */
export const textField = (max: number) =>
  z
    .string()
    .overwrite(cleanText)
    .trim()
    .max(max, { error: "validation.tooLong" })
    .refine((value) => !hasControlCharacters(value, { multiline: true }), "validation.invalidCharacters");

/** A person's name (ADR 013): one line, NFC, without any bidi control or zero-width
 * character, so that it shows as typed in the inbox, in mails and in CSV exports. */
export const nameField = z
  .string({ error: "validation.required" })
  .overwrite(cleanLine)
  .trim()
  .min(1, "validation.required")
  .max(NAME_MAX_LENGTH, { error: "validation.tooLong" })
  .refine((value) => !hasControlCharacters(value, { multiline: false }), "validation.invalidCharacters");

/** ADR 013: an internationalised domain ("lan@trường.vn") is accepted and kept in
 * its ASCII form (IDNA, "lan@xn--trng-…"), which every mail server delivers to. A non-ASCII
 * part before the @ would need SMTPUTF8 on every hop: refused with its own message. */
export const emailField = z
  .string({ error: "validation.required" })
  .overwrite(cleanLine)
  .trim()
  .min(1, "validation.required")
  .max(254, "validation.tooLong")
  // Only an address that has an @ has a part before it; anything else is just not an email.
  .refine(
    (value) => {
      const at = value.lastIndexOf("@");
      return at < 1 || !/[\u0080-\uFFFF]/.test(value.slice(0, at));
    },
    { error: "validation.emailAsciiLocalPart", abort: true },
  )
  .overwrite(emailWithAsciiDomain)
  .pipe(z.email({ error: "validation.email" }).max(254, "validation.tooLong"));

/** "lan@trường.vn" → "lan@xn--trng-9na6c.vn": the WHATWG URL parser's "domain to ASCII" (the
 * same UTS 46 processing as node:url's domainToASCII), available in browsers and Node alike.
 * Anything that is not a plain host name is left as it is, for the email check to refuse. */
export function emailWithAsciiDomain(value: string): string {
  const at = value.lastIndexOf("@");
  const domain = value.slice(at + 1);
  if (at < 1 || !/[\u0080-\uFFFF]/.test(domain) || /[\s/\\?#:@%[\]]/.test(domain)) return value;
  try {
    const host = new URL(`http://${domain}`).hostname;
    return /^[a-z0-9.-]+$/.test(host) ? `${value.slice(0, at)}@${host}` : value;
  } catch {
    return value;
  }
}

/** 8–15 digits; spaces, dots and dashes allowed between them, and a leading +. */
export const phoneField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  // abort: a phone failing the pattern gets one message, not also the digit count's.
  .regex(/^\+?[\d\s.-]+$/, { error: "validation.phone", abort: true })
  .refine((value) => {
    const digits = value.replace(/\D/g, "").length;
    return digits >= 8 && digits <= 15;
  }, "validation.phone");

export const urlField = z
  .string()
  .trim()
  .max(2000, "validation.tooLong")
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), "validation.url");

/** spec §9: order fields minimum 1. */
export const orderField = z.coerce
  .number({ error: "validation.number" })
  .int("validation.integer")
  .min(1, "validation.orderMin");

/** One of a closed set of values (spec §5 choices); blank is "required". */
export const requiredChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .pipe(z.enum(values, { error: "validation.invalidChoice" }));

export const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string({ error: "validation.invalidChoice" })
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.enum(values, { error: "validation.invalidChoice" }).optional());

/** A real day of the calendar, YYYY-MM-DD ("2024-02-30" passed a pattern check and
 * Date.parse, which rolls it over to March 1st, and then failed in PostgreSQL as a 500). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A path on this site to return to; anything else becomes `fallback`. */
export const returnPathField = (fallback: string) =>
  z
    .string()
    .max(2000)
    .transform((value) => sameSitePath(value) ?? fallback)
    .catch(fallback);

/** A field people never see: a bot that fills it in is answered as if it succeeded. */
export const honeypotField = z.string().optional();

/** An image we may show: an https address, or an upload of ours ("/uploads/…webp"). Not
 * http://: on the site's https pages it is mixed content (browsers block or flag it) and anyone on
 * the way can swap the picture. */
export function isImageAddress(value: string): boolean {
  return /^https:\/\/[^\s/]\S*$/i.test(value) || /^\/uploads\/[0-9a-f]{32}-\d+\.webp$/.test(value);
}

/** Every image field (team members', testimonials', posts', a profile's): one of
 * isImageAddress's, or empty = none. */
export const optionalImageField = z
  .string()
  .trim()
  .max(2000, "validation.tooLong")
  .optional()
  .transform((value) => (value === "" ? undefined : value))
  .refine((value) => value === undefined || isImageAddress(value), "validation.imageUrl");

/** A public form's phone (spec §4: required, bounded). */
export const publicPhoneField = phoneField.max(PHONE_MAX_LENGTH, "validation.tooLong");

/** A public form's hidden field: the honeypot. */
export const publicFormHiddenFields = {
  [HONEYPOT_FIELD]: honeypotField,
};
