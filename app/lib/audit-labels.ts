// The audit log's one table of labels (ADR 014): the log stores the database's own names (a
// table such as `contact_messages`, a column such as `two_factor_enabled`, an erasure's detail
// keys such as `mailFiles`), and the page shows each through the catalogue's "audit-labels"
// namespace, in the admin's language. tests/integration/audit-labels.test.ts fails when an
// audited table or column, or a detail the app records, has no label in vi, en or de.
import type { TFunction } from "~/i18n/translator";

export const AUDIT_LABELS_NAMESPACE = "audit-labels";

/** An audited table, or an event's entity ("person", "upload", "session"). */
export const auditEntityLabel = (t: TFunction, entity: string) => t(`entities.${entity}`);

/** A changed column (the same label for a column of that name in any table). */
export const auditFieldLabel = (t: TFunction, column: string) => t(`fields.${column}`);

function detailValue(t: TFunction, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => detailValue(t, item)).join(", ");
  if (typeof value === "number") return String(value);
  // Words the app records (who erased, what matched, yes/no) are labelled too; nothing else is
  // recorded in a detail (ADR 014: counts and names of things, never personal data).
  return t(`values.${String(value)}`);
}

/** An event's detail ("by: admin · matchedBy: email · mailFiles: 0") as labelled text. */
export function auditDetailText(t: TFunction, detail: Record<string, unknown>) {
  return Object.entries(detail)
    .map(([key, value]) => `${t(`details.${key}`)}: ${detailValue(t, value)}`)
    .join(" · ");
}
