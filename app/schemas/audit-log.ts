// Settings → Audit log (ADR 014): the filters in the URL. Browser-safe: no server imports.
// A value outside the allowed shapes (an edited URL) is ignored, never an error page.
import { z } from "zod";
import { readUrlQuery, urlChoice, urlDay, urlPage, urlQueryParams } from "./url-query";

export const AUDIT_LOG_PAGE_SIZE = 50;

export const auditActions = ["insert", "update", "delete", "erase", "upload"] as const;

export const auditLogQuerySchema = z.object({
  entity: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional()
    .catch(undefined),
  action: urlChoice(auditActions),
  actor: z.string().trim().max(254).optional().catch(undefined),
  from: urlDay,
  to: urlDay,
  page: urlPage,
});

export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

export function readAuditLogQuery(search: URLSearchParams): AuditLogQuery {
  return readUrlQuery(auditLogQuerySchema, search);
}

export function auditLogParams(query: AuditLogQuery, overrides: { page?: number } = {}) {
  return urlQueryParams(query, ["entity", "action", "actor", "from", "to"], overrides.page);
}
