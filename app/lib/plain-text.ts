// Text typed by the public reaches the admin screens, mails and CSV exports. Characters that
// change how text around them is shown, without being visible themselves, are taken out there
// (ADR 013): a name with a right-to-left override (U+202E) reads backwards in the inbox and
// can disguise a file name or a link; zero-width characters make two names look identical.
// Browser-safe: the form schemas run in the browser too.

/** Bidirectional controls: the Arabic letter mark, LRM/RLM, the embeddings and overrides
 * (U+202A–U+202E) and the isolates (U+2066–U+2069). */
const BIDI_CONTROLS = "\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069";
/** Zero-width space, word joiner and invisible operators, zero-width no-break space (BOM). */
const ZERO_WIDTH = "\\u200B\\u2060-\\u2064\\uFEFF";
/** Zero-width non-joiner and joiner: emoji sequences (👩‍💻) and some scripts need them in
 * running text; a name has no use for them. */
const JOINERS = "\\u200C\\u200D";

const invisibleInLine = new RegExp(`[${BIDI_CONTROLS}${ZERO_WIDTH}${JOINERS}]`, "g");
const invisibleInText = new RegExp(`[${BIDI_CONTROLS}${ZERO_WIDTH}]`, "g");

/** C0 and C1 control characters and DEL: PostgreSQL refuses NUL in text, and the others have
 * no business in a form. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS_IN_LINE = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, but tab and line breaks are allowed in multi-line text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A one-line value (a name): NFC, with every bidi control and zero-width character removed.
 * NFC composes Vietnamese letters typed as base + combining marks ("ệ" from e + ̣ + ̂) into
 * one character each; the marks themselves are kept. */
export function cleanLine(value: string): string {
  return value.normalize("NFC").replace(invisibleInLine, "");
}

/** Free text (a message): NFC, without bidi controls and zero-width spaces; joiners stay. */
export function cleanText(value: string): string {
  return value.normalize("NFC").replace(invisibleInText, "");
}

/** Every bidi control and zero-width character removed, nothing else changed: for text stored
 * before these were stripped at input, on its way out (CSV exports). */
export function withoutInvisibleCharacters(value: string): string {
  return value.replace(invisibleInLine, "");
}

/** The text with its control characters removed (tab and line breaks kept when `multiline`): for
 * texts that are cleaned rather than refused, as a pasted document's. */
export function withoutControlCharacters(value: string, { multiline }: { multiline: boolean }): string {
  return value.replace(new RegExp((multiline ? CONTROLS_IN_TEXT : CONTROLS_IN_LINE).source, "g"), "");
}

export function hasControlCharacters(value: string, { multiline }: { multiline: boolean }): boolean {
  return (multiline ? CONTROLS_IN_TEXT : CONTROLS_IN_LINE).test(value);
}
