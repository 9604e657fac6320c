// The bank statement import, a section of the payments page: upload → (the first time, or when
// the file's headers differ) choose the columns → preview → confirm. Each step's form carries
// the file back with the server's signature (ADR 028); the forms post as multipart, so the text
// is not percent-encoded past the admin body limit.
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { SelectField, TextField } from "~/components/forms/fields";
import { useTranslation } from "~/i18n/react";
import { formatDateVi, formatPriceVnd } from "~/lib/format";
import type { StatementLine, StatementPreview } from "~/models/bank-statement.server";
import type { StatementColumns } from "~/schemas/payment-record";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { DataTable } from "../data-table";

/** What the action answers at each step. */
export type StatementStep =
  | { error: string }
  | {
      text: string;
      fileSignature: string;
      preview: Extract<StatementPreview, { stage: "columns" | "preview" }>;
      columns?: StatementColumns;
      signature?: string;
    };

const MULTIPART = "multipart/form-data";
const cell = "px-3 py-2 align-top";
const headCell = "px-3 py-2 text-left text-xs font-semibold text-slate-600 uppercase";

function StepButton({ intent, label, secondary }: { intent: string; label: string; secondary?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button
      type="submit"
      name="intent"
      value={intent}
      disabled={busy}
      variant={secondary ? "secondary" : undefined}
    >
      {label}
    </Button>
  );
}

type Extra = { label: string; render: (line: StatementLine) => ReactNode };

/** A statement's lines: line number, day, amount, note, with a column before (the tick) and
 * after (what it matched, or why not). */
