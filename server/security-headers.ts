// The security headers every answer carries (beside its Content-Security-Policy, server/csp.ts),
// worked out once at start-up: helmet decides what they are, but running its middleware chain on
// each request cost a measurable part of a page-cache hit (ADR 017), and every answer gets the
// same ones anyway.
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";

export type HeaderList = readonly (readonly [name: string, value: string])[];

export function securityHeaders(options: { https: boolean }): HeaderList {
  const middleware = helmet({
    // Per answer: a nonce for a rendered page, hashes for a cached one (server/csp.ts).
    contentSecurityPolicy: false,
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
    },
    removeHeader() {}, // X-Powered-By: never set here (app.disable("x-powered-by"))
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // helmet sets its headers synchronously; if a version ever stops doing so, fail at start-up
  // rather than serve pages without them.
  if (!finished || headers.length === 0) throw new Error("helmet did not set its headers synchronously");
  headers.push(["Permissions-Policy", "camera=(), microphone=(), geolocation=()"]);
  return headers;
}

export function setHeaders(res: ServerResponse, headers: HeaderList) {
  for (const [name, value] of headers) res.setHeader(name, value);
}
