// The HTTP host. A front handler starts every request's log line, sets the security headers and
// answers anonymous pages from the page cache (compressed once, with their own policy: ADR 017)
// without going through Express; Express serves the rest: a per-request CSP nonce, compression,
// body limits, CSRF, static assets, uploaded images and videos, and React Router's handler.
import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import type { Logger } from "pino";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import type { AppConfig } from "~/config.server";
import type { ChangeBus } from "~/db/change-bus.server";
import type { Database } from "~/db/client.server";
import { SharedReads } from "~/db/shared-reads.server";
import { cookieLanguage } from "~/i18n/language";
import { changesPublicPages } from "~/lib/change-topics";
import { preferredLanguageRedirect } from "~/lib/localized-path";
import { withRequestLogger } from "~/lib/log.server";
import { enableMetrics, observeDatabasePool, setMetricSources } from "~/lib/metrics.server";
import { newPageTraits } from "~/lib/page-traits";
import { readOutboxBacklog } from "~/mail/outbox.server";
import { DATABASE_RETRY_AFTER_SECONDS, databaseAnswers } from "~/models/health.server";
import { uploadedImageReader } from "~/models/uploaded-image.server";
import { FORM_TICKET_COOKIE, formTicketCookieFor } from "~/requests/form-ticket.server";
import { resolveLanguage } from "~/requests/request-language";
import { closeConnectionOnUnreadBody, type LimitedBody, limitRequestBody } from "./body-limit";
import { serveBuiltFiles } from "./built-files";
import { clientIp, clientProtocol } from "./client-ip";
import { contentSecurityPolicy, nonceSource } from "./csp";
import { refuseCrossSiteRequests } from "./csrf";
import { refuseMalformedUrl } from "./malformed-url";
import { isMetricsPath, serveMetrics } from "./metrics-endpoint";
import { type CachedPage, PageCache, sendCachedPage } from "./page-cache";
import { refuseAnonymousWrites, refuseUnreadableForms } from "./request-gate";
import { redactUrl, requestLogger } from "./request-log";
import { writeResponseBody } from "./response-body";
import { HOST_ROUTES, routePatternMatcher } from "./route-label";
import { securityHeaders, setHeaders } from "./security-headers";
import { serveUploadedImages } from "./uploaded-images";
import { serveUploadedVideos } from "./uploaded-videos";

export interface AppServices {
  config: AppConfig;
  database: Database;
  changeBus: ChangeBus;
  shutdownSignal: AbortSignal;
}

interface CreateAppOptions extends AppServices {
  /** Production: the built server bundle. Development: a loader that asks Vite for a fresh one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Origins our forms may lead to (the identity provider's sign-in page). */
  formActionOrigins?: string[];
  /** The built browser assets (build/client). */
  assetsDirectory: string;
  /** Development only: Vite's middleware (HMR, on-demand transforms). */
  viteMiddleware?: express.RequestHandler;
  logger: Logger;
}

