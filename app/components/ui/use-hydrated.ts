// Whether this page has hydrated. Controls that only work with JavaScript (a password's show
// toggle, copying a link) use it to stay disabled or hidden until they can do something, so a
// tap on a slow phone before the script arrives is not silently lost.
import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