function LinesTable({
  caption,
  lines,
  before,
  after,
}: {
  caption: string;
  lines: readonly StatementLine[];
  before?: Extra;
  after?: Extra;
}) {
  const { t } = useTranslation("admin-payments");
  const labels = ["line", "date", "amount", "note"].map((key) => t(`statement.${key}`));
  const columns = [...(before ? [before.label] : []), ...labels, ...(after ? [after.label] : [])];
  // The box scrolls sideways on a phone; a table without links needs the box itself in the tab
  // order to be scrolled by keyboard.
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
      tabIndex={0}
      aria-label={caption}
      className="relative overflow-x-auto rounded-xl ring-1 ring-slate-200"
    >
      <DataTable
        caption={caption}
        columns={columns.map((label) => ({ label, className: headCell }))}
        tableClassName="min-w-full divide-y divide-slate-200 text-sm"
        headClassName="bg-slate-50"
      >
        {lines.map((line) => (
          <tr key={line.line}>
            {before && <td className={cell}>{before.render(line)}</td>}
            <td className={cell}>{line.line}</td>
            <td className={`${cell} whitespace-nowrap`}>{line.date ? formatDateVi(line.date) : "—"}</td>
            <td className={`${cell} whitespace-nowrap`}>{formatPriceVnd(line.amount)}</td>
            <td className={`${cell} break-words`}>{line.description}</td>
            {after && <td className={cell}>{after.render(line)}</td>}
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function FileFields({ step, signed }: { step: Exclude<StatementStep, { error: string }>; signed?: boolean }) {
  return (
    <>
      <input type="hidden" name="text" value={step.text} />
      <input type="hidden" name="fileSignature" value={step.fileSignature} />
      {signed && step.columns && step.signature && (
        <>
          <input type="hidden" name="signature" value={step.signature} />
          <input type="hidden" name="date" value={step.columns.date} />
          <input type="hidden" name="amount" value={step.columns.amount} />
          <input type="hidden" name="description" value={step.columns.description} />
        </>
      )}
    </>
  );
}

function ColumnsStep({
  step,
  saved,
}: {
  step: Exclude<StatementStep, { error: string }>;
  saved?: StatementColumns;
}) {
  const { t } = useTranslation("admin-payments");
  const options = step.preview.headers.map((header) => ({ value: header, label: header }));
  const initial = (key: keyof StatementColumns) => {
    const value = step.columns?.[key] ?? saved?.[key];
    return value && step.preview.headers.includes(value) ? value : "";
  };
  return (
    <Form method="post" encType={MULTIPART} preventScrollReset className="space-y-4">
      <h3 className="text-lg font-semibold text-slate-900">{t("statement.columnsHeading")}</h3>
      <p className="text-slate-700">{t("statement.columnsIntro")}</p>
      <FileFields step={step} />
      <div className="grid gap-4 md:grid-cols-3">
        {(["date", "amount", "description"] as const).map((key) => (
          <SelectField
            key={key}
            name={key}
            label={t(`statement.pick.${key}`)}
            required
            defaultValue={initial(key)}
            placeholder=""
            options={options}
          />
        ))}
      </div>
      <StepButton intent="statement-columns" label={t("statement.useColumns")} />
    </Form>
  );
}

type Matched = Extract<StatementPreview, { stage: "preview" }>["matched"][number];
type Unmatched = Extract<StatementPreview, { stage: "preview" }>["unmatched"][number];

function PreviewStep({ step }: { step: Exclude<StatementStep, { error: string }> }) {
  const { t } = useTranslation("admin-payments");
  const { preview } = step;
  if (preview.stage !== "preview") return null;
  const heading = (key: "matched" | "settled" | "unmatched", count: number) =>
    t(`statement.${key}Heading`, { count });
  const enrollment = (label: string, state: (e: Matched["enrollment"]) => string): Extra => ({
    label,
    render: (line) => {
      const e = (line as Matched).enrollment;
      return (
        <>
          <span className="font-mono font-semibold">{e.reference}</span> · {e.fullName}
          <div className="text-slate-600">{state(e)}</div>
        </>
      );
    },
  });
  return (
    <Form method="post" encType={MULTIPART} preventScrollReset className="space-y-5">
      <FileFields step={step} signed />
      <section aria-labelledby="matched-heading" className="space-y-2">
        <h3 id="matched-heading" className="text-lg font-semibold text-slate-900">
          {heading("matched", preview.matched.length)}
        </h3>
        {preview.matched.length > 0 && (
          <>
            <p className="text-slate-700">{t("statement.matchedIntro")}</p>
            <LinesTable
              caption={heading("matched", preview.matched.length)}
              lines={preview.matched}
              before={{
                label: t("statement.record"),
                render: (line) => (
                  <input
                    type="checkbox"
                    name="line"
                    value={line.line}
                    defaultChecked
                    aria-label={t("statement.include", { line: line.line })}
                    className="size-5"
                  />
                ),
              }}
              after={enrollment(
                t("statement.enrollment"),
                (e) => `${t("statement.due")}: ${e.due === null ? t("table.noDue") : formatPriceVnd(e.due)}`,
              )}
            />
          </>
        )}
      </section>
      {preview.settled.length > 0 && (
        <section aria-labelledby="settled-heading" className="space-y-2">
          <h3 id="settled-heading" className="text-lg font-semibold text-slate-900">
            {heading("settled", preview.settled.length)}
          </h3>
          <LinesTable
            caption={heading("settled", preview.settled.length)}
            lines={preview.settled}
            after={enrollment(t("statement.enrollment"), (e) =>
              t(`statement.settledState.${e.paymentStatus}`),
            )}
          />
        </section>
      )}
      <section aria-labelledby="unmatched-heading" className="space-y-2">
        <h3 id="unmatched-heading" className="text-lg font-semibold text-slate-900">
          {heading("unmatched", preview.unmatched.length)}
        </h3>
        {preview.unmatched.length > 0 && (
          <LinesTable
            caption={heading("unmatched", preview.unmatched.length)}
            lines={preview.unmatched}
            after={{
              label: t("statement.reason"),
              render: (line) => t(`statement.reasons.${(line as Unmatched).reason}`),
            }}
          />
        )}
      </section>
      {preview.skipped > 0 && (
        <p className="text-slate-600">{t("statement.skipped", { count: preview.skipped })}</p>
      )}
      <div className="flex flex-wrap gap-3">
        {preview.matched.length > 0 && (
          <StepButton intent="statement-confirm" label={t("statement.confirm")} />
        )}
        <StepButton intent="statement-choose" label={t("statement.changeColumns")} secondary />
      </div>
    </Form>
  );
}

export function StatementImport({
  step,
  saved,
}: {
  step: StatementStep | undefined;
  saved?: StatementColumns;
}) {
  const { t } = useTranslation("admin-payments");
  const error = step && "error" in step ? step.error : undefined;
  const active = step && !("error" in step) ? step : undefined;
  return (
    <section
      aria-labelledby="statement-heading"
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="statement-heading" className="text-xl font-bold text-slate-900">
        {t("statement.heading")}
      </h2>
      <p className="text-slate-700">{t("statement.intro")}</p>
      {error && <Alert tone="error">{t(error)}</Alert>}
      {active?.preview.stage === "columns" && <ColumnsStep step={active} saved={saved} />}
      {active?.preview.stage === "preview" && <PreviewStep step={active} />}
      <Form method="post" encType={MULTIPART} preventScrollReset className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <TextField
            name="statement"
            type="file"
            accept=".csv,text/csv"
            required
            label={t("statement.file")}
          />
        </div>
        <StepButton intent="statement-upload" label={t("statement.upload")} secondary={Boolean(active)} />
      </Form>
    </section>
  );
}
