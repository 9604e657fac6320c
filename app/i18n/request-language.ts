// The one language resolver (ADR 034): pages, form actions, the JSON API, the newsletter box and
// every mail queued by a request take their language from here. A request adapter: it reads the
// address and the headers, and leaves the rule's parts to the pure helpers of ./language.
import { unlocalizedPath } from "~/lib/localized-path";
import {
  acceptedLanguage,
  cookieLanguage,
  defaultLanguage,
  type Language,
  languageFromPath,
} from "./language";

export interface LanguageSignals {
  /** The address's path: /en/… and /de/… name their language (ADR 032). */
  pathname: string;
  cookieHeader?: string | null;
  acceptLanguageHeader?: string | null;
}

/** The language of a request with these signals, in this order:
 * 1. the address: /en/… is English and /de/… German, wherever the path leads (a page, its form
 *    action, the JSON API and the newsletter box under the page's prefix);
 * 2. the stored preference, the `lng` cookie (pages with one address for every language: sign-in,
 *    account, admin; the API at its unprefixed address);
 * 3. for the API only (/api/…, which has no page), Accept-Language: a client that is not our
 *    page states its language there. A page without address or cookie is Vietnamese (spec §4),
 *    so that a cached anonymous page is the same for every browser;
 * 4. Vietnamese. */
export function resolveLanguage(signals: LanguageSignals): Language {
  return (
    languageFromPath(signals.pathname) ??
    cookieLanguage(signals.cookieHeader) ??
    (unlocalizedPath(signals.pathname).startsWith("/api/")
      ? acceptedLanguage(signals.acceptLanguageHeader)
      : undefined) ??
    defaultLanguage
  );
}

/** The language a request is answered in, and the one its mails are written in. */
export function requestLanguage(request: Request): Language {
  return resolveLanguage({
    pathname: new URL(request.url).pathname,
    cookieHeader: request.headers.get("Cookie"),
    acceptLanguageHeader: request.headers.get("Accept-Language"),
  });
}
