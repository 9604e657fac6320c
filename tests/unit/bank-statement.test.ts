import { describe, expect, it } from "vitest";
import {
  compactReference,
  headerIndex,
  isPaymentReference,
  normalizeStatementText,
  parseCsvRecords,
  parseStatementAmount,
  parseStatementDate,
  referencesIn,
} from "~/lib/bank-statement";

// As Vietcombank's internet banking exports a statement: BOM, a preamble, semicolons, quoted
// notes with the separator inside, dot-grouped amounts, a debit and a total line.
const vietcombank = [
  "\uFEFFNGÂN HÀNG TMCP NGOẠI THƯƠNG VIỆT NAM",
  "Số tài khoản: 0071000123456",
  "Từ ngày 01/11/2026 đến ngày 26/11/2026",
  "",
  "STT;Ngày giao dịch;Số tiền ghi nợ;Số tiền ghi có;Mô tả",
  '1;03/11/2026 09:15:02;;"1.500.000";"MBVCB.123.NGUYEN VAN A chuyen tien; HOCPHI LH7K-2Q9X"',
  '2;04/11/2026;"250.000";;"Phi quan ly tai khoan"',
  '3;05/11/2026;;3.000.000;"TRAN THI B ""hoc phi"" lh 3m4n5p6q"',
  ";;;;",
  ";Tổng cộng;250.000;4.500.000;",
].join("\r\n");

// Techcombank-like: commas, comma-grouped amounts in quotes, a note over two lines.
const techcombank = [
  "Date,Description,Debit,Credit,Balance",
  '"26/11/2026","CK den tu LE VAN C\nnoi dung: LHABCDEFG",,"1,200,000.00","9,000,000"',
  '"25/11/2026","No reference here",,"500,000","7,800,000"',
].join("\n");

describe("bank statement CSV", () => {
  it("reads a Vietcombank export: BOM, preamble, semicolons, quoted separators and quotes", () => {
    const records = parseCsvRecords(vietcombank)!;
    const header = headerIndex(records);
    expect(records[header]!.cells).toEqual([
      "STT",
      "Ngày giao dịch",
      "Số tiền ghi nợ",
      "Số tiền ghi có",
      "Mô tả",
    ]);
    expect(records[header + 1]!.cells[4]).toBe("MBVCB.123.NGUYEN VAN A chuyen tien; HOCPHI LH7K-2Q9X");
    expect(records[header + 1]!.line).toBe(6);
    expect(records[header + 3]!.cells[4]).toBe('TRAN THI B "hoc phi" lh 3m4n5p6q');
    // The blank line and the line of empty cells are no records.
    expect(records).toHaveLength(8);
    expect(records.at(-1)!.cells[1]).toBe("Tổng cộng");
  });

  it("reads a comma file with a note over two lines and keeps each record's raw text", () => {
    const records = parseCsvRecords(techcombank)!;
    expect(headerIndex(records)).toBe(0);
    expect(records[1]!.cells[1]).toBe("CK den tu LE VAN C\nnoi dung: LHABCDEFG");
    expect(records[1]!.raw).toContain('"1,200,000.00"');
    expect(records[2]!.line).toBe(4);
  });

  it("refuses more records than allowed", () => {
    expect(parseCsvRecords("a;b\n1;2\n3;4\n", 2)).toBeNull();
    expect(parseCsvRecords("a;b\n1;2\n", 2)).toHaveLength(2);
  });

  it("parses Vietnamese and international amounts, and no debits or totals", () => {
    expect(parseStatementAmount("1.500.000")).toBe(1_500_000);
    expect(parseStatementAmount("1,500,000")).toBe(1_500_000);
    expect(parseStatementAmount("1,500,000.00")).toBe(1_500_000);
    expect(parseStatementAmount("1.500.000,00")).toBe(1_500_000);
    expect(parseStatementAmount("+1 500 000 VND")).toBe(1_500_000);
    expect(parseStatementAmount("1500000đ")).toBe(1_500_000);
    expect(parseStatementAmount("-250.000")).toBeNull();
    expect(parseStatementAmount("(250.000)")).toBeNull();
    expect(parseStatementAmount("")).toBeNull();
    expect(parseStatementAmount("Tổng cộng")).toBeNull();
    expect(parseStatementAmount("0")).toBeNull();
  });

  it("parses dd/mm/yyyy with or without a time, and ISO days; no impossible days", () => {
    expect(parseStatementDate("03/11/2026 09:15:02")).toBe("2026-11-03");
    expect(parseStatementDate("3-11-2026")).toBe("2026-11-03");
    expect(parseStatementDate("03.11.2026")).toBe("2026-11-03");
    expect(parseStatementDate("2026-11-03")).toBe("2026-11-03");
    expect(parseStatementDate("31/02/2026")).toBeNull();
    expect(parseStatementDate("11/2026")).toBeNull();
  });

  it("finds references however the bank rewrote the note", () => {
    expect(referencesIn("MBVCB.123.NGUYEN VAN A chuyen tien; HOCPHI LH7K-2Q9X")).toEqual(["LH7K2Q9X"]);
    expect(referencesIn("hocphi lh 3m4n5p6q")).toEqual(["LH3M4N5P"]);
    expect(referencesIn("HOCPHILH7K2Q9X")).toEqual(["LH7K2Q9X"]);
    // Look-alike characters are not in the alphabet: no candidate.
    expect(referencesIn("LH0O1IL000")).toEqual([]);
    expect(referencesIn("LH7K2Q9X va LH3M4N5P")).toEqual(["LH7K2Q9X", "LH3M4N5P"]);
  });

  it("tells a typed reference from a name", () => {
    expect(compactReference(" lh7k 2q9x ")).toBe("LH7K2Q9X");
    expect(isPaymentReference("lh7k-2q9x")).toBe(true);
    expect(isPaymentReference("Nguyen")).toBe(false);
    expect(isPaymentReference("LH7K2Q9")).toBe(false);
  });

  it("keeps the file the same through a form round trip", () => {
    const sent = normalizeStatementText("\uFEFFa;b\r\n1;2\r3;4\n");
    expect(sent).toBe("a;b\n1;2\n3;4\n");
    expect(normalizeStatementText(sent.replaceAll("\n", "\r\n"))).toBe(sent);
  });
});
