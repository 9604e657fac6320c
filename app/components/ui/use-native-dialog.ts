// The one handle on a native <dialog>, shared by the drawers and the admin's dialogs. Opened with
// showModal(), the browser brings the focus trap, Escape, the inert page behind and focus back to
// where it was on close (docs/decisions/005 and 009); this adds only what it lacks.
import { type MouseEvent, useLayoutEffect, useMemo, useRef } from "react";

export function useNativeDialog({ modalOnHydration = false }: { modalOnHydration?: boolean } = {}) {
  const ref = useRef<HTMLDialogElement>(null);

  // Before the browser paints it, not after: a dialog opened by a navigation shows as soon as
  // React commits it, and until showModal() it is open but not modal, so Escape did nothing and
  // the focus stayed behind it (a keyboard user quick after the click met that; so did CI).
  useLayoutEffect(() => {
    const element = ref.current;
    if (!modalOnHydration || !element) return;
    // The server renders such a dialog open but non-modal, so that it works without JavaScript;
    // once hydrated it becomes modal.
    if (element.open && !element.matches(":modal")) element.close();
    if (!element.open) element.showModal();
  }, [modalOnHydration]);

  // Stable functions: a caller may list them as an effect's dependencies.
  return useMemo(
    () => ({
      ref,
      showModal: () => ref.current?.showModal(),
      close: () => ref.current?.close(),
      /** A click on the backdrop lands on the <dialog> element itself, outside its content. */
      closeOnBackdropClick: (event: MouseEvent<HTMLDialogElement>) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      },
    }),
    [],
  );
}
