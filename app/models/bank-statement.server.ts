// A bank statement's import (ADR 028, reconciliation): the columns an admin chose (remembered in
// payment_settings.statement_columns), the preview of what the file's lines match, and the
// confirmation that records them. Nothing is stored between the steps: each posts the file
// back with the server's signature over it, and each step parses and matches it afresh, so the
// confirmation pays only what matches now — never a line the client made up or paid meanwhile.
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { courses, enrollments, paymentSettings, payments } from "~/db/schema";
import {
  headerIndex,
  parseCsvRecords,
  parseStatementAmount,
  parseStatementDate,
  referencesIn,
  STATEMENT_LINE_MAX_LENGTH,
} from "~/lib/bank-statement";
import { calendarDayInVietnam } from "~/lib/format";
import { sameTransferAs } from "~/lib/transfer-match";
import { type StatementColumns, statementColumnsSchema } from "~/schemas/payment-record";
import { amountDue } from "./enrollment-admin.server";
import { recordPayment } from "./payment.server";

/** The columns last chosen, or undefined (never chosen, or no settings row yet). */
export async function readStatementColumns(db: Db): Promise<StatementColumns | undefined> {
  const [row] = await db
    .select({ columns: paymentSettings.statementColumns })
    .from(paymentSettings)
    .where(eq(paymentSettings.id, 1));
  const parsed = statementColumnsSchema.safeParse(row?.columns);
  return parsed.success ? parsed.data : undefined;
}

/** Remembers the columns: the settings' singleton row, only this column (the bank details are
 * the payment settings tab's). */
export async function saveStatementColumns(db: Db, columns: StatementColumns) {
  await db
    .insert(paymentSettings)
    .values({ id: 1, statementColumns: columns })
    .onConflictDoUpdate({
      target: paymentSettings.id,
      set: { statementColumns: columns, updatedAt: sql`now()` },
    });
}

/** The server's signature over the file (and, once chosen, its columns). */
export function signStatement(secret: string, text: string, columns?: StatementColumns) {
  const payload = JSON.stringify([
    text,
    columns ? [columns.date, columns.amount, columns.description] : null,
  ]);
  return createHmac("sha256", `statement:${secret}`).update(payload).digest("hex");
}

