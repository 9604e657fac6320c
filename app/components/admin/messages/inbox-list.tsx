// The inbox: unread first, then newest. Each row opens the reading pane (?id=… on the same URL,
// so the filter and page stay). Unread rows say so in words and in bold, not by colour alone.
import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { formatDateTimeVi } from "~/lib/format";
import type { InboxRow } from "~/models/contact-message.server";
import { type MessageListQuery, messageListParams } from "~/schemas/message-reply";
import { MessageStatusBadge } from "./status-badge";

export function messageHref(query: MessageListQuery, page: number, id: string) {
  return `?${messageListParams(query, { page, id })}`;
}

export function InboxList({
  rows,
  query,
  page,
  openId,
}: {
  rows: readonly InboxRow[];
  query: MessageListQuery;
  page: number;
  openId: string | undefined;
}) {
  const { t } = useTranslation("admin-messages");
  const { t: tc } = useTranslation("contact");
  return (
    <ul
      aria-label={t("list.label")}
      className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      {rows.map((row) => {
        const open = row.id === openId;
        return (
          <li key={row.id} className={open ? "bg-blue-50" : row.isRead ? "" : "bg-amber-50/60"}>
            <Link
              to={messageHref(query, page, row.id)}
              preventScrollReset
              aria-current={open ? "true" : undefined}
              className={`block border-l-4 px-4 py-3 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-blue-600 ${
                open ? "border-blue-700" : row.isRead ? "border-transparent" : "border-amber-500"
              }`}
            >
              <span className="flex flex-wrap items-center gap-2">
                {!row.isRead && (
                  <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900 uppercase ring-1 ring-amber-300">
                    {t("list.unread")}
                  </span>
                )}
                <span
                  className={`min-w-0 flex-1 truncate ${row.isRead ? "font-medium text-slate-800" : "font-bold text-slate-900"}`}
                >
                  {row.name}
                </span>
                <time dateTime={new Date(row.createdAt).toISOString()} className="text-xs text-slate-600">
                  {formatDateTimeVi(row.createdAt)}
                </time>
              </span>
              <span className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                <span className={row.isRead ? "text-slate-700" : "font-semibold text-slate-900"}>
                  {tc(`subjects.${row.subject}`, { defaultValue: row.subject })}
                </span>
                <MessageStatusBadge status={row.status} />
                {open && <span className="sr-only">({t("list.open")})</span>}
              </span>
              <span className="mt-1 block truncate text-sm text-slate-600">{row.preview}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
