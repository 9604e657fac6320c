// CSV for spreadsheets (RFC 4180, as Excel and LibreOffice read it).
import { formatDateTimeVi } from "./format";
import { withoutInvisibleCharacters } from "./plain-text";

/** UTF-8 byte order mark: without it Excel reads the file as ANSI and garbles Vietnamese. */
export const CSV_BOM = "\uFEFF";

/** A cell a spreadsheet would run as a formula (=, +, -, @, and tab/CR that some readers strip
 * first) gets a leading apostrophe, so an enrolment's "=HYPERLINK(…)" stays text (OWASP CSV
 * injection). A phone number "+84 …" therefore reads "'+84 …". */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Every date in an export reads "22/11/2026 14:05", Vietnam's time: the format the pages show
 * (spec §9), to the minute, the same in every interface language, so that a spreadsheet built on
 * one export reads the next. */
export function csvCell(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? formatDateTimeVi(value) : String(value);
  // A right-to-left override or zero-width character in a name (rows saved before
  // input was cleaned) would reorder or hide text in the spreadsheet. Removed first, so that a
  // "\u200B=HYPERLINK(…)" is seen as the formula it becomes.
  if (typeof value === "string") text = withoutInvisibleCharacters(text);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvRow(values: readonly Parameters<typeof csvCell>[0][]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
