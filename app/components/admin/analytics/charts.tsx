// Charts of the analytics page, drawn with plain elements: no chart library on the
// admin's phone. Each chart is hidden from screen readers and followed by the same numbers as a
// table (inside <details>, which sighted admins can open too).
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { formatDayMonthVi } from "~/lib/format";

function DataTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: [string, string];
  rows: { label: string; value: ReactNode }[];
}) {
  const { t } = useTranslation("admin-analytics");
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-blue-800 underline">{t("showTable")}</summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-700">
            <th scope="col" className="py-1 pr-3">
              {headers[0]}
            </th>
            <th scope="col" className="py-1 text-right">
              {headers[1]}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-3 font-normal text-slate-800">
                {row.label}
              </th>
              <td className="py-1 text-right font-semibold text-slate-900">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Horizontal bars: one per category, longest first. */
export function BarList({
  caption,
  headers,
  items,
  empty,
}: {
  caption: string;
  headers: [string, string];
  items: { label: string; value: number }[];
  empty: string;
}) {
  if (items.length === 0) return <p className="py-4 text-slate-600">{empty}</p>;
  const max = Math.max(...items.map((item) => item.value), 1);
  return (
    <>
      <ul aria-hidden="true" className="space-y-2">
        {items.map((item) => (
          <li key={item.label}>
            <div className="flex justify-between gap-3 text-sm">
              <span className="text-slate-800">{item.label}</span>
              <span className="font-semibold text-slate-900">{item.value}</span>
            </div>
            <div className="mt-1 h-2.5 rounded-full bg-slate-100">
              <div
                className="h-2.5 rounded-full bg-blue-700"
                style={{ width: `${(item.value / max) * 100}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
      <DataTable
        caption={caption}
        headers={headers}
        rows={items.map((i) => ({ label: i.label, value: i.value }))}
      />
    </>
  );
}

/** Columns per week, each labelled with its Monday ("22/11"). Where the weeks do not fit (a
 * phone, a long range) the chart scrolls inside its box rather than squeezing the columns, and
 * opens on the latest week: a reversed flex box starts scrolled to its end, without JavaScript. */
export function WeeklyColumns({
  caption,
  headers,
  weeks,
}: {
  caption: string;
  headers: [string, string];
  /** `week`: the week's Monday, yyyy-mm-dd. */
  weeks: { week: string; count: number }[];
}) {
  const max = Math.max(...weeks.map((w) => w.count), 1);
  return (
    <>
      <div aria-hidden="true" className="flex flex-row-reverse overflow-x-auto">
        <div
          className="flex h-44 min-w-full shrink-0 items-end gap-1.5"
          // 2.5rem a week: the widest date label ("28/08" at 11 px, about 32 px) fits its column
          // with the gap; at 2.25rem the latest week's label stuck out of the box by half a pixel
          // and was cut on a phone (seen with "23/11").
          style={{ width: `${weeks.length * 2.5}rem` }}
        >
          {weeks.map((w) => (
            <div key={w.week} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
              <span className="text-xs font-semibold text-slate-900">{w.count}</span>
              <div className="w-full rounded-t bg-blue-700" style={{ height: `${(w.count / max) * 75}%` }} />
              <span className="text-[11px] whitespace-nowrap text-slate-700">{formatDayMonthVi(w.week)}</span>
            </div>
          ))}
        </div>
      </div>
      <DataTable
        caption={caption}
        headers={headers}
        rows={weeks.map((w) => ({ label: formatDayMonthVi(w.week), value: w.count }))}
      />
    </>
  );
}
