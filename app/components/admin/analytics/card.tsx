import type { ReactNode } from "react";

/** One figure of the analytics page: a region named by its heading. In the page's grids it
 * may shrink below its chart's width (`min-w-0`): the chart scrolls inside it instead. */
export function AnalyticsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={id} className="mb-4 text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
