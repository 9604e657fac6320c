// spec §4 Language: one of vi, en, de; vi when the stored preference is missing or invalid.
export const languages = ["vi", "en", "de"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "vi";
export const LANGUAGE_COOKIE = "lng";
/** A year: the preference is "stored in the browser" (spec §9), not for the session only. */
export const LANGUAGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

export function languageFromCookieHeader(cookieHeader: string | null | undefined): Language {
  const match = /(?:^|;\s*)lng=([^;]*)/.exec(cookieHeader ?? "");
  const value = match?.[1];
  return isLanguage(value) ? value : defaultLanguage;
}

export function languageCookie(language: Language, secure: boolean) {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The language an address names: `/en/…` and `/de/…` are the English and German public pages
 * (ADR 032); Vietnamese, the default, has no prefix. */
export function languageFromPath(pathname: string): Language | undefined {
  const match = /^\/(en|de)(?:\/|$)/.exec(pathname);
  return match ? (match[1] as Language) : undefined;
}

/** The language a request is answered in: the one its address names, else the visitor's stored
 * preference (admin, account and sign-in pages have one address for every language). */
export function requestLanguage(request: Request): Language {
  return (
    languageFromPath(new URL(request.url).pathname) ?? languageFromCookieHeader(request.headers.get("Cookie"))
  );
}
