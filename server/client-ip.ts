import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";

/** The visitor's address: the socket's, or with TRUST_PROXY the last X-Forwarded-For entry
 * (the one our own proxy appended; earlier entries are whatever the client claimed). */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers["x-forwarded-for"];
    const last = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",").pop()?.trim();
    if (last) return last;
  }
  return (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
}

/** The scheme the visitor used: the socket's, or with TRUST_PROXY the last X-Forwarded-Proto
 * entry (the one our proxy set). Behind a proxy that ends TLS the socket is plain HTTP while the
 * browser's Origin says https; React Router refuses a form post whose Origin differs from the
 * request's URL, so that URL must carry the visitor's scheme. */
export function clientProtocol(req: IncomingMessage, trustProxy: boolean): "http" | "https" {
  if (trustProxy) {
    const header = req.headers["x-forwarded-proto"];
    const last = (Array.isArray(header) ? header.join(",") : (header ?? ""))
      .split(",")
      .pop()
      ?.trim()
      .toLowerCase();
    if (last === "https" || last === "http") return last;
  }
  return (req.socket as TLSSocket).encrypted ? "https" : "http";
}
