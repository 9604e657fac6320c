// CSV for spreadsheets (RFC 4180, as Excel and LibreOffice read it).
import { formatDateTimeVi } from "./format";
import { withoutInvisibleCharacters } from "./plain-text";

/** UTF-8 byte order mark: without it Excel reads the file as ANSI and garbles Vietnamese. */
export const CSV_BOM = "\uFEFF";

/** A character that makes a spreadsheet run a field as a formula when the field starts with it
 * (=, +, -, @, and tab/CR that some readers strip first): OWASP CSV injection. */
const FORMULA_START = /[=+\-@\t\r]/;

/** Where a field may start for some reader: the cell's start, after either list separator (the
 * file is comma-separated, but Excel with ";" as list separator, as on German and Vietnamese
 * Windows, splits on ";" inside a cell, and a reader that ignores quotes splits on ","), and after
 * a line break. A formula character there gets an apostrophe before it, so that
 * "=HYPERLINK(…)" and "Lan;=1+2" stay text in every reading. A phone number "+84 …" therefore
 * reads "'+84 …". */
const FIELD_START_FORMULA = new RegExp(`(?<=^|[,;\r\n])(?=${FORMULA_START.source})`, "g");

/** A cell that holds either separator, a quote or a line break is quoted (RFC 4180), so that no
 * reader with either separator splits it. */
const NEEDS_QUOTES = /[",;\r\n]/;

/** Every date in an export reads "22/11/2026 14:05", Vietnam's time: the format the pages show
 * (spec §9), to the minute, the same in every interface language, so that a spreadsheet built on
 * one export reads the next. Numbers, booleans and dates are written by us and stay as they are. */
export function csvCell(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? formatDateTimeVi(value) : String(value);
  if (typeof value === "string") {
    // A right-to-left override or zero-width character in a name (rows saved before input was
    // cleaned) would reorder or hide text in the spreadsheet. Removed first, so that a
    // "\u200B=HYPERLINK(…)" is seen as the formula it becomes.
    text = withoutInvisibleCharacters(text).replace(FIELD_START_FORMULA, "'");
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated: the one CSV writer of every export. */
export function csvRow(values: readonly Parameters<typeof csvCell>[0][]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
