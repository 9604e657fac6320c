// One log line per request (ADR 016): its id, method, path, query with secrets removed, status,
// duration and client IP. The id is sent back as X-Request-Id and shown on the error page, so a
// visitor's report leads to the line.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Response } from "express";
import type { Logger } from "pino";
import { recordRequest } from "~/lib/metrics.server";
import { clientIp } from "./client-ip";
import { HOST_ROUTES } from "./route-label";

declare module "express-serve-static-core" {
  interface Locals {
    requestId: string;
    /** The process logger with this request's id bound. */
    log: Logger;
    /** The pattern of what answered (server/route-label.ts), the metrics' `route` label;
     * unset: answered before routing. */
    route?: string;
  }
}

export const REQUEST_ID_HEADER = "X-Request-Id";

/** What an id from our own proxy may look like (nginx's $request_id is 32 hex digits): short,
 * and nothing that could break a log line or a page. */
const ACCEPTED_ID = /^[A-Za-z0-9._-]{8,64}$/;

const REDACTED = "[REDACTED]";

/** Query parameters whose values are never logged: one-time tokens (password reset, newsletter
 * confirmation, self-erasure, email verification), OAuth's code and state, and anything named
 * like a secret or password. Matched on the decoded, lower-cased name. */
export function isSecretParameter(name: string) {
  const lower = name.toLowerCase();
  return (
    lower === "code" ||
    lower === "state" ||
    lower.includes("token") ||
    lower.includes("secret") ||
    lower.includes("password")
  );
}

/** Paths that carry a token as a segment: better-auth's reset-link endpoint
 * (/api/auth/reset-password/<token>). */
const TOKEN_IN_PATH = /^(\/api\/auth\/reset-password\/)[^/?]+/i;

/** The path and query of `url` (a request target like `/a/b?c=d`) as they may be logged. */
export function redactUrl(url: string): { path: string; query?: string } {
  const mark = url.indexOf("?");
  const rawPath = mark === -1 ? url : url.slice(0, mark);
  const path = rawPath.replace(TOKEN_IN_PATH, `$1${REDACTED}`);
  if (mark === -1 || mark === url.length - 1) return { path };
  const query = url
    .slice(mark + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      let decoded: string;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // A name we cannot read might be a secret's, written so as to slip past the check.
        return `${name}=${REDACTED}`;
      }
      return isSecretParameter(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return { path, query };
}

/** The request's id: our proxy's, when TRUST_PROXY says there is one and the value is sane;
 * otherwise a new one: 16 hex digits (60 random bits, short enough to read out on the phone)
 * from randomUUID, which draws on a cached pool instead of asking the system for entropy on every
 * request as randomBytes does — measurable on the page-cache hit path (ADR 017). */
export function requestIdFor(req: IncomingMessage, trustProxy: boolean): string {
  const incoming = req.headers["x-request-id"];
  if (trustProxy && typeof incoming === "string" && ACCEPTED_ID.test(incoming)) return incoming;
  return randomUUID().replaceAll("-", "").slice(0, 16);
}

/** The live-update stream: open for as long as a page is; a line when it ends, at debug level
 * (at info it would double the log of every visit). Refused streams are logged like requests. */
const LIVE_STREAM_PATH = "/api/events";

/** What every request carries from the moment it arrives (the front handler, server/app.ts), for
 * Express's middleware and the routes: Express keeps a `res.locals` that is already there. */
export type RequestLocals = Pick<Response["locals"], "requestId" | "log" | "route">;

/** Starts the request's log: gives it an id (sent back as X-Request-Id) and writes its line when
 * the answer is finished or the client leaves, and counts it in the metrics (ADR 040). Returns
 * what goes into `res.locals`. */
export function requestLogger(options: { logger: Logger; trustProxy: boolean }) {
  return (req: IncomingMessage, res: ServerResponse): RequestLocals => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(req, options.trustProxy);
    const ip = clientIp(req, options.trustProxy);
    // Read now: Express rewrites req.url while a mounted middleware (static files) runs.
    const url = req.url ?? "/";
    // The child logger is made when something logs for this request: a page-cache hit only
    // writes its request line, which names the id itself.
    let child: Logger | undefined;
    const locals = Object.create(null) as RequestLocals;
    locals.requestId = requestId;
    Object.defineProperty(locals, "log", {
      get: () => (child ??= options.logger.child({ reqId: requestId })),
      configurable: true,
      enumerable: true,
    });
    res.setHeader(REQUEST_ID_HEADER, requestId);

    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const elapsedNs = Number(process.hrtime.bigint() - started);
      const durationMs = Math.round(elapsedNs / 1e4) / 100;
      const { path, query } = redactUrl(url);
      // 499 (nginx's code): the client left before the answer was complete.
      const status = res.writableFinished ? res.statusCode : 499;
      recordRequest(locals.route ?? HOST_ROUTES.unrouted, req.method, status, elapsedNs / 1e9);
      const line = { method: req.method, path, ...(query ? { query } : {}), status, durationMs, ip };
      const liveStream = path === LIVE_STREAM_PATH && res.statusCode === 200;
      const level = status >= 500 ? "warn" : liveStream ? "debug" : "info";
      if (child) child[level](line, "request");
      else options.logger[level]({ reqId: requestId, ...line }, "request");
    };
    res.on("finish", done);
    res.on("close", done);
    return locals;
  };
}
