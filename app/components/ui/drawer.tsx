// The slide-in menu on phones, for the public header and the admin layout alike: a button that
// opens a native modal <dialog> docked to one side (docs/decisions/005). It opens by script only:
// disabled until the page has hydrated, so a tap on a slow phone before then is not silently
// lost (the header's other menus do the same); without JavaScript the footer's links remain.
import { Menu, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "./use-hydrated";
import { useNativeDialog } from "./use-native-dialog";

const sides = { left: "left-0", right: "right-0 left-auto" };

export function Drawer({
  title,
  hideTitle = false,
  openLabel,
  closeLabel,
  side,
  className,
  children,
}: {
  /** Names the dialog; shown as its heading unless `hideTitle` (the content has its own). */
  title: string;
  hideTitle?: boolean;
  openLabel: string;
  closeLabel: string;
  side: keyof typeof sides;
  /** The panel's width. */
  className: string;
  /** The content, given `close` for links that should shut the drawer when followed. */
  children: (close: () => void) => ReactNode;
}) {
  const hydrated = useHydrated();
  const dialog = useNativeDialog();
  const location = useLocation();
  const titleId = useId();

  // The page the drawer was opened on. React Router renders a navigation in a transition, after
  // the address bar has changed: on a slow phone a tap on the menu button can land in between,
  // and closing "after each navigation" would then shut the drawer just opened on the new page.
  const openedOn = useRef<string | null>(null);
  const { close } = dialog;
  useEffect(() => {
    if (openedOn.current !== location.pathname) close();
  }, [location.pathname, close]);

  return (
    <>
      <button
        type="button"
        onClick={() => {
          openedOn.current = window.location.pathname;
          dialog.showModal();
        }}
        aria-label={openLabel}
        aria-haspopup="dialog"
        disabled={!hydrated}
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 disabled:opacity-60 lg:hidden"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a modal dialog natively; the click is the backdrop's */}
      <dialog
        ref={dialog.ref}
        aria-labelledby={titleId}
        onClick={dialog.closeOnBackdropClick}
        className={`fixed inset-y-0 m-0 h-full max-h-none max-w-[85vw] bg-white p-0 shadow-xl backdrop:bg-slate-900/40 ${sides[side]} ${className}`}
      >
        <h2 id={titleId} className={hideTitle ? "sr-only" : "px-6 pt-5 text-lg font-semibold"}>
          {title}
        </h2>
        <button
          type="button"
          onClick={dialog.close}
          aria-label={closeLabel}
          className="absolute top-4 right-3 rounded-md p-2 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
        {children(dialog.close)}
      </dialog>
    </>
  );
}
