// A modal dialog whose open state is in the URL (docs/decisions/009): the server renders it open
// and non-modal, so that it works without JavaScript; hydrated, it turns into a native modal
// <dialog>. Closing is a navigation to `closeHref`: the close link, and Escape once hydrated.
import { X } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link, useNavigate } from "react-router";
import { useNativeDialog } from "./use-native-dialog";

export function Dialog({
  title,
  closeHref,
  closeLabel,
  wide = false,
  children,
}: {
  title: string;
  /** The same page without the dialog. */
  closeHref: string;
  closeLabel: string;
  /** The room of a full-width dialog (the post editor). */
  wide?: boolean;
  children: ReactNode;
}) {
  const dialog = useNativeDialog({ modalOnHydration: true });
  const navigate = useNavigate();
  const titleId = useId();
  return (
    <dialog
      ref={dialog.ref}
      open
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: leave the dialog's URL rather than only hide it, so that Back and a reload agree.
        event.preventDefault();
        navigate(closeHref, { preventScrollReset: true });
      }}
      className={`fixed inset-0 z-40 m-auto max-h-[92vh] w-[calc(100%-1.5rem)] overflow-y-auto rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/50 ${
        wide ? "max-w-5xl" : "max-w-2xl"
      }`}
    >
      <div className="sticky top-0 z-10 flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-5 py-4">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <Link
          to={closeHref}
          preventScrollReset
          aria-label={closeLabel}
          className="rounded-md p-2 text-slate-600 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-5" />
        </Link>
      </div>
      <div className="px-5 py-5">{children}</div>
    </dialog>
  );
}

/** The row of a dialog's actions (Cancel, Save), last in its form: it sticks to the dialog's
 * bottom edge while the fields scroll under it, so a long form's Save stays in view on a laptop
 * as on a phone. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 -mx-5 flex flex-wrap justify-end gap-3 border-t border-slate-200 bg-white px-5 pt-4 pb-1">
      {children}
    </div>
  );
}
