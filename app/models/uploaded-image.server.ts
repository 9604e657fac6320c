// Uploaded images in the database (ADR 020): written by app/lib/uploads.server.ts,
// read here for /uploads/<name>. Every instance on one PostgreSQL serves every image; a small
// cache of bytes in each process keeps hot images off the database.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { mediaImages, uploadedImages } from "~/db/schema";

const WEBP = "image/webp";

export interface UploadedImage {
  name: string;
  contentType: string;
  /** Hex SHA-256 of the bytes: the strong ETag. */
  sha256: string;
  data: Buffer;
}

function imageRow(name: string, data: Buffer) {
  return {
    name,
    contentType: WEBP,
    byteSize: data.length,
    sha256: createHash("sha256").update(data).digest("hex"),
    data,
  };
}

/** What the media library knows of an upload from the moment it is stored (ADR 054). */
export interface UploadedImageDetails {
  key: string;
  originalName: string;
  width: number;
  height: number;
}

/** Stores the widths of one upload together with its library row: an upload is all of its files
 * or none. Answers the library row's id. */
export async function createUploadedImages(
  db: Db,
  files: { name: string; data: Buffer }[],
  details: UploadedImageDetails,
) {
  return db.transaction(async (tx) => {
    await tx.insert(uploadedImages).values(files.map((file) => imageRow(file.name, file.data)));
    const [row] = await tx.insert(mediaImages).values(details).returning({ id: mediaImages.id });
    return row!.id;
  });
}

/** Stores one image unless its name is taken; answers whether the stored image (new or
 * present) has exactly these bytes, so that the caller may drop its own copy. */
export async function importUploadedImage(db: Db, name: string, data: Buffer): Promise<boolean> {
  const row = imageRow(name, data);
  await db.insert(uploadedImages).values(row).onConflictDoNothing();
  // The library lists it like any upload (ADR 054); its dimensions are read when first listed.
  await db
    .insert(mediaImages)
    .values({ key: name.slice(0, 32) })
    .onConflictDoNothing();
  const [stored] = await db
    .select({ sha256: uploadedImages.sha256 })
    .from(uploadedImages)
    .where(eq(uploadedImages.name, name));
  return stored?.sha256 === row.sha256;
}

export async function findUploadedImage(db: Db, name: string): Promise<UploadedImage | undefined> {
  const [image] = await db
    .select({
      name: uploadedImages.name,
      contentType: uploadedImages.contentType,
      sha256: uploadedImages.sha256,
      data: uploadedImages.data,
    })
    .from(uploadedImages)
    .where(eq(uploadedImages.name, name));
  return image;
}

/** The ETag alone: a revalidation (If-None-Match) needs no bytes. */
export async function findUploadedImageTag(db: Db, name: string): Promise<string | undefined> {
  const [image] = await db
    .select({ sha256: uploadedImages.sha256 })
    .from(uploadedImages)
    .where(eq(uploadedImages.name, name));
  return image?.sha256;
}

export const UPLOADED_IMAGE_CACHE_BYTES = 16 * 1024 * 1024;

/** Least recently used images, bounded by their total size (one 1200-pixel photo weighs as
 * much as a hundred thumbnails, so a count would bound nothing). A name never changes its
 * bytes, so nothing is ever invalidated; a missing image is not remembered (it may be
 * uploaded through another instance a moment later). */
export class UploadedImageCache {
  private readonly images = new Map<string, UploadedImage>();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  get bytes() {
    return this.total;
  }

  get(name: string) {
    const image = this.images.get(name);
    if (image) {
      // Map keeps insertion order: moving the entry to the end marks it recently used.
      this.images.delete(name);
      this.images.set(name, image);
    }
    return image;
  }

  has(name: string) {
    return this.images.has(name);
  }

  set(image: UploadedImage) {
    if (image.data.length > this.maxBytes || this.images.has(image.name)) return;
    for (const [name, oldest] of this.images) {
      if (this.total + image.data.length <= this.maxBytes) break;
      this.images.delete(name);
      this.total -= oldest.data.length;
    }
    this.images.set(image.name, image);
    this.total += image.data.length;
  }
}

/** Reads images through a cache; concurrent misses for one name share one query. */
export function uploadedImageReader(db: Db, maxBytes = UPLOADED_IMAGE_CACHE_BYTES) {
  const cache = new UploadedImageCache(maxBytes);
  const reading = new Map<string, Promise<UploadedImage | undefined>>();
  return {
    cache,
    async image(name: string) {
      const cached = cache.get(name);
      if (cached) return cached;
      let pending = reading.get(name);
      if (!pending) {
        pending = findUploadedImage(db, name).finally(() => reading.delete(name));
        reading.set(name, pending);
      }
      const image = await pending;
      if (image) cache.set(image);
      return image;
    },
    async tag(name: string) {
      return cache.get(name)?.sha256 ?? (await findUploadedImageTag(db, name));
    },
  };
}

export type UploadedImageReader = ReturnType<typeof uploadedImageReader>;
