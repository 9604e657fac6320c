// First: zod must not probe for eval under our CSP (see the module).
import "./lib/zod-without-eval";
import { useEffect, useRef } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useFetcher,
  useRouteLoaderData,
} from "react-router";
import { requestLanguage } from "~/requests/request-language";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { getSessionUser, staffHomeOf } from "./auth/session.server";
import { useLiveUpdates } from "./components/live-updates";
import { useNonce } from "./components/nonce";
import { ErrorPage } from "./components/site/error-page";
import {
  defaultLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  languageFromCookieHeader,
  languageFromPath,
} from "./i18n/language";
import { loadLanguage } from "./i18n/load.client";
import { UsedNamespaces, useTranslation } from "./i18n/react";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // The ICO for browsers and tools that ask for /favicon.ico, the SVG for those that take it;
  // the phone home-screen icon and the manifest are made from the same logo (scripts/make-icons.mjs).
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

// Anonymous pages are cached per language (server/page-cache.ts): for a visitor without a
// session nothing here may depend on the request beyond its language.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  return {
    // The page's language: its address's (/en/…, /de/…), else the stored preference (ADR 032).
    language: requestLanguage(request),
    appUrl: context.config.APP_URL,
    // Only what the header shows: never whole rows.
    user: user && { name: user.name, image: user.image, adminHref: staffHomeOf(user) },
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    <html lang={data?.language ?? defaultLanguage}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <UsedNamespaces />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The page's language comes with the root's data: moving between `/courses` and `/en/courses`
 * on the client asks the root again, or the interface would stay in the old language. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => defaultShouldRevalidate || languageFromPath(currentUrl.pathname) !== languageFromPath(nextUrl.pathname);

export default function App({ loaderData }: Route.ComponentProps) {
  useLanguagePreference(loaderData.language);
  useLiveUpdates();
  return <Outlet />;
}

/** spec §4: the language is restored from the stored browser preference and every change is
 * saved back. The cookie serves the server; localStorage mirrors it, and restores it when the
 * cookie is gone. `language` is the page's, which an address may name (ADR 032): opening
 * /en/courses from a search result shows English without changing the stored preference. */
function useLanguagePreference(language: string) {
  const { i18n } = useTranslation();
  const fetcher = useFetcher();
  // The language being restored from localStorage, until the server confirms it.
  const restoring = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, after hydration
  useEffect(() => {
    const stored = window.localStorage.getItem(LANGUAGE_COOKIE);
    const hasCookie = document.cookie.split("; ").some((c) => c.startsWith(`${LANGUAGE_COOKIE}=`));
    // An address that names its language is shown in it; the preference waits for the next
    // unprefixed page.
    if (languageFromPath(window.location.pathname)) return;
    if (!hasCookie && isLanguage(stored) && stored !== language) {
      restoring.current = stored;
      void fetcher.submit(
        { language: stored, redirectTo: window.location.pathname + window.location.search },
        { method: "post", action: "/api/language" },
      );
    }
  }, []);

  useEffect(() => {
    if (!isLanguage(language)) return;
    if (restoring.current && restoring.current !== language) return;
    restoring.current = null;
    if (i18n.language !== language) void loadLanguage(language);
  }, [language, i18n]);

  useEffect(() => {
    if (restoring.current) return;
    // Read in the browser, not sent with the page: a cached page serves every cookie alike.
    const cookie = languageFromCookieHeader(document.cookie);
    const hasCookie = document.cookie.split("; ").some((c) => c.startsWith(`${LANGUAGE_COOKIE}=`));
    if (hasCookie) window.localStorage.setItem(LANGUAGE_COOKIE, cookie);
    else if (!languageFromPath(window.location.pathname))
      window.localStorage.setItem(LANGUAGE_COOKIE, language);
  }, [language]);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The server logs its errors once, with the request id (entry.server.tsx's handleError); in
  // the browser the console is where a developer looks.
  if (typeof document !== "undefined" && !isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={status} />;
}
