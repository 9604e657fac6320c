// A button that shows and hides a list of links below it (WAI disclosure navigation pattern): the
// header's "More" menu and the signed-in user's menu.
import { type ReactNode, useId } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useDisclosure } from "./use-disclosure";

export function DisclosureMenu({
  trigger,
  buttonClassName,
  listClassName,
  children,
}: {
  /** The button's content; given whether the list is open. */
  trigger: (open: boolean) => ReactNode;
  buttonClassName: string;
  /** The list's position and width. */
  listClassName: string;
  /** The list's items. */
  children: ReactNode;
}) {
  const { open, setOpen, container, button } = useDisclosure<HTMLDivElement, HTMLButtonElement>();
  const listId = useId();
  // It opens by script only: disabled until then, so an early tap is not silently lost.
  const hydrated = useHydrated();
  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        disabled={!hydrated}
        className={buttonClassName}
      >
        {trigger(open)}
      </button>
      <ul
        id={listId}
        hidden={!open}
        className={`absolute ${listClassName} top-full z-50 mt-1 rounded-lg border border-slate-200 bg-white p-1 shadow-lg`}
      >
        {children}
      </ul>
    </div>
  );
}
