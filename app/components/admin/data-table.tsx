// The frame of an admin list table: its scroll container, its caption for screen readers, its
// header row of column labels, and the line shown instead when the list is empty. The rows are the
// caller's; each list keeps its own widths and paddings through the class names.
import type { ReactNode } from "react";

export interface TableColumn {
  label: ReactNode;
  className?: string;
}

export function DataTable({
  caption,
  columns,
  scrollClassName,
  readOnlyRows = false,
  tableClassName,
  headClassName,
  bodyClassName = "divide-y divide-slate-100",
  children,
}: {
  /** Read by screen readers only. */
  caption?: string;
  columns: readonly TableColumn[];
  /** The horizontal scroll container's classes; without them the table stands alone. */
  scrollClassName?: string;
  /** The rows hold nothing to focus (no link, no button): the scroll box then takes the focus
   * itself, so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable). */
  readOnlyRows?: boolean;
  tableClassName: string;
  headClassName: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  const table = (
    <table className={tableClassName}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className={headClassName}>
        <tr>
          {/* A table's columns are fixed, so their place is their identity. */}
          {columns.map((column, index) => (
            <th key={index} scope="col" className={column.className}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={bodyClassName}>{children}</tbody>
    </table>
  );
  // `relative`: the screen-reader-only labels in the rows are positioned, and would escape a
  // scroll box that is not their containing block, widening the whole page on a phone.
  if (!scrollClassName) return table;
  return readOnlyRows ? (
    // A labelled region (section + aria-label) that takes the focus, as axe asks of a scroll box.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box reachable by keyboard is the point
    <section className={`relative ${scrollClassName}`} tabIndex={0} aria-label={caption}>
      {table}
    </section>
  ) : (
    <div className={`relative ${scrollClassName}`}>{table}</div>
  );
}

/** The columns of a compact table (settings, analytics): all padded the same, the last without a right gap. */
export function compactColumns(labels: readonly ReactNode[], align = ""): TableColumn[] {
  return labels.map((label, index) => ({
    label,
    className: [index === labels.length - 1 ? "py-2" : "py-2 pr-3", align].filter(Boolean).join(" "),
  }));
}

/** What an admin list shows when nothing matches. */
export function EmptyList({ children, boxed = false }: { children: ReactNode; boxed?: boolean }) {
  return (
    <p
      className={
        boxed
          ? "rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200"
          : "py-6 text-center text-slate-600"
      }
    >
      {children}
    </p>
  );
}
