// A bank statement exported as CSV (ADR 028, reconciliation): its records, its header, and the
// three cells an import reads — the day, the amount credited and the transfer note. Vietnamese
// banks export with a BOM, commas or semicolons, quoted fields, a few lines of preamble (bank,
// account, period) before the header, amounts as "1.500.000" or "1,500,000" and days as
// dd/mm/yyyy. Browser-safe and pure: the server parses, the tests feed it real-looking files.

/** At most this many bytes (the admin body limit is 1 MiB and the confirm step posts the file
 * again, as multipart so Vietnamese text is not percent-encoded) and this many records. */
export const STATEMENT_MAX_BYTES = 768 * 1024;
export const STATEMENT_MAX_LINES = 5_000;
/** What a payment row keeps of its line. */
export const STATEMENT_LINE_MAX_LENGTH = 1_000;

export interface StatementRecord {
  /** 1-based line number in the file where the record starts. */
  line: number;
  cells: string[];
  /** The record as written in the file (without its line break). */
  raw: string;
}

/** The separator of the file: the one of ; , and tab that occurs most outside quotes in its
 * first lines (a Vietnamese "1,500,000" inside quotes does not count). */
export function detectSeparator(text: string): string {
  const counts = new Map([
    [";", 0],
    [",", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const char of text.slice(0, 8_192)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/** RFC 4180 records (quotes doubled inside quoted fields, line breaks allowed in them), with the
 * BOM dropped; blank lines are skipped. More than `maxRecords` records: null. */
export function parseCsvRecords(input: string, maxRecords = STATEMENT_MAX_LINES): StatementRecord[] | null {
  const text = input.replace(/^\uFEFF/, "");
  const separator = detectSeparator(text);
  const records: StatementRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let start = 0;
  let line = 1;
  let startLine = 1;
  const finish = (end: number) => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== ""))
      records.push({
        line: startLine,
        cells: cells.map((value) => value.trim()),
        raw: text.slice(start, end),
      });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        cell += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      finish(i);
      if (char === "\r" && text[i + 1] === "\n") i++;
      line++;
      start = i + 1;
      startLine = line;
      if (records.length > maxRecords) return null;
    } else cell += char;
  }
  if (start < text.length) finish(text.length);
  return records.length > maxRecords ? null : records;
}

/** The header: the first record with as many cells as most records have (the preamble lines
 * above it have one or two). */
export function headerIndex(records: readonly StatementRecord[]): number {
  const widths = new Map<number, number>();
  for (const record of records)
    if (record.cells.length >= 2) widths.set(record.cells.length, (widths.get(record.cells.length) ?? 0) + 1);
  const common = [...widths].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0];
  return common === undefined ? -1 : records.findIndex((record) => record.cells.length === common);
}

/** Whole VND credited, or null when the cell holds no positive amount (a debit, a total line, an
 * empty credit cell). Groups of three digits after "." or "," are thousands; one or two digits
 * after the last separator are cents, dropped (VND has none). */
export function parseStatementAmount(cell: string): number | null {
  const text = cell.replace(/\s|VND|đ|₫/gi, "");
  if (!text || /^-|^\(.*\)$|-$/.test(text)) return null;
  const body = text.replace(/^\+/, "");
  if (!/^[\d.,]+$/.test(body)) return null;
  const cents = /[.,](\d{1,2})$/.exec(body);
  const whole = (cents ? body.slice(0, -cents[0].length) : body).replace(/[.,]/g, "");
  if (!/^\d+$/.test(whole) || whole.length > 10) return null;
  const amount = Number(whole);
  return amount > 0 && amount <= 2_000_000_000 ? amount : null;
}

/** The day of a statement line as yyyy-mm-dd: dd/mm/yyyy (also with - or . and a time after it,
 * as Vietnamese banks write it) or yyyy-mm-dd; null when it is no real day. */
export function parseStatementDate(cell: string): string | null {
  const text = cell.trim();
  let day: string | undefined;
  let month: string | undefined;
  let year: string | undefined;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[\sT])/.exec(text);
  const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:$|\s)/.exec(text);
  if (iso) [, year, month, day] = iso;
  else if (local) [, day, month, year] = local;
  if (!day || !month || !year) return null;
  const value = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

// The reference alphabet of new_payment_reference() (migration 0011): no 0/O, 1/I/L.
const REFERENCE = /LH[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}/g;

/** A reference as the database stores it, from what a person or a bank wrote: upper case,
 * without spaces, dashes, dots or underscores ("lh 7k2-q9x" → "LH7K2Q9X"). */
export function compactReference(text: string) {
  return text.toUpperCase().replace(/[\s._-]+/g, "");
}

/** Whether a search text is a whole payment reference. */
export function isPaymentReference(text: string) {
  return /^LH[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/.test(compactReference(text));
}

/** Every reference a transfer note may hold. Banks rewrite notes (upper case, spaces and dashes
 * added or dropped, the prefix glued to the reference), so the note is compacted first and every
 * "LH…" window is a candidate; the database says which exist. */
export function referencesIn(description: string): string[] {
  const compact = compactReference(description);
  const found = new Set<string>();
  for (let at = compact.indexOf("LH"); at >= 0; at = compact.indexOf("LH", at + 1)) {
    const candidate = compact.slice(at, at + 8);
    REFERENCE.lastIndex = 0;
    if (candidate.length === 8 && REFERENCE.test(candidate)) found.add(candidate);
  }
  return [...found];
}

/** The file as the import keeps it between its steps: without BOM and control characters, line
 * breaks as "\n". A form posts a text field back with CRLF line breaks and an HTML attribute
 * drops CR, so the signature is taken over this form only. */
export function normalizeStatementText(text: string) {
  return (
    text
      .replace(/^\uFEFF/, "")
      .replace(/\r\n?/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
  );
}
