import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/** A disclosure menu's open state (WAI disclosure pattern): it closes after a navigation, on a
 * click or focus outside its container, and on Escape, which returns focus to its button. */
export function useDisclosure<Container extends HTMLElement, Trigger extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const container = useRef<Container>(null);
  const button = useRef<Trigger>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu after each navigation
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const closeIfOutside = (event: Event) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", closeIfOutside);
    document.addEventListener("focusin", closeIfOutside);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", closeIfOutside);
      document.removeEventListener("focusin", closeIfOutside);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return { open, setOpen, container, button };
}
