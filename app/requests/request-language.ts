// The one language resolver (ADR 034): pages, form actions, the JSON API, the newsletter box and
// every mail queued by a request take their language from here. A request adapter: it reads the
// address and the headers, and leaves the rule's parts to the pure helpers of ./language.

import {
  acceptedLanguage,
  cookieLanguage,
  defaultLanguage,
  type Language,
  languageFromPath,
} from "~/i18n/language";
import { unlocalizedPath } from "~/lib/localized-path";

export interface LanguageSignals {
  /** The address's path: /en/… and /de/… name their language (ADR 032). */
  pathname: string;
  cookieHeader?: string | null;
  acceptLanguageHeader?: string | null;
}

/** The APIs other programs call, which state their language in Accept-Language. */
const machineApiPrefixes = ["/api/email/", "/api/bank-notifications/"];

/** The language of a request with these signals, in this order:
 * 1. the address: /en/… is English and /de/… German, wherever the path leads (a page, its form
 *    action, the JSON API and the newsletter box under the page's prefix);
 * 2. the stored preference, the `lng` cookie (pages with one address for every language: sign-in,
 *    account, admin; and the unprefixed addresses);
 * 3. for the JSON APIs only — spec §7's (/api/email/…) and the bank notifications' (ADR 050) —
 *    Accept-Language: they serve clients that are not our pages, and those state their language
 *    there (our pages send theirs too). A page or a
 *    form post without address or cookie is Vietnamese (spec §4): a cached anonymous page is the
 *    same for every browser, and a learner on a Vietnamese page whose phone is set to English
 *    still gets Vietnamese mail;
 * 4. Vietnamese. */
export function resolveLanguage(signals: LanguageSignals): Language {
  return (
    languageFromPath(signals.pathname) ??
    cookieLanguage(signals.cookieHeader) ??
    (machineApiPrefixes.some((prefix) => unlocalizedPath(signals.pathname).startsWith(prefix))
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
