import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvRow } from "~/lib/csv";

describe("CSV cells", () => {
  it("quotes commas, quotes and line breaks, and doubles inner quotes", () => {
    expect(csvCell("Nguyễn Thị Lan")).toBe("Nguyễn Thị Lan");
    expect(csvCell("Hà Nội, Việt Nam")).toBe('"Hà Nội, Việt Nam"');
    expect(csvCell('Học "Ausbildung"')).toBe('"Học ""Ausbildung"""');
    expect(csvCell("dòng 1\ndòng 2")).toBe('"dòng 1\ndòng 2"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("turns cells a spreadsheet would run as a formula into text", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+84 912 345 678")).toBe("'+84 912 345 678");
    expect(csvCell("-1+2")).toBe("'-1+2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    // Only a leading sign counts; numbers the export writes itself stay numbers.
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell(-5)).toBe("-5");
  });

  it("removes right-to-left overrides and zero-width characters, then guards formulas", () => {
    expect(csvCell("Nguyễn \u202Egnal\u202C")).toBe("Nguyễn gnal");
    expect(csvCell("Tr\u200Bần\u2060 V\uFEFFăn\u200D")).toBe("Trần Văn");
    expect(csvCell("\u2067Lan\u2069, \u200FHà Nội")).toBe('"Lan, Hà Nội"');
    expect(csvCell("\u200B=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    // Vietnamese combining marks are letters, not controls.
    expect(csvCell("Nguye\u0302\u0303n")).toBe("Nguye\u0302\u0303n");
  });

  it("writes empty cells for missing values, booleans, and dates as dd/mm/yyyy hh:mm in Vietnam", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(true)).toBe("true");
    // 20:04 UTC on the 2nd is 03:04 on the 3rd in Hà Nội (UTC+7).
    expect(csvCell(new Date("2026-01-02T20:04:05.000Z"))).toBe("03/01/2026 03:04");
  });

  it("ends each row with CRLF and starts files with the UTF-8 BOM", () => {
    expect(csvRow(["Trần Văn Đức", "a,b", null])).toBe('Trần Văn Đức,"a,b",\r\n');
    expect(new TextEncoder().encode(CSV_BOM)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});
