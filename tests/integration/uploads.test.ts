import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { count, eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restoreBackup } from "~/db/backup.server";
import type { Database } from "~/db/client.server";
import { migrationsFolder } from "~/db/migrations-folder.server";
import { uploadedImages } from "~/db/schema";
import { imageForWidth, UPLOAD_MAX_BYTES, uploadSrcSet } from "~/lib/uploads";
import { findUploadedImage, UploadedImageCache, uploadedImageReader } from "~/models/uploaded-image.server";
import {
  moveUploadFilesIntoDatabase,
  sniffImageType,
  storeUploadedImage,
  UploadRejected,
} from "~/requests/uploads.server";
import { serveUploadedImages } from "../../server/uploaded-images";
import { createTestDatabase } from "../support/test-database";

let database: Database;
/** A second database for the restore, which replaces everything in it. */
let restoreTarget: Database;
let dataDir: string;
const servers: Server[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  restoreTarget = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), "lernhaus-uploads-"));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await rm(dataDir, { recursive: true, force: true });
});

const image = (format: "png" | "jpeg" | "webp", width = 1600, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } })
    .toFormat(format)
    .toBuffer();

const file = (bytes: Uint8Array, name: string, type = "image/png") =>
  new File([new Uint8Array(bytes)], name, { type });

const fileName = (url: string) => url.slice("/uploads/".length);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const newName = (width = 1200) => `${randomBytes(16).toString("hex")}-${width}.webp`;

async function storedBytes(name: string) {
  return (await findUploadedImage(database.db, name))?.data;
}

async function imageRows() {
  const [row] = await database.db.select({ n: count() }).from(uploadedImages);
  return row?.n ?? 0;
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadRejected);
  return (error as UploadRejected).reason;
}

/** A real Express app with the /uploads handler, as server/app.ts mounts it. */
async function serve(reader = uploadedImageReader(database.db)) {
  const app = express();
  app.use("/uploads", serveUploadedImages(reader));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { reader, get: (url: string, init?: RequestInit) => fetch(`${base}${url}`, init) };
}

describe("uploaded images in the database", () => {
  it.each(["png", "jpeg", "webp"] as const)(
    "stores a %s as WebP in two widths under a generated name",
    async (format) => {
      const url = await storeUploadedImage(database.db, file(await image(format), "ảnh của tôi.png"));
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}-1200\.webp$/);
      const small = await storedBytes(fileName(imageForWidth(url, 96)));
      const large = await storedBytes(fileName(url));
      expect((await sharp(small).metadata()).width).toBe(480);
      const big = await sharp(large).metadata();
      expect([big.format, big.width, big.height]).toEqual(["webp", 1200, 675]);
      expect(uploadSrcSet(url)).toBe(`${imageForWidth(url, 96)} 480w, ${url} 1200w`);
      // Nothing on disk: another instance on this database serves the same image.
      expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);
    },
  );

  it("never enlarges a small image", async () => {
    const url = await storeUploadedImage(database.db, file(await image("png", 200, 200), "icon.png"));
    expect((await sharp(await storedBytes(fileName(url))).metadata()).width).toBe(200);
  });

  it("judges by content, not by name or type: text named .png is refused and nothing is stored", async () => {
    const before = await imageRows();
    const text = new TextEncoder().encode("<?php echo 'not an image'; ?>");
    expect(await rejection(storeUploadedImage(database.db, file(text, "photo.png")))).toBe("type");
    const gif = new TextEncoder().encode("GIF89a....");
    expect(await rejection(storeUploadedImage(database.db, file(gif, "anim.gif", "image/gif")))).toBe("type");
    expect(await imageRows()).toBe(before);
  });

  it("refuses a file over 5 MB, an empty one and a truncated image", async () => {
    const before = await imageRows();
    const huge = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await rejection(storeUploadedImage(database.db, file(huge, "huge.png")))).toBe("tooLarge");
    expect(await rejection(storeUploadedImage(database.db, file(new Uint8Array(), "empty.png")))).toBe(
      "missing",
    );
    const png = await image("png");
    expect(await rejection(storeUploadedImage(database.db, file(png.subarray(0, 60), "cut.png")))).toBe(
      "unreadable",
    );
    expect(sniffImageType(png)).toBe("png");
    expect(await imageRows()).toBe(before);
  });

  it("leaves other image URLs as they are", () => {
    expect(imageForWidth("https://example.com/a.jpg", 96)).toBe("https://example.com/a.jpg");
    expect(uploadSrcSet("https://example.com/a.jpg")).toBeUndefined();
  });
});

