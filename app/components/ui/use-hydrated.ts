// Whether this page has hydrated. Controls that only work with JavaScript (a password's show
// toggle, the header's menus, copying a link) use it to stay disabled or hidden until they can do
// something, so a tap on a slow phone before the script arrives is not silently lost.
//
// State set by an effect, not useSyncExternalStore; and called before useTranslation, which may
// suspend (use()): React replaying such a component logged error #520/#467 for a state hook
// placed after the suspension (a useSyncExternalStore first, then this useState in ClassSelect).
import { useEffect, useState } from "react";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
