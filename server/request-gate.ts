// What a request's body must be before it is read (ADR 036), decided at the edge for every route:
// - A write to a signed-in-only page (/admin, /profile) without a validly signed session cookie
//   is refused with 403 before a byte of its body is read: 1,000 anonymous 1 MB posts to
//   /admin/settings once took the process from 184 MB to 1.36 GB, because every body was read
//   (within its limit) before the route's guard ran. The guards in the routes stay: this only
//   knows that a cookie was signed by us, not whose session it is or whether it is still live.
// - A form action gets a form: any other content type is 415, and a multipart body that does not
//   parse is 400, in the visitor's language, instead of the 500 a route's `formData()` threw.
import type { NextFunction, Request, Response } from "express";
import { verifiedToken } from "~/auth/session-cookie.server";
import type { Language } from "~/i18n/language";
import { unlocalizedPath } from "~/lib/localized-path";
import deMessages from "~/locales/de/common.json";
import enMessages from "~/locales/en/common.json";
import viMessages from "~/locales/vi/common.json";
import { resolveLanguage } from "~/requests/request-language";

/** Pages whose every action needs a signed-in user (their `.data` requests included). */
export function isSignedInOnlyPath(path: string) {
  return /^\/(?:admin|profile)(?:\.data$|\/|$)/.test(path);
}

/** better-auth's session cookie (`__Secure-` on https), in any position: which one better-auth
 * reads does not matter here, only that we signed one. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/g;

/** Whether the cookie header carries a session cookie signed with `secret`: a cheap check (no
 * database), which a forged or made-up cookie fails. */
export function hasSignedSessionCookie(cookieHeader: string | undefined, secret: string) {
  for (const match of (cookieHeader ?? "").matchAll(SESSION_COOKIE)) {
    let value: string;
    try {
      value = decodeURIComponent(match[1] ?? "");
    } catch {
      continue;
    }
    if (verifiedToken(value, secret) !== null) return true;
  }
  return false;
}

const isWrite = (method: string | undefined) => method !== "GET" && method !== "HEAD";

/** A write to a signed-in-only page by someone without a signed session cookie: answered 403
 * without reading its body (server/body-limit.ts closes the connection behind the answer). */
export function isAnonymousWrite(
  method: string | undefined,
  path: string,
  cookieHeader: string | undefined,
  secret: string,
) {
  return isWrite(method) && isSignedInOnlyPath(path) && !hasSignedSessionCookie(cookieHeader, secret);
}

/** The one answer of the signed-in-only pages' guards to an anonymous write (the routes'
 * requireAdmin/requireUser answer the same). */
export function refuseAnonymousWrites(secret: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isAnonymousWrite(req.method, req.path, req.headers.cookie, secret)) return next();
    res.status(403).setHeader("Cache-Control", "no-store");
    res.type("text/plain; charset=utf-8").end("Forbidden");
  };
}

/** Actions that read their body themselves, as something else than a page's form: better-auth
 * (JSON), the JSON API, the view beacon, the uploads (streamed; the route reads its file: an
 * image, a video, a class's material), a bank's transfer notification (JSON, ADR 050), and
 * the mail programs' one-click unsubscribe (RFC 8058; the route is lenient on purpose). Matched
 * on the path without its language prefix: the JSON API and the newsletter answer under /en/…
 * and /de/… too (ADR 034). */
const OWN_BODY_PATHS = [
  /^\/api\/auth\//,
  /^\/api\/email\//,
  /^\/api\/posts\//,
  /^\/admin\/uploads(?:\/video|\/material)?$/,
  /^\/api\/bank-notifications\//,
  /^\/newsletter\/unsubscribe\/one-click$/,
];

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

const unreadableMessages: Record<Language, string> = {
  vi: viMessages.errors.unreadableForm,
  en: enMessages.errors.unreadableForm,
  de: deMessages.errors.unreadableForm,
};

/** `body`: the bytes limitRequestBody read (undefined for a request without one). */
export async function formBodyProblem(
  method: string | undefined,
  path: string,
  contentType: string | undefined,
  body: Uint8Array<ArrayBuffer> | undefined,
): Promise<415 | 400 | undefined> {
  const unprefixed = unlocalizedPath(path);
  if (!isWrite(method) || OWN_BODY_PATHS.some((own) => own.test(unprefixed))) return undefined;
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) return 415;
  if (type !== "multipart/form-data") return undefined;
  try {
    await new Response(body ?? new Uint8Array(), {
      headers: { "Content-Type": contentType ?? "" },
    }).formData();
    return undefined;
  } catch {
    return 400;
  }
}

/** After limitRequestBody: a form action's body that is no form is 415, a broken one 400. */
export function refuseUnreadableForms(req: Request, res: Response, next: NextFunction) {
  const body = res.locals.limitedBody?.kind === "buffer" ? res.locals.limitedBody.bytes : undefined;
  formBodyProblem(req.method, req.path, req.headers["content-type"], body).then((status) => {
    if (!status) return next();
    res.status(status).setHeader("Cache-Control", "no-store");
    if (status === 415) res.setHeader("Accept-Post", FORM_TYPES.join(", "));
    res
      .type("text/plain; charset=utf-8")
      .end(unreadableMessages[resolveLanguage({ pathname: req.path, cookieHeader: req.headers.cookie })]);
  }, next);
}
