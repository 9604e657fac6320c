// Settings → Audit log (ADR 014): the filters in the URL. Browser-safe: no server imports.
// A value outside the allowed shapes (an edited URL) is ignored, never an error page.
import { z } from "zod";

export const AUDIT_LOG_PAGE_SIZE = 50;

export const auditActions = ["insert", "update", "delete", "erase", "upload"] as const;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
  )
  .optional()
  .catch(undefined);

export const auditLogQuerySchema = z.object({
  entity: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional()
    .catch(undefined),
  action: z.enum(auditActions).optional().catch(undefined),
  actor: z.string().trim().max(254).optional().catch(undefined),
  from: isoDay,
  to: isoDay,
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

export function readAuditLogQuery(search: URLSearchParams): AuditLogQuery {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(auditLogQuerySchema.shape)) {
    const value = search.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  return auditLogQuerySchema.parse(raw);
}

export function auditLogParams(query: AuditLogQuery, overrides: { page?: number } = {}) {
  const params = new URLSearchParams();
  for (const key of ["entity", "action", "actor", "from", "to"] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  const page = overrides.page ?? 1;
  if (page > 1) params.set("page", String(page));
  return params;
}
