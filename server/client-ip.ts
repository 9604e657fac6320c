import type { IncomingMessage } from "node:http";

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
