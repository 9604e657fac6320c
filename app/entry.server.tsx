import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { requestLanguage } from "~/requests/request-language";
import { liveTopicsOf } from "./components/live-updates";
import { NonceProvider } from "./components/nonce";
import { RequestIdProvider } from "./components/request-id";
import { I18nProvider } from "./i18n/react";
import { i18n } from "./i18n/resources.server";
import { log } from "./lib/log.server";
import { RenderBatchStream } from "./lib/render-stream.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The address's language (/en/…, /de/…), else the stored preference: as the root loader's.
  const language = requestLanguage(request);
  const requestI18n = i18n.withLanguage(language);
  const nonce = loadContext.cspNonce;
  // Crawlers and the no-JavaScript path get the complete document at once.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  // What the page shows, for the page cache to know which changes take it out (ADR 042).
  if (loadContext.page) {
    const { matches } = routerContext.staticHandlerContext;
    loadContext.page.liveTopics = liveTopicsOf(
      matches.map((match) => routerContext.routeModules[match.route.id]?.handle),
    );
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={loadContext.requestId}>
          <I18nProvider i18n={requestI18n}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </I18nProvider>
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // One chunk per batch React completes, not per piece it writes (ADR 041).
          const body = new RenderBatchStream();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, React Router gets the error, logs it (handleError) and renders the
          // error page; after it, the page is half sent and only this sees the error.
          if (shellRendered) log().error({ err: error }, "unhandled error while streaming a page");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/** The one place errors of loaders, actions and rendering are logged (ADR 016): once, at error
 * level, with the request id (log() is this request's logger); the visitor gets the error page
 * showing the same id. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // The visitor left (navigated away, closed the tab): the aborted work is no fault.
  if (request.signal.aborted) return;
  // Thrown responses (404, 403…) are answers, not failures; a 5xx one still deserves a line.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  log().error({ err: error }, "unhandled error");
};