describe("serving /uploads from the database", () => {
  it("answers with the bytes, a year of immutable caching, a strong ETag, 304 on revalidation and HEAD", async () => {
    const { get } = await serve();
    const url = await storeUploadedImage(database.db, file(await image("jpeg"), "photo.jpg"));
    const stored = (await storedBytes(fileName(url))) as Buffer;

    const response = await get(url);
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(stored)).toBe(true);
    const etag = `"${sha256(stored)}"`;
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/webp",
      "content-length": String(stored.length),
      "cache-control": "public, max-age=31536000, immutable",
      etag,
      "x-content-type-options": "nosniff",
    });

    const revalidated = await get(url, { headers: { "If-None-Match": `"other", ${etag}` } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect((await revalidated.arrayBuffer()).byteLength).toBe(0);
    // Another tag is not this image: the full answer.
    expect((await get(url, { headers: { "If-None-Match": '"other"' } })).status).toBe(200);

    const head = await get(imageForWidth(url, 96), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/webp");
    expect(Number(head.headers.get("content-length"))).toBe(
      (await storedBytes(fileName(imageForWidth(url, 96))))?.length,
    );
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers a missing image, a foreign name or another method with a plain 404", async () => {
    const { get } = await serve();
    for (const [url, method] of [
      [`/uploads/${newName()}`, "GET"],
      [`/uploads/${newName()}`, "HEAD"],
      ["/uploads/..%2Fpackage.json", "GET"],
      ["/uploads/logo.png", "GET"],
      ["/uploads/", "GET"],
      [`/uploads/${newName()}`, "DELETE"],
    ] as const) {
      const response = await get(url, { method });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(response.headers.get("cache-control")).toBeNull();
    }
  });

  it("keeps hot images in process: a cached image is served without the database, others are read from it", async () => {
    const { get, reader } = await serve();
    const url = await storeUploadedImage(database.db, file(await image("png", 300, 200), "hot.png"));
    const small = imageForWidth(url, 96);
    expect((await get(url)).status).toBe(200);
    // Gone from the database: the cached width is still served, the other one is not.
    await database.db.delete(uploadedImages).where(eq(uploadedImages.name, fileName(url)));
    await database.db.delete(uploadedImages).where(eq(uploadedImages.name, fileName(small)));
    expect((await get(url)).status).toBe(200);
    expect(
      (await get(url, { headers: { "If-None-Match": `"${reader.cache.get(fileName(url))?.sha256}"` } }))
        .status,
    ).toBe(304);
    expect((await get(small)).status).toBe(404);
  });

  it("bounds the cache by bytes, evicting the least recently used image", async () => {
    const cache = new UploadedImageCache(1000);
    const entry = (name: string, size: number) => ({
      name,
      contentType: "image/webp",
      sha256: name,
      data: Buffer.alloc(size),
    });
    cache.set(entry("a", 400));
    cache.set(entry("b", 400));
    cache.get("a"); // a is now more recent than b
    cache.set(entry("c", 400));
    expect([cache.has("a"), cache.has("b"), cache.has("c")]).toEqual([true, false, true]);
    expect(cache.bytes).toBe(800);
    cache.set(entry("huge", 1001)); // larger than the whole cache: never kept
    expect(cache.has("huge")).toBe(false);
    cache.set(entry("d", 900));
    expect([cache.has("a"), cache.has("c"), cache.has("d")]).toEqual([false, false, true]);
    expect(cache.bytes).toBe(900);

    // Through the reader on real rows: the total never passes the bound.
    const names = [newName(), newName(), newName()];
    for (const name of names) await moveIn(name, randomBytes(30_000));
    const reader = uploadedImageReader(database.db, 70_000);
    for (const name of names) expect((await reader.image(name))?.data.length).toBe(30_000);
    expect(reader.cache.bytes).toBe(60_000);
    expect(reader.cache.has(names[0] as string)).toBe(false);
  });
});

/** Puts `bytes` into the database the way a start does with an old DATA_DIR/uploads file. */
async function moveIn(name: string, bytes: Buffer) {
  const folder = path.join(dataDir, "uploads");
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, name), bytes);
  await moveUploadFilesIntoDatabase(database.db, dataDir);
}

