// GET/HEAD /videos/<name>: uploaded videos from the database (ADR 027), with Range requests, which
// browsers need to start a video before it has all arrived and to seek in it. The bytes are read
// chunk by chunk and written as the client takes them, so a slow phone holds at most a few
// chunks of memory, and a client that leaves stops the reading.
import type { RequestHandler, Response } from "express";
import type { Db } from "~/db/client.server";
import { ifNoneMatchNames } from "~/lib/entity-tag";
import { isVideoFileName } from "~/lib/videos";
import {
  findUploadedVideo,
  readUploadedVideoChunks,
  type UploadedVideo,
} from "~/models/uploaded-video.server";
import { rangeOf } from "./byte-range";

// A name never changes its bytes: browsers and proxies may keep a video for a year.
const CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Chunks read per query: 2 MiB in flight at most per response. */
const CHUNKS_PER_READ = 4;

function notFound(res: Response) {
  res.status(404).type("text/plain").send("Not found");
}

/** Waits until the response can take more, or the client is gone (then false). */
function writeChunk(res: Response, data: Buffer): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  if (res.write(data)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (open: boolean) => {
      res.off("drain", onDrain);
      res.off("close", onClose);
      resolve(open);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    res.on("drain", onDrain);
    res.on("close", onClose);
  });
}

/** Writes bytes start…end (inclusive) of the video. */
async function writeBytes(db: Db, res: Response, video: UploadedVideo, start: number, end: number) {
  const firstChunk = Math.floor(start / video.chunkBytes);
  const lastChunk = Math.floor(end / video.chunkBytes);
  for (let from = firstChunk; from <= lastChunk; from += CHUNKS_PER_READ) {
    const to = Math.min(lastChunk, from + CHUNKS_PER_READ - 1);
    const chunks = await readUploadedVideoChunks(db, video.name, from, to);
    // Deleted while it was being sent: the client gets a short answer, never wrong bytes.
    if (chunks.length !== to - from + 1) throw new Error(`video ${video.name} lost chunks while being read`);
    for (const [index, chunk] of chunks.entries()) {
      const offset = (from + index) * video.chunkBytes;
      const part = chunk.subarray(Math.max(0, start - offset), Math.min(chunk.length, end - offset + 1));
      if (!(await writeChunk(res, part))) return;
    }
  }
  res.end();
}

export function serveUploadedVideos(db: Db): RequestHandler {
  return async (req, res, next) => {
    const name = req.path.slice(1);
    if ((req.method !== "GET" && req.method !== "HEAD") || !isVideoFileName(name)) return notFound(res);
    try {
      const video = await findUploadedVideo(db, name);
      // byteSize 0: still being uploaded (the row is not committed yet) cannot be seen; an empty
      // video cannot be stored. Either way nothing to serve.
      if (!video || video.byteSize === 0) return notFound(res);
      const etag = `"${video.sha256}"`;
      res.set({
        "Accept-Ranges": "bytes",
        "Cache-Control": CACHE_CONTROL,
        ETag: etag,
        "X-Content-Type-Options": "nosniff",
      });
      if (ifNoneMatchNames(req.headers["if-none-match"], etag)) return void res.status(304).end();
      const size = video.byteSize;
      const ifRange = { header: req.get("if-range"), etag };
      const range = rangeOf(req.headers.range, size, ifRange);
      if (range.kind === "unsatisfiable") {
        res
          .status(416)
          .set("Content-Range", `bytes */${size}`)
          .type("text/plain")
          .send("Range not satisfiable");
        return;
      }
      const [start, end] = range.kind === "part" ? [range.start, range.end] : [0, size - 1];
      res.status(range.kind === "part" ? 206 : 200).set({
        "Content-Type": video.contentType,
        "Content-Length": String(end - start + 1),
        ...(range.kind === "part" ? { "Content-Range": `bytes ${start}-${end}/${size}` } : {}),
      });
      if (req.method === "HEAD") return void res.end();
      await writeBytes(db, res, video, start, end);
    } catch (error) {
      // Once bytes are out, the only honest signal left is a cut connection.
      if (res.headersSent) {
        res.locals.log.error({ err: error }, "video: answer cut short");
        res.destroy();
        return;
      }
      next(error);
    }
  };
}
