// CSRF: a state-changing request that carries cookies must come from our own pages. Browsers
// always send Origin on such requests; a cookie-less client (the public JSON API) has no
// ambient authority to abuse.
import type { RequestHandler } from "express";
import { clientProtocol } from "./client-ip";

/** POSTs whose authority is a secret token in their URL, not the visitor's cookies: a mail
 * program posts RFC 8058's one-click unsubscribe from wherever it runs (ADR 029). Exact paths. */
const tokenAuthorisedPosts: ReadonlySet<string> = new Set(["/newsletter/unsubscribe/one-click"]);

export interface CrossSiteCheck {
  method: string;
  path: string;
  hasCookie: boolean;
  origin: string | undefined;
  secFetchSite: string | undefined;
  /** APP_URL's origin, and the origin the request itself was made to. */
  ownOrigin: string;
  requestOrigin: string;
}

/** Whether a request must be refused as cross-site. */
export function isRefusedCrossSite(request: CrossSiteCheck) {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method) || !request.hasCookie) return false;
  if (request.method === "POST" && tokenAuthorisedPosts.has(request.path)) return false;
  const { origin } = request;
  const foreign = origin !== undefined && origin !== request.ownOrigin && origin !== request.requestOrigin;
  return foreign || request.secFetchSite === "cross-site";
}

export function refuseCrossSiteRequests(options: { appUrl: string; trustProxy: boolean }): RequestHandler {
  const ownOrigin = new URL(options.appUrl).origin;
  return (req, res, next) => {
    const refused = isRefusedCrossSite({
      method: req.method,
      path: req.path,
      hasCookie: Boolean(req.headers.cookie),
      origin: req.headers.origin,
      secFetchSite: req.headers["sec-fetch-site"] as string | undefined,
      ownOrigin,
      requestOrigin: `${clientProtocol(req, options.trustProxy)}://${req.get("host")}`,
    });
    if (!refused) return next();
    res.locals.log.warn({ origin: req.headers.origin ?? null }, "csrf: refused a cross-site request");
    res.status(403).type("text/plain").send("Forbidden: cross-site request");
  };
}