describe("files of DATA_DIR/uploads moved into the database at start", () => {
  it("moves each image file in, deletes it, leaves other files, and a second start moves nothing", async () => {
    const folder = path.join(dataDir, "uploads");
    fs.mkdirSync(folder, { recursive: true });
    const files = new Map([
      [newName(480), randomBytes(5000)],
      [newName(1200), randomBytes(9000)],
    ]);
    for (const [name, bytes] of files) fs.writeFileSync(path.join(folder, name), bytes);
    const crashed = `${newName()}.part`;
    fs.writeFileSync(path.join(folder, crashed), "half a file");

    expect(await moveUploadFilesIntoDatabase(database.db, dataDir)).toEqual({ moved: 2, left: 1 });
    expect(fs.readdirSync(folder)).toEqual([crashed]);
    const { get } = await serve();
    for (const [name, bytes] of files) {
      expect(Buffer.from(await (await get(`/uploads/${name}`)).arrayBuffer()).equals(bytes)).toBe(true);
    }

    // A start that stopped between storing and deleting: the file is there again, stored already.
    const [again, bytes] = [...files][0] as [string, Buffer];
    fs.writeFileSync(path.join(folder, again), bytes);
    fs.rmSync(path.join(folder, crashed));
    const rowsBefore = await imageRows();
    expect(await moveUploadFilesIntoDatabase(database.db, dataDir)).toEqual({ moved: 1, left: 0 });
    expect(await imageRows()).toBe(rowsBefore);
    // The folder is gone: later starts have nothing to do.
    expect(fs.existsSync(folder)).toBe(false);
    expect(await moveUploadFilesIntoDatabase(database.db, dataDir)).toEqual({ moved: 0, left: 0 });
  });

  it("keeps a file whose name is stored with other bytes", async () => {
    const name = newName();
    await moveIn(name, randomBytes(100));
    const folder = path.join(dataDir, "uploads");
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, name), randomBytes(100));
    expect(await moveUploadFilesIntoDatabase(database.db, dataDir)).toEqual({ moved: 0, left: 1 });
    expect(fs.existsSync(path.join(folder, name))).toBe(true);
    fs.rmSync(folder, { recursive: true });
  });
});

describe("backups made before images were rows", () => {
  it("restores their upload lines into uploaded_images", async () => {
    const target = restoreTarget;
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
    ) as {
      entries: { when: number; tag: string }[];
    };
    // The last migration before uploaded_images existed.
    const before = journal.entries[journal.entries.findIndex((e) => e.tag.endsWith("_uploaded_images")) - 1];
    const images = new Map([
      [newName(480), randomBytes(3000)],
      [newName(1200), randomBytes(7000)],
    ]);
    const lines = [
      { format: "lernhaus-backup", version: 1, createdAt: "", migration: before?.when, tables: [] },
      ...[...images].map(([name, bytes]) => ({ upload: name, data: bytes.toString("base64") })),
      { upload: `${newName()}.part`, data: "aGFsZg==" },
      { end: true, rows: 0, uploads: images.size + 1 },
    ];
    const backup = path.join(dataDir, "old.backup.jsonl.gz");
    fs.writeFileSync(backup, gzipSync(lines.map((line) => `${JSON.stringify(line)}\n`).join("")));

    const result = await restoreBackup(target.url, target.db, path.join(dataDir, "uploads"), backup, {
      force: true,
    });
    expect(result).toEqual({ rows: 0, uploads: 2, images: 2 });
    const rows = await target.db.select().from(uploadedImages);
    expect(rows.map((row) => row.name).sort()).toEqual([...images.keys()].sort());
    for (const row of rows) {
      const bytes = images.get(row.name) as Buffer;
      expect(row.data.equals(bytes)).toBe(true);
      expect([row.contentType, row.byteSize, row.sha256]).toEqual([
        "image/webp",
        bytes.length,
        sha256(bytes),
      ]);
    }
    // Served like any upload.
    const { get } = await serve(uploadedImageReader(target.db));
    const [name, bytes] = [...images][1] as [string, Buffer];
    expect(Buffer.from(await (await get(`/uploads/${name}`)).arrayBuffer()).equals(bytes)).toBe(true);
  });
});