export function statementSignatureValid(
  secret: string,
  signature: string,
  text: string,
  columns?: StatementColumns,
) {
  const expected = Buffer.from(signStatement(secret, text, columns), "hex");
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface StatementLine {
  line: number;
  date: string | null;
  amount: number;
  description: string;
  raw: string;
}

export type UnmatchedReason = "noReference" | "ambiguous" | "date";

export type StatementPreview =
  | { stage: "invalid"; error: "tooManyLines" | "noHeader" }
  | { stage: "columns"; headers: string[] }
  | {
      stage: "preview";
      headers: string[];
      matched: (StatementLine & { enrollment: MatchedEnrollment })[];
      /** Lines for an enrolment already paid or refunded, this very line imported before, or a
       * transfer the bank's notification recorded already (ADR 050). */
      settled: (StatementLine & { enrollment: MatchedEnrollment })[];
      unmatched: (StatementLine & { reason: UnmatchedReason })[];
      /** Lines without a credited amount (debits, totals). */
      skipped: number;
    };

/** The header and the lines crediting money. */
function readLines(text: string, columns: StatementColumns | undefined) {
  const records = parseCsvRecords(text);
  if (!records) return { error: "tooManyLines" as const };
  const at = headerIndex(records);
  if (at < 0) return { error: "noHeader" as const };
  const headers = records[at]!.cells;
  const index = columns && {
    date: headers.indexOf(columns.date),
    amount: headers.indexOf(columns.amount),
    description: headers.indexOf(columns.description),
  };
  if (!index || Object.values(index).some((i) => i < 0)) return { headers };
  let skipped = 0;
  const lines: StatementLine[] = [];
  for (const record of records.slice(at + 1)) {
    const amount = parseStatementAmount(record.cells[index.amount] ?? "");
    if (amount === null) {
      skipped++;
      continue;
    }
    lines.push({
      line: record.line,
      date: parseStatementDate(record.cells[index.date] ?? ""),
      amount,
      description: record.cells[index.description] ?? "",
      raw: record.raw.slice(0, STATEMENT_LINE_MAX_LENGTH),
    });
  }
  return { headers, lines, skipped };
}

export interface MatchedEnrollment {
  id: string;
  reference: string;
  fullName: string;
  courseTitle: string | null;
  due: number | null;
  paymentStatus: string;
}

async function enrollmentsByReference(db: Db, references: string[]): Promise<Map<string, MatchedEnrollment>> {
  if (references.length === 0) return new Map<string, MatchedEnrollment>();
  const rows = await db
    .select({
      id: enrollments.id,
      reference: enrollments.paymentReference,
      fullName: enrollments.fullName,
      courseTitle: courses.title,
      due: amountDue,
      paymentStatus: enrollments.paymentStatus,
    })
    .from(enrollments)
    .leftJoin(courses, eq(courses.id, enrollments.courseId))
    .where(inArray(enrollments.paymentReference, references));
  return new Map(
    rows.map((row) => [row.reference, { ...row, due: row.due === null ? null : Number(row.due) }]),
  );
}

/** What each credited line of the file matches: an enrolment whose reference its note holds
 * (exactly one), one already settled, or nothing. */
export async function previewStatement(
  db: Db,
  text: string,
  columns: StatementColumns | undefined,
): Promise<StatementPreview> {
  const read = readLines(text, columns);
  if ("error" in read) return { stage: "invalid", error: read.error ?? "noHeader" };
  if (!read.lines) return { stage: "columns", headers: read.headers };
  const candidates = read.lines.map((line) => referencesIn(line.description));
  const known = await enrollmentsByReference(db, [...new Set(candidates.flat())].slice(0, 20_000));
  const ids = [...new Set([...known.values()].map((e) => e.id))];
  const recorded = ids.length
    ? await db
        .select({
          id: payments.id,
          enrollmentId: payments.enrollmentId,
          amount: payments.amount,
          paidOn: payments.paidOn,
          method: payments.method,
          statementLine: payments.statementLine,
          bankNotificationId: payments.bankNotificationId,
        })
        .from(payments)
        .where(inArray(payments.enrollmentId, ids))
    : [];
  const importedLines = new Set(
    recorded.filter((p) => p.statementLine !== null).map((p) => `${p.enrollmentId}\n${p.statementLine}`),
  );
  // A line that is a transfer the bank's notification recorded already (ADR 050): settled, each
  // notified payment claimed by one line at most, as the confirmation will.
  const claimed = new Set<string>();
  const notifiedAlready = (enrollmentId: string, line: StatementLine) => {
    if (!line.date) return false;
    const same = sameTransferAs(
      recorded.filter((p) => p.enrollmentId === enrollmentId && !claimed.has(p.id)),
      { amount: line.amount, paidOn: line.date, channel: "statement" },
    );
    if (same) claimed.add(same.id);
    return same !== undefined;
  };
  const today = calendarDayInVietnam();
  const preview = { matched: [], settled: [], unmatched: [] } as Omit<
    Extract<StatementPreview, { stage: "preview" }>,
    "stage" | "headers" | "skipped"
  >;
  read.lines.forEach((line, i) => {
    const found = candidates[i]!.flatMap((reference) => known.get(reference) ?? []);
    if (found.length !== 1) {
      preview.unmatched.push({ ...line, reason: found.length ? "ambiguous" : "noReference" });
      return;
    }
    const enrollment = found[0]!;
    if (
      enrollment.paymentStatus !== "pending" ||
      importedLines.has(`${enrollment.id}\n${line.raw}`) ||
      notifiedAlready(enrollment.id, line)
    )
      preview.settled.push({ ...line, enrollment });
    else if (!line.date || line.date > today) preview.unmatched.push({ ...line, reason: "date" });
    else preview.matched.push({ ...line, enrollment });
  });
  return { stage: "preview", headers: read.headers, skipped: read.skipped, ...preview };
}

/** Records the matched lines the admin confirmed (by line number), in one transaction: each a
 * "transfer" payment carrying its statement line, with its receipt. Matching runs again here,
 * and recordPayment refuses a paid enrolment or a line recorded before: importing the same file
 * twice pays nothing twice. */
export async function importStatement(
  db: Db,
  input: { text: string; columns: StatementColumns; lines: readonly number[]; recordedById: string },
) {
  const preview = await previewStatement(db, input.text, input.columns);
  const outcome = { paid: 0, partial: 0, skipped: 0 };
  if (preview.stage !== "preview") return outcome;
  const chosen = new Set(input.lines);
  await db.transaction(async (tx) => {
    for (const line of preview.matched) {
      if (!chosen.has(line.line)) continue;
      const result = await recordPayment(tx, {
        enrollmentId: line.enrollment.id,
        amount: line.amount,
        paidOn: line.date!,
        method: "transfer",
        statementLine: line.raw,
        recordedById: input.recordedById,
      });
      if (result === "paid" || result === "partial") outcome[result]++;
      else outcome.skipped++;
    }
  });
  return outcome;
}
