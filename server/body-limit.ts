// Request bodies are bounded before they are read (ADR 011): five anonymous 200 MB POSTs
// to /enroll once held the server for 87 s and 6.5 GB of memory. Every body but an image upload
// is read here, counted as it streams (chunked ones too), into one buffer of at most its limit;
// the route then gets a complete, small body. Uploads stream through a counter instead, so that
// an anonymous upload is refused by the route before it is read at all.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { Language } from "~/i18n/language";
import { bankFeedProviders } from "~/lib/bank-feed";
import { MATERIAL_MAX_BYTES, MATERIAL_UPLOAD_PATH } from "~/lib/class-material";
import { MEDIA_REPLACE_PATH } from "~/lib/media";
import { UPLOAD_MAX_BYTES } from "~/lib/uploads";
import { VIDEO_MAX_BYTES } from "~/lib/videos";
import deMessages from "~/locales/de/common.json";
import enMessages from "~/locales/en/common.json";
import viMessages from "~/locales/vi/common.json";
import { resolveLanguage } from "~/requests/request-language";
import { isMalformedUrl } from "./malformed-url";
import { isAnonymousWrite } from "./request-gate";

const KIB = 1024;

export const BODY_LIMITS = {
  /** Public forms, sign-in and sign-up, newsletter, language, the JSON API: the longest field is
   * a 5,000-character message (≤ 45 KB even URL-encoded in Vietnamese). */
  public: 64 * KIB,
  /** Admin forms: a post's body (ADR 055) may hold 200,000 characters of JSON, posted as
   * multipart (≤ 3 bytes each); other admin texts are URL-encoded, up to 9 bytes a character (a
   * 3-byte UTF-8 character becomes %XX%XX%XX). */
  admin: 1024 * KIB,
  /** An image of at most 5 MB plus its multipart envelope. */
  upload: UPLOAD_MAX_BYTES + 64 * KIB,
  /** A video, sent as the bare file (no envelope). */
  videoUpload: VIDEO_MAX_BYTES,
  /** A class's material (issue 30): 10 MB plus its multipart envelope and title. */
  materialUpload: MATERIAL_MAX_BYTES + 64 * KIB,
} as const;

/** Uploads reach their route as a counted stream, not a buffer: a 100 MB video never sits in
 * memory, and the route refuses an anonymous upload before reading it. */
const STREAMED_UPLOADS = new Map<string, number>([
  ["/admin/uploads", BODY_LIMITS.upload],
  // The media library's "replace" (ADR 054): an image like any upload.
  [MEDIA_REPLACE_PATH, BODY_LIMITS.upload],
  ["/admin/uploads/video", BODY_LIMITS.videoUpload],
  [MATERIAL_UPLOAD_PATH, BODY_LIMITS.materialUpload],
  // A bank's notification (ADR 050): its credentials are judged on the headers before a byte of
  // the body is read; within the public limit.
  ...bankFeedProviders.map(
    (provider) => [`/api/bank-notifications/${provider}`, BODY_LIMITS.public] as const,
  ),
]);

/** The limit for a request to `path` (React Router's `.data` requests included). */
export function bodyLimitFor(path: string): number {
  const upload = STREAMED_UPLOADS.get(path);
  if (upload !== undefined) return upload;
  if (path === "/admin" || path === "/admin.data" || path.startsWith("/admin/")) return BODY_LIMITS.admin;
  return BODY_LIMITS.public;
}

const tooLargeMessages: Record<Language, string> = {
  vi: viMessages.errors.bodyTooLarge,
  en: enMessages.errors.bodyTooLarge,
  de: deMessages.errors.bodyTooLarge,
};

/** What the route handler reads: the whole body, or (uploads) a counted stream of it. */
export type LimitedBody =
  | { kind: "buffer"; bytes: Uint8Array<ArrayBuffer> }
  | { kind: "stream"; stream: ReadableStream<Uint8Array> };

declare module "express-serve-static-core" {
  interface Locals {
    limitedBody?: LimitedBody;
  }
}

/** How long a refused connection stays half-open after the answer (see closeAfterAnswer). */
const LINGER_MS = 2_000;

/** Ends the connection once the answer is out, without reading the rest of the body. Closing at
 * once would make the client's TCP stack answer its own unsent data with a reset, which
 * discards our answer before the client reads it; so our side sends its FIN after the answer
 * and the socket is destroyed a moment later (a "lingering close", as nginx and Apache do). */
