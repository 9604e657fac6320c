// GET/HEAD /uploads/<name>: uploaded images from the database (ADR 020). An Express
// handler rather than a React Router resource route: no session, no router context and no page
// cache are involved, and a miss stays a plain-text 404 rather than a rendered page.
import type { RequestHandler } from "express";
import { ifNoneMatchNames } from "~/lib/entity-tag";
import { isUploadFileName } from "~/lib/uploads";
import type { UploadedImageReader } from "~/models/uploaded-image.server";

// A name never changes its bytes: browsers and proxies may keep an image for a year.
const CACHE_CONTROL = "public, max-age=31536000, immutable";

export function serveUploadedImages(reader: UploadedImageReader): RequestHandler {
  return async (req, res, next) => {
    const name = req.path.slice(1);
    if ((req.method !== "GET" && req.method !== "HEAD") || !isUploadFileName(name)) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    try {
      const conditional = req.headers["if-none-match"];
      if (conditional) {
        const sha256 = await reader.tag(name);
        if (sha256 && ifNoneMatchNames(conditional, `"${sha256}"`)) {
          res
            .status(304)
            .set({ ETag: `"${sha256}"`, "Cache-Control": CACHE_CONTROL })
            .end();
          return;
        }
      }
      const image = await reader.image(name);
      if (!image) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      res.status(200).set({
        "Content-Type": image.contentType,
        "Content-Length": String(image.data.length),
        "Cache-Control": CACHE_CONTROL,
        ETag: `"${image.sha256}"`,
        "X-Content-Type-Options": "nosniff",
      });
      res.end(req.method === "HEAD" ? undefined : image.data);
    } catch (error) {
      next(error);
    }
  };
}
