// The one CSV writer, read back by a real CSV parser (csv-parse) as a spreadsheet would read the
// file: with "," as the separator (as written), and with ";" (Excel on German and Vietnamese
// Windows, whose list separator is ";"), there as a reader that honours no quotes at all, the
// strictest reading: every ";" and line break starts a field. Over generated cells.
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvRow } from "~/lib/csv";

const FORMULA_START = /^[=+\-@\t\r]/;

/** Cells built from the characters that matter here, and any text. */
const cell = fc.oneof(
  fc
    .array(
      fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", ",", ";", '"', "'", " ", "Lan", "1", "á", "x"),
      {
        maxLength: 12,
      },
    )
    .map((pieces) => pieces.join("")),
  fc.string({ maxLength: 30 }),
);
const rows = fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 });

const file = (cells: string[][]) => CSV_BOM + cells.map((row) => csvRow(row)).join("");

/** A cell as read, without the apostrophes the writer put before formula characters at a field's
 * start; the same applied to the cell as given. */
const withoutNeutraliser = (text: string) => text.replace(/(?<=^|[,;\r\n])'(?=[=+\-@\t\r])/g, "");

describe("CSV files read back by a CSV parser", () => {
  it("reads every cell back as written, but for apostrophes before formula characters (',' mode)", () => {
    fc.assert(
      fc.property(rows, (cells) => {
        const read = parse(file(cells), { bom: true, relax_column_count: true }) as string[][];
        expect(read.length).toBe(cells.length);
        read.forEach((row, r) => {
          expect(row.length).toBe(cells[r]!.length);
          row.forEach((field, c) => {
            const given = cells[r]![c]!;
            // Only apostrophes were added…
            expect(field.replaceAll("'", "")).toBe(given.replaceAll("'", ""));
            // …and only before formula characters at a field's start.
            expect(withoutNeutraliser(field)).toBe(withoutNeutraliser(given));
          });
        });
      }),
      { numRuns: 500 },
    );
  });

  it("has no field that starts with a formula character, read with ',' or with ';'", () => {
    fc.assert(
      fc.property(rows, (cells) => {
        const text = file(cells);
        const comma = parse(text, { bom: true, relax_column_count: true }) as string[][];
        const semicolon = parse(text, {
          bom: true,
          delimiter: ";",
          quote: false,
          relax_column_count: true,
          record_delimiter: ["\r\n", "\n", "\r"],
        }) as string[][];
        for (const field of [...comma.flat(), ...semicolon.flat()]) {
          expect(field, JSON.stringify(text)).not.toMatch(FORMULA_START);
        }
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ["Lan;=1+2", ["Lan", "'=1+2"]],
    ["a;@SUM(A1)", ["a", "'@SUM(A1)"]],
    ["=1;-2", ["'=1", "'-2"]],
  ])("writes %j so that Excel with ';' keeps it text", (given, fields) => {
    const line = csvRow([given]);
    expect(line.startsWith('"')).toBe(true);
    const read = parse(line, { delimiter: ";", quote: false, record_delimiter: "\r\n" }) as string[][];
    // The reader that ignores quotes sees the quote marks; what follows each ";" is text.
    expect(read[0]!.map((field) => field.replaceAll('"', ""))).toEqual(fields);
  });
});
