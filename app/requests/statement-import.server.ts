// The steps of the bank statement import as the payments page's action runs them (ADR 028):
// upload, choose the columns (again), confirm. Each later step trusts the file only with the
// server's signature over it; the columns are part of the confirmation's signature.
import type { Db } from "~/db/client.server";
import { normalizeStatementText, STATEMENT_MAX_BYTES } from "~/lib/bank-statement";
import { log } from "~/lib/log.server";
import {
  importStatement,
  previewStatement,
  readStatementColumns,
  saveStatementColumns,
  signStatement,
  statementSignatureValid,
} from "~/models/bank-statement.server";
import {
  type StatementColumns,
  statementColumnsSchema,
  statementConfirmSchema,
  statementFileSchema,
} from "~/schemas/payment-record";

type Step =
  | { error: string }
  | { imported: { paid: number; partial: number; skipped: number } }
  | {
      text: string;
      fileSignature: string;
      preview: Extract<Awaited<ReturnType<typeof previewStatement>>, { stage: "columns" | "preview" }>;
      columns?: StatementColumns;
      signature?: string;
    };

const failed = (key: string): Step => ({ error: `admin-payments:statement.errors.${key}` });

/** The uploaded file as text: UTF-8 (with or without BOM), within the size limit. */
async function uploadedText(file: FormDataEntryValue | null): Promise<string | Step> {
  if (!(file instanceof File) || file.size === 0) return failed("missing");
  if (file.size > STATEMENT_MAX_BYTES) return failed("tooLarge");
  try {
    return normalizeStatementText(new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer()));
  } catch {
    return failed("notText");
  }
}

/** The preview for `columns`, or the column choice when they do not fit this file. */
async function stepFor(
  db: Db,
  secret: string,
  text: string,
  columns: StatementColumns | undefined,
): Promise<Step> {
  const preview = await previewStatement(db, text, columns);
  if (preview.stage === "invalid") return failed(preview.error);
  const fileSignature = signStatement(secret, text);
  if (preview.stage === "columns" || !columns) return { text, fileSignature, preview };
  return { text, fileSignature, preview, columns, signature: signStatement(secret, text, columns) };
}

/** The file a later step posts back, when the server signed it. */
function signedText(formData: FormData, secret: string): string | undefined {
  const parsed = statementFileSchema.safeParse({
    text: formData.get("text"),
    signature: formData.get("fileSignature"),
  });
  if (!parsed.success) return undefined;
  const text = normalizeStatementText(parsed.data.text);
  return statementSignatureValid(secret, parsed.data.signature, text) ? text : undefined;
}

export async function statementStep(
  db: Db,
  secret: string,
  intent: string,
  formData: FormData,
  adminId: string,
): Promise<Step> {
  if (intent === "statement-upload") {
    const text = await uploadedText(formData.get("statement"));
    if (typeof text !== "string") return text;
    return stepFor(db, secret, text, await readStatementColumns(db));
  }
  const text = signedText(formData, secret);
  if (text === undefined) return failed("expired");

  if (intent === "statement-choose") return stepFor(db, secret, text, undefined);

  if (intent === "statement-columns") {
    const columns = statementColumnsSchema.safeParse(Object.fromEntries(formData));
    if (!columns.success) return failed("columns");
    const step = await stepFor(db, secret, text, columns.data);
    // Remembered only when they fit the file they were chosen for.
    if ("preview" in step && step.preview.stage === "preview") await saveStatementColumns(db, columns.data);
    return step;
  }

  if (intent === "statement-confirm") {
    const parsed = statementConfirmSchema.safeParse({
      ...Object.fromEntries(formData),
      text,
      line: formData.getAll("line"),
    });
    if (!parsed.success) return failed("expired");
    const { date, amount, description, signature, line } = parsed.data;
    const columns = { date, amount, description };
    if (!statementSignatureValid(secret, signature, text, columns)) return failed("expired");
    const imported = await importStatement(db, { text, columns, lines: line, recordedById: adminId });
    log().info(imported, "admin: bank statement imported");
    return { imported };
  }
  throw new Response("Unknown action", { status: 400 });
}
