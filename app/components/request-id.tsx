// The id of the request that failed, shown on the error page so that a visitor's report leads
// support to the log line (ADR 016).
//
// Where it comes from: on the server, the request's own id (entry.server.tsx provides it). In
// the browser, hydrating that page, the id the server rendered; after a failed client-side
// navigation, the X-Request-Id of the failed data request (React Router gives its boundaries
// only a sanitised error, without the response's headers).
import { createContext, useContext } from "react";

const RequestIdContext = createContext<string | undefined>(undefined);
export const RequestIdProvider = RequestIdContext.Provider;

let lastFailedRequestId: string | undefined;

/** Browser: remembers the id of the last of our own requests answered with a server error. */
export function watchFailedRequests() {
  const fetchOriginal = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    const response = await fetchOriginal(...args);
    const id = response.headers.get("X-Request-Id");
    if (response.status >= 500 && id) lastFailedRequestId = id;
    return response;
  };
}

/** The failed request's id for the error page, when there is one. */
export function useFailedRequestId(): string | undefined {
  const serverId = useContext(RequestIdContext);
  if (serverId) return serverId;
  if (typeof document === "undefined") return undefined;
  return (
    lastFailedRequestId ??
    // Hydrating the server's error page: the id it rendered (app/components/site/error-page.tsx).
    document.querySelector("[data-request-id]")?.getAttribute("data-request-id") ??
    undefined
  );
}