function closeAfterAnswer(req: Request, res: Response) {
  res.setHeader("Connection", "close");
  // A request nobody has read is drained to its end by Node once the answer is out (to keep
  // the connection usable). Reading nothing (read(0) marks it as consumed) leaves the body in
  // the socket: reading stops as soon as the request's small buffer is full.
  req.pause();
  req.read(0);
  const socket = req.socket;
  // Node calls destroySoon() when an answer marked "Connection: close" has been written.
  socket.destroySoon = function lingeringClose(this: typeof socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
  };
}

/** 413 in the visitor's language, and the connection closed behind it: the rest of the body is
 * never read (Node would otherwise read and discard it to keep the connection alive). */
export function refuseTooLarge(req: Request, res: Response) {
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  req.unpipe();
  res.status(413);
  closeAfterAnswer(req, res);
  res.setHeader("Cache-Control", "no-store");
  res.type("text/plain; charset=utf-8");
  res.end(tooLargeMessages[languageOf(req)]);
}

/** Whether the request says it carries a body (a length above zero, or chunked). */
function hasBody(req: Request) {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** Any answer sent while the body is still unread closes the connection, so that Node does not
 * keep reading (and discarding) whatever the client goes on sending. */
export function closeConnectionOnUnreadBody(req: Request, res: Response, next: NextFunction) {
  if (hasBody(req)) {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
      if (!req.complete && !this.headersSent) closeAfterAnswer(req, this);
      return writeHead.apply(this, args);
    } as typeof writeHead;
  }
  next();
}

/** Reads (or, for uploads, wraps) the body within its limit; 413 as soon as it is crossed. */
export function limitRequestBody(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || !hasBody(req)) return next();
  const limit = bodyLimitFor(req.path);
  const declared = Number(req.headers["content-length"] ?? 0);
  // Refused on its declared length, before a byte of it is read.
  if (declared > limit) return refuseTooLarge(req, res);

  let received = 0;
  if (STREAMED_UPLOADS.has(req.path)) {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        req.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > limit) {
            req.removeAllListeners("data");
            controller.error(new Error("request body too large"));
            refuseTooLarge(req, res);
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 1) <= 0) req.pause();
        });
        req.once("end", () => controller.close());
        req.once("error", (error) => controller.error(error));
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        req.removeAllListeners("data");
        req.pause();
      },
    });
    res.locals.limitedBody = { kind: "stream", stream };
    return next();
  }

  const chunks: Buffer[] = [];
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) {
      cleanup();
      refuseTooLarge(req, res);
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = () => {
    cleanup();
    const bytes = new Uint8Array(received);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    res.locals.limitedBody = { kind: "buffer", bytes };
    next();
  };
  const onError = (error: Error) => {
    cleanup();
    // The client went away mid-body: nothing to answer.
    if (!res.headersSent) res.status(400).end();
    req.socket.destroy(error);
  };
  const cleanup = () => {
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onError);
  };
  req.on("data", onData);
  req.on("end", onEnd);
  req.on("error", onError);
}

/** For the server's "checkContinue" event: a client that asks before sending its body
 * (`Expect: 100-continue`, curl does for bodies over 1 MB) is told to go on only when the
 * declared length is within the limit; otherwise the app answers 413 and the body never comes.
 * Nor does it for a target that is no URL: the app answers 400 (server/malformed-url.ts). This
 * runs outside Express, where a throw would end the process. */
export function continueUnlessTooLarge(
  app: (req: IncomingMessage, res: ServerResponse) => void,
  authSecret: string,
) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    if (!isMalformedUrl(url)) {
      const path = new URL(url, "http://localhost").pathname;
      // Nor for an anonymous write to a signed-in-only page: it gets its 403 (ADR 036).
      if (
        Number(req.headers["content-length"] ?? 0) <= bodyLimitFor(path) &&
        !isAnonymousWrite(req.method, path, req.headers.cookie, authSecret)
      )
        res.writeContinue();
    }
    app(req, res);
  };
}

/** The one resolver's answer (ADR 034) for an Express request. */
function languageOf(req: Request): Language {
  return resolveLanguage({
    pathname: req.originalUrl.split("?")[0] ?? "/",
    cookieHeader: req.headers.cookie,
    acceptLanguageHeader: req.headers["accept-language"],
  });
}
