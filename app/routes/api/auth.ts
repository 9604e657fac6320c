import { authFor, authHeaders } from "~/auth/session.server";
import type { Route } from "./+types/auth";

// better-auth's own HTTP endpoints (/api/auth/*). Our forms call better-auth on the server
// (`auth.api.*`), so the browser needs only what an identity provider sends it back to: the
// OAuth callbacks and better-auth's error page. Everything else (sign-in, sign-up,
// change-password, update-user, get-session, list-sessions, two-factor, …) would bypass our
// schemas, password rules and sign-in limits, or hand session tokens to page JavaScript, so it
// is answered 404 (docs/decisions/012-auth-endpoints-and-second-factor.md).
const BROWSER_ENDPOINTS: { methods: string[]; path: RegExp }[] = [
  // Google and the generic OpenID Connect provider; POST for providers answering with form_post.
  { methods: ["GET", "POST"], path: /^\/api\/auth\/callback\/[a-z0-9-]+$/ },
  { methods: ["GET", "POST"], path: /^\/api\/auth\/oauth2\/callback\/[a-z0-9-]+$/ },
  { methods: ["GET"], path: /^\/api\/auth\/error$/ },
];

export function isBrowserAuthEndpoint(method: string, pathname: string) {
  return BROWSER_ENDPOINTS.some(
    (endpoint) => endpoint.methods.includes(method) && endpoint.path.test(pathname),
  );
}

// The request is re-issued with the client IP the host resolved, for better-auth's rate limiter.
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  if (!isBrowserAuthEndpoint(request.method, new URL(request.url).pathname)) {
    throw new Response("Not Found", { status: 404 });
  }
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers: authHeaders(request, context),
    signal: request.signal,
  };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = request.body;
    init.duplex = "half";
  }
  return authFor(context).handler(new Request(request.url, init));
}

export const loader = handle;
export const action = handle;
