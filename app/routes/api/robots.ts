import type { Route } from "./+types/robots";

// Admin, sign-in and account pages, the API and the newsletter's token links are of no use in
// search results.
const disallowed = [
  "/admin",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/profile",
  "/api/",
  "/newsletter/",
];

/** /robots.txt, naming the sitemap. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${context.config.APP_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
