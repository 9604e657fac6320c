import type { ReactNode } from "react";

const tones = {
  error: "border-red-300 bg-red-50 text-red-800",
  success: "border-green-300 bg-green-50 text-green-800",
  info: "border-blue-200 bg-blue-50 text-blue-900",
} as const;

/** A message above a form: errors are announced to screen readers at once. */
export function Alert({
  tone,
  children,
  id,
}: {
  tone: keyof typeof tones;
  children: ReactNode;
  id?: string;
}) {
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}
    >
      {children}
    </div>
  );
}
