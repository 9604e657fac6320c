// React Router reads a page's data (`/blog.data`, `/_root.data`) as a stream: it decodes the
// first line, goes on with the navigation and keeps reading until the server ends the answer.
// When the navigation is cancelled in between (the next click, while the next page's code is
// still loading), that read fails, and React Router (7.18) leaves two promises rejected with
// nothing to handle them. The visitor sees nothing wrong; the console, and with it an operator's
// error tracking, shows "BodyStreamBuffer was aborted" (ADR 059).
//
// Our loaders return their data whole, never a promise streamed after the first line, so reading
// each answer to its end before React Router gets it loses nothing. A cancellation then fails
// the fetch itself, which React Router expects and ignores.

function requestUrl(input: RequestInfo | URL): URL {
  const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, window.location.href);
}

/** A request for a page's loader or action data (single fetch's `.data` addresses). */
export function isRouterDataRequest(url: URL): boolean {
  return url.pathname.endsWith(".data");
}

/** Browser: hands React Router its data answers only once they are whole. */
export function readRouterDataWhole() {
  const fetchOriginal = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await fetchOriginal(input, init);
    // A redirect's 204 has no body to wait for.
    if (!response.body || !isRouterDataRequest(requestUrl(input))) return response;
    const body = await response.arrayBuffer();
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