export function createApp(options: CreateAppOptions) {
  const { config, viteMiddleware, logger } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", false); // client IP is resolved in one place: server/client-ip.ts

  const https = config.APP_URL.startsWith("https:");
  const policy = contentSecurityPolicy({
    formActionOrigins: options.formActionOrigins ?? [],
    development: Boolean(viteMiddleware),
    https,
  });
  const pageCache = new PageCache({ policy });
  options.changeBus.subscribe((topic) => {
    if (changesPublicPages(topic)) pageCache.invalidate(topic);
  });
  const sharedReads = new SharedReads();
  sharedReads.follow(options.changeBus);
  /** ADR 042: the Set-Cookie of a form ticket for a visitor who holds none, on each answer of a
   * page with a public form. */
  const formTicketFor = (req: IncomingMessage) =>
    formTicketCookieFor(req.headers.cookie, { secret: config.authSecret, secure: https });
  const startRequestLog = requestLogger({ logger, trustProxy: config.TRUST_PROXY });
  const answerMetrics = metricsEndpoint(options);
  const routeOf = answerMetrics ? routeLabeller(options.build) : undefined;
  const headersForEveryAnswer = securityHeaders({ https });

  /** Every request starts here: its log line and id, the security headers; then a cached
   * anonymous page is answered at once, compressed already (ADR 017), without Express's
   * per-request set-up; everything else goes on to Express. Not a request with a body:
   * closeConnectionOnUnreadBody below decides what happens to an unread one. */
  const handleRequest = (req: IncomingMessage, res: ServerResponse) => {
    try {
      // Express keeps a res.locals that is already there.
      const locals = startRequestLog(req, res);
      Object.assign(res, { locals });
      setHeaders(res, headersForEveryAnswer);
      // Before the cache and the routes: an endpoint of the host's own (ADR 040).
      if (answerMetrics && isMetricsPath(req.url ?? "/")) {
        locals.route = HOST_ROUTES.metrics;
        // Its body, if any, is never read: the connection cannot carry another request.
        if (hasBody(req)) res.setHeader("Connection", "close");
        answerMetrics(req, res).catch((error: unknown) => {
          logger.error({ err: error }, "metrics: the scrape failed");
          if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
          res.end("Internal Server Error");
        });
        return;
      }
      // Before the cache: the Vietnamese address of a page is cached for the visitors who read
      // it in Vietnamese only.
      const redirect = languageRedirect(req.method, req.url ?? "/", req.headers.cookie);
      if (redirect) {
        res.writeHead(302, { Location: redirect, Vary: "Cookie", "Cache-Control": "no-store" });
        res.end();
        return;
      }
      const key = hasBody(req) ? undefined : pageCacheKey(req.method, req.url ?? "/", req.headers.cookie);
      const page = key ? pageCache.get(key) : undefined;
      if (page) {
        locals.route = page.route;
        sendCachedPage(req, res, page, "hit", page.traits.formTicket ? formTicketFor(req) : undefined);
      } else app(req, res);
    } catch (error) {
      // Outside Express nothing else catches: a throw here would end the process.
      logger.error({ err: error, url: redactUrl(req.url ?? "/").path }, "unhandled error before routing");
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("Internal Server Error");
    }
  };

  app.use((_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", policy([nonceSource(nonce)]));
    next();
  });
  app.use(compression());
  // Before anything else may answer (CSRF refusal, static files, the routes): an answer sent
  // while the body is unread closes the connection (ADR 011).
  app.use(closeConnectionOnUnreadBody);
  // A NUL byte, broken percent-encoding or a target that is no URL is a 400 before any route
  // sees it, and before its body is read: a client that asked to continue was not told to.
  app.use(refuseMalformedUrl);
  // An anonymous write to a signed-in-only page is refused before its body is read (ADR 036).
  app.use(refuseAnonymousWrites(config.authSecret));
  // Then every body is bounded (ADR 011).
  app.use(limitRequestBody);

  // CSRF (server/csrf.ts): a post with cookies must come from our own pages.
  app.use(refuseCrossSiteRequests({ appUrl: config.APP_URL, trustProxy: config.TRUST_PROXY }));
  // A form action's body must be a form (ADR 036).
  app.use(refuseUnreadableForms);

  if (viteMiddleware) {
    app.use(viteMiddleware);
  } else {
    // Fingerprinted build output: cache for a year.
    const assets = options.assetsDirectory;
    // The label stays when a file answers; the routes below replace it when none does.
    app.use(labelRoute(HOST_ROUTES.static));
    app.use("/assets", serveBuiltFiles(path.join(assets, "assets"), { immutable: true, maxAge: "1y" }));
    // The rest (icons, the manifest) for an hour.
    app.use(serveBuiltFiles(assets, { maxAge: "1h", except: "assets" }));
  }
  // Uploaded images, rows of the database (ADR 020).
  app.use(
    "/uploads",
    labelRoute(HOST_ROUTES.uploads),
    serveUploadedImages(uploadedImageReader(options.database.db)),
  );
  // Uploaded videos, chunked rows of the database, with Range requests (ADR 027).
  app.use("/videos", labelRoute(HOST_ROUTES.videos), serveUploadedVideos(options.database.db));

  const reactRouterHandler = createRequestHandler(
    options.build,
    config.isProduction ? "production" : "development",
  );

  app.all("/{*splat}", async (req, res, next) => {
    try {
      const nonce = res.locals.cspNonce as string;
      const cacheKey = pageCacheKey(req.method, req.originalUrl, req.headers.cookie);
      if (cacheKey) {
        const rendered = await pageCache.renderedMeanwhile(cacheKey);
        if (rendered) {
          res.locals.route = rendered.route;
          // The Content-Security-Policy of the nonce set above gives way to the page's own.
          sendCachedPage(
            req,
            res,
            rendered,
            "hit",
            rendered.traits.formTicket ? formTicketFor(req) : undefined,
          );
          return;
        }
      }
      const endRender = cacheKey ? pageCache.startRender(cacheKey) : undefined;
      try {
        await renderPage(req, res, nonce, cacheKey, endRender);
      } finally {
        endRender?.();
      }
    } catch (error) {
      next(error);
    }
  });

  /** Renders a page with React Router, stores it in the page cache when any visitor may be shown
   * it, and answers with it. `endRender`: tells the visitors waiting for this render that it has
   * ended, as soon as it is stored or known not to be (before a slow client has read it). */
  async function renderPage(
    req: ExpressRequest,
    res: ExpressResponse,
    nonce: string,
    cacheKey: string | undefined,
    endRender: ((rendered?: CachedPage) => void) | undefined,
  ) {
    const generation = pageCache.currentGeneration();
    const route = routeOf ? await routeOf(req.path) : HOST_ROUTES.unrouted;
    res.locals.route = route;
    const traits = newPageTraits();
    const context: AppLoadContext = {
      db: options.database.db,
      config: options.config,
      changeBus: options.changeBus,
      shutdownSignal: options.shutdownSignal,
      cspNonce: nonce,
      clientIp: clientIp(req, config.TRUST_PROXY),
      requestId: res.locals.requestId,
      page: traits,
      responseCookies: [],
      sharedReads,
    };
    // Whatever the routes log carries this request's id (app/lib/log.server.ts).
    const answer = await withRequestLogger(res.locals.log, () =>
      reactRouterHandler(
        toFetchRequest(req, res, res.locals.limitedBody, clientProtocol(req, config.TRUST_PROXY)),
        context,
      ),
    );
    // The body grew past its limit while the route read it: the 413 has been sent.
    if (res.headersSent) return;
    const response = await unavailableWhileDatabaseIs(answer, options.database.db);
    const formTicket = traits.formTicket ? formTicketFor(req) : undefined;
    // The session cookie the lookup renewed or cleared (ADR 062): personal, so never cached.
    const sessionCookies = context.responseCookies ?? [];
    if (cacheKey && sessionCookies.length === 0 && isCacheable(response)) {
      const html = await response.text();
      const headers = [...response.headers.entries()];
      const page = await pageCache.store(cacheKey, generation, {
        status: response.status,
        headers,
        html,
        nonce,
        route,
        traits,
      });
      // The visitors who waited get this render, stored or not (PageCache.renderedMeanwhile).
      endRender?.(page);
      // Sent encoded already: compression() leaves a response with a Content-Encoding alone.
      if (page) sendCachedPage(req, res, page, "miss", formTicket);
      else {
        res.status(response.status);
        for (const [name, value] of headers) res.setHeader(name, value);
        if (formTicket) res.setHeader("Set-Cookie", formTicket);
        res.end(html);
      }
      return;
    }
    endRender?.();
    await sendFetchResponse(res, response, { sessionCookies, formTicket, personal: !cacheKey });
  }

  // React Router renders (and entry.server.tsx logs) the errors of loaders, actions and
  // rendering; what reaches here failed outside it: logged once, the id on the answer.
  app.use(async (error: unknown, _req: ExpressRequest, res: ExpressResponse, _next: express.NextFunction) => {
    res.locals.log.error({ err: error }, "unhandled error");
    if (res.headersSent) {
      res.end();
      return;
    }
    const down = !(await databaseAnswers(options.database.db));
    if (down) res.setHeader("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    res
      .status(down ? 503 : 500)
      .type("text/plain")
      .send(`${down ? "Service Unavailable" : "Internal Server Error"} (request ${res.locals.requestId})`);
  });

  return { handleRequest, pageCache };
}

/** The metrics endpoint's handler when METRICS_TOKEN is set (ADR 040), which turns the metrics
 * on and tells them where the database pool's and the outbox's numbers are read. */
function metricsEndpoint(options: CreateAppOptions) {
  const token = options.config.METRICS_TOKEN;
  if (!token) return undefined;
  const registry = enableMetrics();
  const { database } = options;
  observeDatabasePool(database.pool, options.config.DATABASE_POOL_MAX);
  setMetricSources({ outbox: () => readOutboxBacklog(database.db) });
  return serveMetrics(registry, token);
}

/** The route pattern of a path, over the route table of the build that answers it (in
 * development each reload brings a new one). */
function routeLabeller(build: CreateAppOptions["build"]) {
  const matchers = new WeakMap<ServerBuild, (pathname: string) => string>();
  return async (pathname: string) => {
    const current = typeof build === "function" ? await build() : build;
    let matcher = matchers.get(current);
    if (!matcher) {
      matcher = routePatternMatcher(current.routes);
      matchers.set(current, matcher);
    }
    return matcher(pathname);
  };
}

function labelRoute(route: string): express.RequestHandler {
  return (_req, res, next) => {
    res.locals.route = route;
    next();
  };
}

/** ADR 032: a visitor whose stored language is English or German and who opens the Vietnamese
 * address of a public page (a link from an email, a bookmark) is sent to the page's address in
 * their language. Page loads only: a client-side navigation's data request (`.data`) comes from
 * a page whose links are in its language already. `url`: the request target (path and query). */
export function languageRedirect(method: string | undefined, url: string, cookieHeader: string | undefined) {
  if (method !== "GET" && method !== "HEAD") return undefined;
  if (url.split("?")[0]?.endsWith(".data")) return undefined;
  const preferred = cookieLanguage(cookieHeader);
  if (!preferred) return undefined;
  return preferredLanguageRedirect(url, preferred);
}

/** Only anonymous page views are cached: a GET for HTML with no cookie but the language one and
 * a form ticket (which the host adds to each answer itself, ADR 042).
 * `url` is the request target as it arrived (path and query). The key's language is the page's:
 * its address's, else the cookie's (sign-in pages have one address for all languages); the
 * Vietnamese address of a public page is only rendered for a Vietnamese cookie or none, the
 * others having been redirected (languageRedirect). */
export function pageCacheKey(method: string | undefined, url: string, cookieHeader: string | undefined) {
  if (method !== "GET") return undefined;
  const mark = url.indexOf("?");
  const path = mark === -1 ? url : url.slice(0, mark);
  if (path.startsWith("/api/") || path.endsWith(".data")) return undefined;
  const cookies = (cookieHeader ?? "")
    .split(";")
    .map((c) => c.trim())
    .filter(Boolean);
  if (cookies.some((c) => !c.startsWith("lng=") && !c.startsWith(`${FORM_TICKET_COOKIE}=`))) return undefined;
  // The key's language is the one the page is rendered in: the one resolver's (ADR 034).
  return `${resolveLanguage({ pathname: path, cookieHeader })} ${url}`;
}

/** The one place a failure during a database outage is told apart (ADR 036): whatever answered
 * 500 — a loader's error page, an action's "could not save", the JSON API — while the database
 * does not answer is a 503 with Retry-After, which a client, a balancer and an operator read as
 * "try again soon" rather than a fault in the app. Checked after the fact, by asking the
 * database, rather than by recognising the error: drivers, the ORM and better-auth wrap it
 * differently, and an action may have caught it already. */
async function unavailableWhileDatabaseIs(response: Response, db: Database["db"]) {
  if (response.status !== 500 || (await databaseAnswers(db))) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}

function hasBody(req: IncomingMessage) {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

function isCacheable(response: Response) {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    !response.headers.has("Set-Cookie") &&
    !/no-store|private/.test(cacheControl)
  );
}

/** `protocol`: the visitor's scheme (server/client-ip.ts), which React Router compares with a
 * form post's Origin. */
function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  body: LimitedBody | undefined,
  protocol: "http" | "https",
): Request {
  const url = new URL(req.originalUrl, `${protocol}://${req.get("host") ?? "localhost"}`);
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: toHeaders(req.headers),
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // Read (or wrapped) within its limit by limitRequestBody; a body-less request has none.
    if (body?.kind === "buffer") init.body = body.bytes;
    else if (body?.kind === "stream") {
      init.body = body.stream;
      init.duplex = "half";
    }
  }
  return new Request(url, init);
}

