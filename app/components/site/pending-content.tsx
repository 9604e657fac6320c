// spec §2/§4 loading states of data-driven public pages. The server render always has the data,
// so the page works without JavaScript and search engines see it whole. Only a client-side
// navigation INTO the page shows the loading text: its clientLoader hands the component a
// promise (see `arrivingAt`), which <PendingContent> suspends on.
import { type ReactNode, Suspense } from "react";
import { Await } from "react-router";

/** True when a clientLoader runs for a navigation into the page, false when it revalidates the
 * page already on screen (a live update, a language switch): those keep the content shown
 * until the new data is there instead of flashing the loading text. */
export function arrivingAt(request: Request) {
  return new URL(request.url).pathname !== window.location.pathname;
}

/** Renders `children(value)`; while `value` is still a promise, `fallback`; if it fails,
 * `errorElement`. No Suspense boundary for a plain value, so server HTML is never outlined. */
export function PendingContent<T>({
  value,
  fallback,
  errorElement,
  children,
}: {
  value: T | Promise<T>;
  fallback: ReactNode;
  errorElement: ReactNode;
  children: (value: T) => ReactNode;
}) {
  if (!(value instanceof Promise)) return children(value);
  return (
    <Suspense fallback={fallback}>
      <Await resolve={value} errorElement={errorElement}>
        {(resolved) => children(resolved as T)}
      </Await>
    </Suspense>
  );
}
