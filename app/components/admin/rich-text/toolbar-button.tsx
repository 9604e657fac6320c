// The visual editor's toolbar buttons (ADR 055): an icon with its label, the shortcut as this
// device's keyboard says it, pressed while its mark or block is on.
import type { LucideIcon } from "lucide-react";

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** "Ctrl+B", "⌘B": a shortcut as this device's keyboard says it. */
function shortcutLabel(shortcut: string) {
  return isMac()
    ? shortcut.replace("Mod-", "⌘").replace("Shift-", "⇧").replace("Alt-", "⌥")
    : shortcut.replace("Mod-", "Ctrl+").replace("Shift-", "Shift+").replace("Alt-", "Alt+");
}

export function ToolButton({
  icon: Icon,
  label,
  shortcut,
  pressed,
  disabled,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcutLabel(shortcut)})` : label}
      aria-keyshortcuts={
        shortcut ? shortcut.replace("Mod-", isMac() ? "Meta+" : "Control+").replace("-", "+") : undefined
      }
      aria-pressed={pressed}
      disabled={disabled}
      // A click keeps the editor's selection (the button does not take it away first).
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="flex size-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:bg-blue-100 aria-pressed:text-blue-800"
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}

export function Separator() {
  return <span aria-hidden="true" className="mx-0.5 hidden h-6 w-px self-center bg-slate-200 sm:block" />;
}
