// Bad input is a 400, never a 500. Two things in a URL fail deep inside the stack:
// a NUL byte (PostgreSQL refuses 0x00 in text, so "/blog?q=%00" or a token "%00" reached the
// database and came back as a 500) and a path that is not valid percent-encoded UTF-8
// ("/blog/%FF", "/courses/%": Express's route parameter decoding throws). Nor does a target that
// is no URL at all ("//[", "http://[::1": the URL parser throws wherever it meets one). None has
// a legitimate use, so all are refused here, once, for every route.
import type { NextFunction, Request, Response } from "express";
import type { Language } from "~/i18n/language";
import deMessages from "~/locales/de/common.json";
import enMessages from "~/locales/en/common.json";
import viMessages from "~/locales/vi/common.json";
import { resolveLanguage } from "~/requests/request-language";

const badRequestMessages: Record<Language, string> = {
  vi: viMessages.errors.badRequest,
  en: enMessages.errors.badRequest,
  de: deMessages.errors.badRequest,
};

/** Whether `url` (a request target as sent: path and query, percent-encoded) is one we refuse. */
export function isMalformedUrl(url: string): boolean {
  if (/%00/i.test(url) || url.includes("\u0000")) return true;
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  try {
    decodeURIComponent(path);
    new URL(url, "http://localhost");
    return false;
  } catch {
    return true;
  }
}

export function refuseMalformedUrl(req: Request, res: Response, next: NextFunction) {
  if (!isMalformedUrl(req.originalUrl)) return next();
  res
    .status(400)
    .type("text/plain")
    .send(
      badRequestMessages[
        // The one resolver (ADR 034), on the raw path: the address may be what is malformed.
        resolveLanguage({
          pathname: req.originalUrl.split("?")[0] ?? "/",
          cookieHeader: req.headers.cookie,
          acceptLanguageHeader: req.headers["accept-language"],
        })
      ],
    );
}
