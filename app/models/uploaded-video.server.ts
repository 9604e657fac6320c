// Uploaded MP4 videos in the database (ADR 027): streamed in from the admin's upload in chunks,
// read back chunk by chunk for /videos/<name>, so that neither an upload nor a visitor seeking in
// the video ever holds the whole file in memory.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, between, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { uploadedVideoChunks, uploadedVideos } from "~/db/schema";
import { VIDEO_MAX_BYTES, videoUrl } from "~/lib/videos";

/** 512 KiB: a browser's first Range request for a video's start reads one or two chunks. */
export const VIDEO_CHUNK_BYTES = 512 * 1024;
const MP4 = "video/mp4";

/** `incomplete`: the body stopped before its end (the connection was lost, or the server's body
 * limit cut it and has answered 413 already). */
export type VideoUploadError = "missing" | "tooLarge" | "type" | "incomplete";

export class VideoRejected extends Error {
  constructor(readonly reason: VideoUploadError) {
    super(`video upload rejected: ${reason}`);
  }
}

/** Whether a file starts as an MP4 browsers play: an ISO base media file whose first box is
 * `ftyp`. QuickTime files (major brand `qt  `) are refused: browsers other than Safari often
 * cannot play them. The name and the type the browser claims are never trusted. */
export function looksLikeMp4(head: Uint8Array) {
  if (head.length < 12) return false;
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  const boxSize = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  return ascii(4, 8) === "ftyp" && boxSize >= 16 && ascii(8, 12) !== "qt  ";
}

/** Collects a stream's pieces into chunks of exactly `size` bytes (the last one shorter). */
class ChunkBuffer {
  private pieces: Buffer[] = [];
  private bytes = 0;
  constructor(private readonly size: number) {}

  get length() {
    return this.bytes;
  }

  push(piece: Uint8Array) {
    this.pieces.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
    this.bytes += piece.byteLength;
  }

  /** The first bytes, without taking them. */
  peek(count: number) {
    return Buffer.concat(this.pieces).subarray(0, count);
  }

  /** Takes a full chunk, or with `rest` whatever is left; undefined when there is none. */
  take(rest = false): Buffer | undefined {
    if (this.bytes === 0 || (!rest && this.bytes < this.size)) return undefined;
    const all = Buffer.concat(this.pieces);
    const chunk = Buffer.from(all.subarray(0, Math.min(this.size, all.length)));
    this.pieces = all.length > chunk.length ? [all.subarray(chunk.length)] : [];
    this.bytes = all.length - chunk.length;
    return chunk;
  }
}

/** The stream's pieces; a failure to read is the upload's fault, not the server's. */
async function* pieces(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch {
        throw new VideoRejected("incomplete");
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Streams an upload into the database and returns its URL. One transaction: a video that fails
 * midway (too large, not an MP4, the connection lost) leaves no row behind, and no reader ever
 * finds a video with missing chunks.
 */
export async function storeUploadedVideo(
  db: Db,
  body: ReadableStream<Uint8Array> | null,
  maxBytes = VIDEO_MAX_BYTES,
): Promise<string> {
  if (!body) throw new VideoRejected("missing");
  const name = `${randomBytes(16).toString("hex")}.mp4`;
  await db.transaction(async (tx) => {
    // Written first with its final size unknown; updated at the end of the same transaction.
    await tx
      .insert(uploadedVideos)
      .values({ name, contentType: MP4, byteSize: 0, chunkBytes: VIDEO_CHUNK_BYTES, sha256: "" });
    const hash = createHash("sha256");
    const buffer = new ChunkBuffer(VIDEO_CHUNK_BYTES);
    let total = 0;
    let seq = 0;
    let checked = false;
    const write = async (chunk: Buffer) => {
      await tx.insert(uploadedVideoChunks).values({ name, seq: seq++, data: chunk });
    };
    for await (const piece of pieces(body)) {
      total += piece.byteLength;
      if (total > maxBytes) throw new VideoRejected("tooLarge");
      hash.update(piece);
      buffer.push(piece);
      if (!checked && buffer.length >= 12) {
        if (!looksLikeMp4(buffer.peek(12))) throw new VideoRejected("type");
        checked = true;
      }
      for (let chunk = buffer.take(); chunk; chunk = buffer.take()) await write(chunk);
    }
    if (total === 0) throw new VideoRejected("missing");
    if (!checked) throw new VideoRejected("type");
    const last = buffer.take(true);
    if (last) await write(last);
    await tx
      .update(uploadedVideos)
      .set({ byteSize: total, sha256: hash.digest("hex") })
      .where(eq(uploadedVideos.name, name));
  });
  return videoUrl(name);
}

export interface UploadedVideo {
  name: string;
  contentType: string;
  byteSize: number;
  chunkBytes: number;
  /** Hex SHA-256 of the bytes: the strong ETag. */
  sha256: string;
}

export async function findUploadedVideo(db: Db, name: string): Promise<UploadedVideo | undefined> {
  const [row] = await db
    .select({
      name: uploadedVideos.name,
      contentType: uploadedVideos.contentType,
      byteSize: uploadedVideos.byteSize,
      chunkBytes: uploadedVideos.chunkBytes,
      sha256: uploadedVideos.sha256,
    })
    .from(uploadedVideos)
    .where(eq(uploadedVideos.name, name));
  return row;
}

/** The chunks numbered `first` to `last`, in order. */
export async function readUploadedVideoChunks(db: Db, name: string, first: number, last: number) {
  const rows = await db
    .select({ data: uploadedVideoChunks.data })
    .from(uploadedVideoChunks)
    .where(and(eq(uploadedVideoChunks.name, name), between(uploadedVideoChunks.seq, first, last)))
    .orderBy(asc(uploadedVideoChunks.seq));
  return rows.map((row) => row.data);
}

/** Deletes every uploaded video but `keep` (the one in use): the home page is the only place a
 * video is shown, so the others are earlier choices or uploads never saved. */
export async function deleteUploadedVideosExcept(db: Pick<Db, "delete">, keep: string | undefined) {
  await db.delete(uploadedVideos).where(keep ? ne(uploadedVideos.name, keep) : undefined);
}
