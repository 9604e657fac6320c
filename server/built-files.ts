// The build's own files (its fingerprinted /assets, the icons and the manifest), each sent in the
// encoding the browser prefers, compressed once when the app was built (ADR 063): the brotli
// and gzip forms `scripts/precompress-client.ts` writes beside each file. Compressing them on
// every request cost a first-time visitor's page load some 15 ms of the server's CPU (React's
// chunk alone is 10 ms at the middleware's brotli quality 4), and sent 14 % more bytes than
// brotli's best, which only a build can afford.
import fs from "node:fs";
import path from "node:path";
import express from "express";
import { type Encoding, preferredEncoding } from "./page-cache";

/** The file name endings of a file's compressed forms. */
export const COMPRESSED_FORMS = { br: ".br", gzip: ".gz" } as const satisfies Record<
  Exclude<Encoding, "identity">,
  string
>;

/** Files worth compressing: text. Images other than SVG and fonts are compressed already. */
export const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|json|svg|txt|xml|html|webmanifest|ico|map)$/i;

/** The encoding and the original file of a compressed form's path; undefined for any other. */
function compressedFormOf(file: string) {
  for (const [encoding, ending] of Object.entries(COMPRESSED_FORMS) as [
    keyof typeof COMPRESSED_FORMS,
    string,
  ][]) {
    if (file.endsWith(ending)) return { encoding, original: file.slice(0, -ending.length) };
  }
  return undefined;
}

/** A served file's address and the compressed forms the build left beside it. */
type BuiltFile = Partial<Record<keyof typeof COMPRESSED_FORMS, string>>;

/**
 * Serves the files of `directory` at their paths below the mount point, with `options`
 * (Cache-Control): the compressed form the request prefers when the build made one, else the
 * file as it is. The build does not change while the process runs, so the list of files is read
 * once: a page's address is never looked for on disk. A compressed form is not an address of
 * its own.
 */
export function serveBuiltFiles(
  directory: string,
  options: {
    maxAge: string;
    immutable?: boolean;
    /** A folder of `directory` that another handler serves. */
    except?: string;
  },
): express.RequestHandler {
  const { except, ...cacheOptions } = options;
  const files = new Map<string, BuiltFile>();
  const present = new Set<string>();
  if (fs.existsSync(directory)) {
    for (const entry of fs.readdirSync(directory, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      present.add(
        `/${path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
      );
    }
  }
  for (const file of present) {
    if (compressedFormOf(file) || (except && file.startsWith(`/${except}/`))) continue;
    const forms: BuiltFile = {};
    for (const [encoding, ending] of Object.entries(COMPRESSED_FORMS) as [keyof BuiltFile, string][]) {
      if (present.has(file + ending)) forms[encoding] = file + ending;
    }
    files.set(file, forms);
  }

  const serve = express.static(directory, {
    ...cacheOptions,
    index: false,
    setHeaders(res, servedPath) {
      const form = compressedFormOf(servedPath);
      if (!form) return;
      // The type of the file it is the compressed form of; the compression middleware leaves an
      // answer with an encoding alone.
      (res as express.Response).type(path.extname(form.original));
      res.setHeader("Content-Encoding", form.encoding);
    },
  });

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const forms = files.get(req.path);
    if (!forms) return next();
    if (forms.br || forms.gzip) {
      res.vary("Accept-Encoding");
      const encoding = preferredEncoding(req.headers["accept-encoding"]);
      const form = encoding === "identity" ? undefined : forms[encoding];
      if (form) {
        const query = req.url.indexOf("?");
        req.url = query === -1 ? form : form + req.url.slice(query);
      }
    }
    serve(req, res, next);
  };
}
