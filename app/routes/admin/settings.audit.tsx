// Settings → Audit log (ADR 014): who changed what, when and from where, filtered by
// entity, actor, action and days, 50 a page. Read-only: the page has no action, and the
// database refuses to rewrite an entry (drizzle/0005_audit_triggers.sql).
import { Form, Link } from "react-router";
import { staffOnly } from "~/auth/staff-guard.server";
import { DataTable, EmptyList } from "~/components/admin/data-table";
import { Pagination } from "~/components/admin/pagination";
import { optionsOf, TextField } from "~/components/forms/fields";
import { FilterSelects } from "~/components/forms/filter-form";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import {
  AUDIT_LABELS_NAMESPACE,
  auditDetailText,
  auditEntityLabel,
  auditFieldLabel,
} from "~/lib/audit-labels";
import { formatDateTimeVi } from "~/lib/format";
import { listAuditLog } from "~/models/audit-log.server";
import { AUDIT_LOG_PAGE_SIZE, auditActions, readAuditLogQuery } from "~/schemas/audit-log";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/settings.audit";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "personal-data:audit.meta");

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/settings/audit");
  const query = readAuditLogQuery(new URL(args.request.url).searchParams);
  return { query, log: await listAuditLog(args.context.db, query) };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("personal-data");
  const { t: label } = useTranslation(AUDIT_LABELS_NAMESPACE);
  const { query, log } = loaderData;
  return (
    <section aria-labelledby="audit-heading" className="space-y-5">
      <Link to="/admin/settings" className="text-sm font-semibold text-blue-700 hover:underline">
        {t("backToSettings")}
      </Link>
      <div>
        <h1 id="audit-heading" className="text-2xl font-bold text-slate-900">
          {t("audit.title")}
        </h1>
        <p className="text-slate-600">{t("audit.intro")}</p>
      </div>
      <Form
        method="get"
        className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-5"
      >
        <FilterSelects
          query={query}
          labelOf={(name) => t(`audit.filters.${name}`)}
          all={t("audit.filters.all")}
          choices={{
            entity: optionsOf(log.entities, (entity) => auditEntityLabel(label, entity)),
            actor: optionsOf(log.actors, (email) => email),
            action: optionsOf(auditActions, (action) => t(`audit.actions.${action}`)),
          }}
        />
        <TextField label={t("audit.filters.from")} name="from" type="date" defaultValue={query.from ?? ""} />
        <TextField label={t("audit.filters.to")} name="to" type="date" defaultValue={query.to ?? ""} />
        <div className="flex gap-3 sm:col-span-2 lg:col-span-5">
          <Button type="submit">{t("audit.filters.apply")}</Button>
          <Link to="/admin/settings/audit" className="self-center text-sm font-semibold text-blue-700">
            {t("audit.filters.reset")}
          </Link>
        </div>
      </Form>
      <p className="text-slate-600" aria-live="polite">
        {t("audit.count", { count: log.total })}
      </p>
      {log.rows.length === 0 ? (
        <EmptyList boxed>{t("audit.empty")}</EmptyList>
      ) : (
        <DataTable
          columns={(["at", "actor", "ip", "action", "entity", "changes"] as const).map((column) => ({
            label: t(`audit.columns.${column}`),
            className: "px-3 py-2",
          }))}
          scrollClassName="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200"
          tableClassName="w-full text-left text-sm"
          headClassName="bg-slate-50 text-slate-700"
        >
          {log.rows.map((row) => (
            <tr key={row.id} className="align-top">
              <td className="whitespace-nowrap px-3 py-2">{formatDateTimeVi(row.at)}</td>
              <td className="px-3 py-2">{row.actorEmail ?? t("audit.system")}</td>
              <td className="px-3 py-2 font-mono text-xs">{row.ip}</td>
              <td className="px-3 py-2">
                {(auditActions as readonly string[]).includes(row.action)
                  ? t(`audit.actions.${row.action}`)
                  : row.action}
              </td>
              <td className="px-3 py-2">
                <span className="font-semibold">{auditEntityLabel(label, row.entity)}</span>
                {row.entityId && (
                  <span className="block break-all font-mono text-xs text-slate-500">{row.entityId}</span>
                )}
              </td>
              <td className="px-3 py-2 text-slate-700">
                {row.changedFields.map((column) => auditFieldLabel(label, column)).join(", ")}
                {row.detail && (
                  <span className="block text-xs text-slate-500">{auditDetailText(label, row.detail)}</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination page={log.page} pageSize={AUDIT_LOG_PAGE_SIZE} total={log.total} />
    </section>
  );
}
