// RFC 8058 one-click unsubscribe: a mail program shows its own "Unsubscribe" button for a mail
// with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` and POSTs `List-Unsubscribe=One-Click`
// to the List-Unsubscribe URL, from its own servers, without cookies, without a page. The token
// in the URL is the authority, so this one path skips the cross-site check (server/csrf.ts).
// A GET (a person opening the link, or a scanner following it) only shows the unsubscribe page.
import { redirect } from "react-router";
import { unsubscribeFromNewsletter } from "~/models/newsletter.server";
import { hitRateLimit } from "~/models/request-limit.server";
import { newsletterTokenSchema } from "~/schemas/newsletter";
import type { Route } from "./+types/newsletter.one-click";

// A large provider posts from a few addresses for many people: generous per IP, still a bound on
// what one client can make the database do.
const PER_IP = { limit: 120, windowSeconds: 60 };

const noStore = { "Cache-Control": "no-store" };

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    throw new Response(null, { status: 405, headers: { Allow: "GET, POST" } });
  }
  const limit = await hitRateLimit(context.db, `newsletter-one-click:ip:${context.clientIp}`, PER_IP);
  if (!limit.allowed) {
    return new Response(null, {
      status: 429,
      headers: { ...noStore, "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const token = newsletterTokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  const form = await request.formData().catch(() => undefined);
  if (!token.success || form?.get("List-Unsubscribe") !== "One-Click") {
    return new Response(null, { status: 400, headers: noStore });
  }
  const outcome = await unsubscribeFromNewsletter(context.db, token.data);
  return new Response(null, { status: outcome === "unsubscribed" ? 204 : 404, headers: noStore });
}

export function loader({ request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  return redirect(`/newsletter/unsubscribe${search}`, { headers: noStore });
}
