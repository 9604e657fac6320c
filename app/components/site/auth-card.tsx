import type { ReactNode } from "react";

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <main id="main" className="space-y-6 p-6 sm:p-8">
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle && <p className="text-slate-600">{subtitle}</p>}
      </div>
      {children}
    </main>
  );
}

export function OrDivider({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-500" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      {label}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

/** The minutes an auth page's 429 answer asks to wait ("… thử lại sau N phút"), if any. */
export function retryAfterMinutes(actionData: unknown) {
  const value = (actionData as { retryAfterMinutes?: unknown } | undefined)?.retryAfterMinutes;
  return typeof value === "number" ? value : undefined;
}
