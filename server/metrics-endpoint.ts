// GET /metrics (ADR 040): the process's Prometheus metrics, for a scraper that sends
// `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN there is no such endpoint (the
// path is an unknown page like any other).
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Registry } from "prom-client";

export const METRICS_PATH = "/metrics";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** Whether an Authorization header carries `token` as a bearer token. Compared in constant time
 * over digests of equal length, so neither the token's characters nor its length leak through
 * the time a refusal takes. */
export function bearerTokenMatches(authorization: string | undefined, token: string) {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(authorization ?? "");
  const presented = match?.[1] ?? "";
  // Hashed whatever was sent, so that a missing token takes as long as a wrong one.
  const equal = timingSafeEqual(sha256(presented), sha256(token));
  return Boolean(match) && equal;
}

/** Whether a request target is the metrics endpoint's (any query string). */
export function isMetricsPath(url: string) {
  return url === METRICS_PATH || url.startsWith(`${METRICS_PATH}?`);
}

/** The endpoint's handler: 405 for other methods, 401 with a challenge without the token, else
 * the registry's text. Never cached, by the page cache (it is answered before it) or anyone. */
export function serveMetrics(registry: Registry, token: string) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader("Cache-Control", "no-store");
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" });
      res.end("Method Not Allowed");
      return;
    }
    if (!bearerTokenMatches(req.headers.authorization, token)) {
      res.writeHead(401, {
        "WWW-Authenticate": 'Bearer realm="metrics"',
        "Content-Type": "text/plain; charset=utf-8",
      });
      res.end("Unauthorized");
      return;
    }
    const text = await registry.metrics();
    res.writeHead(200, { "Content-Type": registry.contentType });
    res.end(req.method === "HEAD" ? undefined : text);
  };
}
