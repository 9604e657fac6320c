// The frames of Settings: a tab's card (its heading, an intro or an action beside it) and a page
// under Settings (security, erasing a person) with the way back.
import type { ReactNode } from "react";
import { Link } from "react-router";

export function SettingsPage({
  id,
  back,
  title,
  children,
}: {
  /** The heading's id, naming the section. */
  id: string;
  back: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="max-w-3xl space-y-5">
      <Link to="/admin/settings" className="text-sm font-semibold text-blue-700 hover:underline">
        {back}
      </Link>
      <h1 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** One settings tab's card, named by its heading. */
export function SettingsSection({
  id,
  title,
  intro,
  action,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  /** Beside the heading (the newsletter's export). */
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="text-lg font-bold text-slate-900">
      {title}
    </h2>
  );
  return (
    <section
      aria-labelledby={id}
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      {intro ? (
        <div>
          {heading}
          <p className="text-sm text-slate-600">{intro}</p>
        </div>
      ) : action ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
