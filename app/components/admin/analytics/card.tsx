import type { ReactNode } from "react";

/** One figure of the analytics page: a region named by its heading. */
export function AnalyticsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="mb-4 text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
