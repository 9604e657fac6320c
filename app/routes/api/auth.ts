import { authFor, authHeaders } from "~/auth/session.server";
import type { Route } from "./+types/auth";

// better-auth's own endpoints (/api/auth/*): OAuth callbacks, session reads. The request is
// re-issued with the client IP the host resolved, for better-auth's rate limiter.
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
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
