// The small forms under the visual editor's toolbar (ADR 055): a link's address and a YouTube
// video's, typed, checked and applied without leaving the post's form.
import { type KeyboardEvent, type ReactNode, useId } from "react";

/** A small form under the toolbar (not a <form>: it sits inside the post's form). */
export function InlineForm({
  label,
  inputLabel,
  value,
  onValueChange,
  error,
  onSubmit,
  onCancel,
  children,
}: {
  label: string;
  inputLabel: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter") {
      // Enter would submit the post's form.
      event.preventDefault();
      onSubmit();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <fieldset> inside the post's form would be read as one of its sections; this is the toolbar's panel
    <div role="group" aria-label={label} className="border-t border-slate-200 bg-slate-50 px-3 py-3">
      <label htmlFor={`${id}-input`} className="block text-sm font-medium text-slate-800">
        {inputLabel}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={`${id}-input`}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: the form was opened to type in it
          autoFocus
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-h-10 min-w-0 flex-1 basis-56 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600"
        />
        <div className="flex flex-wrap gap-2">{children}</div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const panelButton =
  "min-h-10 rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600";
export const primaryButton = `${panelButton} bg-blue-700 text-white hover:bg-blue-800`;
export const secondaryButton = `${panelButton} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`;

export type Panel = { kind: "link" | "youtube"; value: string; error?: string };

/** An address typed without its scheme is a web address ("example.com/page") or a mail
 * address ("lan@example.com"). */
export function completeAddress(value: string) {
  if (/^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/.test(value)) return `mailto:${value}`;
  return /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d+)?([/?#]|$)/u.test(value) ? `https://${value}` : value;
}
