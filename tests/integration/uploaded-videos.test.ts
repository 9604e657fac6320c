// The home page's uploaded video (ADR 027): streamed into the database in chunks, served with
// Range requests, replaced and cleaned up by the setting, and carried by backups.
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restoreBackup, writeBackup } from "~/db/backup.server";
import type { Database } from "~/db/client.server";
import { uploadedVideoChunks, uploadedVideos } from "~/db/schema";
import { videoNameOf } from "~/lib/videos";
import { getHomeVideo, setHomeVideo } from "~/models/home-video.server";
import {
  findUploadedVideo,
  readUploadedVideoChunks,
  storeUploadedVideo,
  VIDEO_CHUNK_BYTES,
  VideoRejected,
} from "~/models/uploaded-video.server";
import { serveUploadedVideos } from "../../server/uploaded-videos";
import { createTestDatabase } from "../support/test-database";

let database: Database;
let restoreTarget: Database;
let dataDir: string;
let baseUrl: string;
let server: Server;
beforeAll(async () => {
  database = await createTestDatabase();
  restoreTarget = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), "lernhaus-videos-"));
  const app = express();
  app.use((_req, res, next) => {
    res.locals.log = { error() {} } as never;
    next();
  });
  app.use("/videos", serveUploadedVideos(database.db));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

/** An MP4's first box, then `size` bytes of noise: enough to be recognised, never decoded. */
function fakeMp4(size: number) {
  const bytes = randomBytes(size);
  Buffer.from([0, 0, 0, 0x18]).copy(bytes, 0);
  Buffer.from("ftypisom").copy(bytes, 4);
  return bytes;
}

/** The bytes as a request body arrives: in pieces of uneven length. */
function streamOf(bytes: Buffer, piece = 64 * 1024 + 7, failAfter?: number) {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (failAfter !== undefined && offset >= failAfter)
        return controller.error(new Error("connection lost"));
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + piece)));
      offset += piece;
    },
  });
}

async function rows() {
  const [videos] = await database.db.select({ n: count() }).from(uploadedVideos);
  const [chunks] = await database.db.select({ n: count() }).from(uploadedVideoChunks);
  return { videos: videos?.n, chunks: chunks?.n };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("storing an uploaded video", () => {
  it("stores the bytes in chunks under a new name, and serves them whole and in ranges", async () => {
    const bytes = fakeMp4(2 * VIDEO_CHUNK_BYTES + 12_345);
    const url = await storeUploadedVideo(database.db, streamOf(bytes));
    expect(url).toMatch(/^\/videos\/[0-9a-f]{32}\.mp4$/);
    const stored = await findUploadedVideo(database.db, videoNameOf(url));
    expect(stored).toMatchObject({ byteSize: bytes.length, contentType: "video/mp4", sha256: sha256(bytes) });

    const whole = await fetch(`${baseUrl}${url}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-length")).toBe(String(bytes.length));
    expect(whole.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    // A range across a chunk boundary, as a browser seeking sends it.
    const start = VIDEO_CHUNK_BYTES - 10;
    const end = VIDEO_CHUNK_BYTES + 99;
    const part = await fetch(`${baseUrl}${url}`, { headers: { Range: `bytes=${start}-${end}` } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(start, end + 1))).toBe(true);

    const tail = await fetch(`${baseUrl}${url}`, { headers: { Range: "bytes=-50" } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 50))).toBe(true);

    const past = await fetch(`${baseUrl}${url}`, { headers: { Range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${bytes.length}`);

    const etag = whole.headers.get("etag") ?? "";
    expect((await fetch(`${baseUrl}${url}`, { headers: { "If-None-Match": etag } })).status).toBe(304);
    const head = await fetch(`${baseUrl}${url}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(bytes.length));
  });

  it("answers 404 for an unknown video and for names that are not videos", async () => {
    for (const target of [`/videos/${"0".repeat(32)}.mp4`, "/videos/../secrets.json", "/videos/x.mp4"]) {
      expect((await fetch(`${baseUrl}${target}`)).status, target).toBe(404);
    }
  });

  it("refuses a file that is not an MP4, one over the limit and one cut short, and keeps nothing of them", async () => {
    const before = await rows();
    const refusal = async (body: ReadableStream<Uint8Array> | null, max?: number) =>
      storeUploadedVideo(database.db, body, max).then(
        () => "stored",
        (error: unknown) => (error instanceof VideoRejected ? error.reason : String(error)),
      );
    expect(await refusal(streamOf(Buffer.from(`<html>${"x".repeat(5000)}</html>`)))).toBe("type");
    expect(await refusal(streamOf(fakeMp4(3 * VIDEO_CHUNK_BYTES)), 2 * VIDEO_CHUNK_BYTES)).toBe("tooLarge");
    expect(await refusal(streamOf(fakeMp4(3 * VIDEO_CHUNK_BYTES), 64 * 1024, VIDEO_CHUNK_BYTES * 2))).toBe(
      "incomplete",
    );
    expect(await refusal(streamOf(Buffer.alloc(0)))).toBe("missing");
    expect(await refusal(null)).toBe("missing");
    expect(await rows()).toEqual(before);
  });
});

describe("the home page video setting", () => {
  it("takes an uploaded video, deletes the one it replaces, and refuses one that does not exist", async () => {
    const first = await storeUploadedVideo(database.db, streamOf(fakeMp4(1000)));
    expect(await setHomeVideo(database.db, first)).toBe(true);
    expect(await getHomeVideo(database.db)).toBe(first);

    const second = await storeUploadedVideo(database.db, streamOf(fakeMp4(2000)));
    expect(await setHomeVideo(database.db, second)).toBe(true);
    expect(await findUploadedVideo(database.db, videoNameOf(first))).toBeUndefined();
    expect((await fetch(`${baseUrl}${first}`)).status).toBe(404);
    expect((await fetch(`${baseUrl}${second}`)).status).toBe(200);

    expect(await setHomeVideo(database.db, `/videos/${"a".repeat(32)}.mp4`)).toBe(false);
    expect(await getHomeVideo(database.db)).toBe(second);

    // Back to YouTube: no uploaded video is kept.
    expect(await setHomeVideo(database.db, "dQw4w9WgXcQ")).toBe(true);
    expect(await rows()).toEqual({ videos: 0, chunks: 0 });
  });
});

describe("backups", () => {
  it("carry an uploaded video, byte for byte", async () => {
    const bytes = fakeMp4(VIDEO_CHUNK_BYTES + 777);
    const url = await storeUploadedVideo(database.db, streamOf(bytes));
    await setHomeVideo(database.db, url);
    const file = path.join(dataDir, "videos.backup.jsonl.gz");
    await writeBackup(database.url, path.join(dataDir, "uploads"), file);
    await restoreBackup(restoreTarget.url, restoreTarget.db, path.join(dataDir, "uploads"), file, {
      force: true,
    });
    expect(await getHomeVideo(restoreTarget.db)).toBe(url);
    const restored = await findUploadedVideo(restoreTarget.db, videoNameOf(url));
    expect(restored).toMatchObject({ byteSize: bytes.length, sha256: sha256(bytes) });
    const chunks = await readUploadedVideoChunks(restoreTarget.db, videoNameOf(url), 0, 9);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });
});