function toHeaders(incoming: IncomingHttpHeaders) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** `sessionCookies`: the session cookie the request's lookup renewed or cleared (ADR 062), sent
 * before the route's own Set-Cookie lines, so that a sign-out clearing the cookie outlasts the
 * renewal its own lookup made. `formTicket`: a form ticket's Set-Cookie to add (ADR 042).
 * `personal`: not an anonymous page view (a session, a form's post, a data request): unless the
 * route said otherwise, no shared cache may keep it. */
async function sendFetchResponse(
  res: ExpressResponse,
  response: Response,
  {
    sessionCookies,
    formTicket,
    personal,
  }: { sessionCookies: string[]; formTicket?: string; personal: boolean },
) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = [
    ...sessionCookies,
    ...response.headers.getSetCookie(),
    ...(formTicket ? [formTicket] : []),
  ];
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  const cacheControl = response.headers.get("Cache-Control");
  // A session's cookie is never kept by a shared cache, whatever the route said of its content.
  const sessionAnswer = sessionCookies.length > 0 && !/private|no-store/.test(cacheControl ?? "");
  if (sessionAnswer || ((personal || cookies.length > 0) && cacheControl === null)) {
    res.setHeader("Cache-Control", "private");
  }
  if (!response.body) {
    res.end();
    return;
  }
  // Event streams must reach the client chunk by chunk.
  if (response.headers.get("Content-Type")?.startsWith("text/event-stream")) res.flushHeaders();
  await writeResponseBody(response.body, res);
}
