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

/** The language the `lng` cookie stores, or undefined when there is none or it is not ours. The
 * one reading of the cookie: the server, the host and the browser all call it. */
export function cookieLanguage(cookieHeader: string | null | undefined): Language | undefined {
  const value = /(?:^|;\s*)lng=([^;]*)/.exec(cookieHeader ?? "")?.[1];
  return isLanguage(value) ? value : undefined;
}

/** spec §4: the stored preference, else Vietnamese. */
export function languageFromCookieHeader(cookieHeader: string | null | undefined): Language {
  return cookieLanguage(cookieHeader) ?? defaultLanguage;
}

/** The supported language an Accept-Language header ranks highest ("de-DE,de;q=0.9,en;q=0.8"
 * → de), or undefined when it names none of ours. */
export function acceptedLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.q > 0 && isLanguage(entry.language))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const best = ranked[0]?.language;
  return isLanguage(best) ? best : undefined;
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
