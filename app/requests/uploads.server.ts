// Storing uploaded images (ADR 010): JPEG, PNG or WebP up to 5 MB, recognised by their first
// bytes (never by the name or the browser's type), decoded and re-encoded as WebP in the widths
// of UPLOAD_WIDTHS under server-generated names. Re-encoding drops whatever else the file carried
// (metadata, trailing data). The files are rows of uploaded_images (ADR 020); a
// DATA_DIR/uploads folder left by an earlier version is moved in at start.
import { randomBytes } from "node:crypto";
import { readdir, readFile, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Db } from "~/db/client.server";
import { log } from "~/lib/log.server";
import { isUploadFileName, UPLOAD_MAX_BYTES, UPLOAD_WIDTHS, UPLOADS_FOLDER, uploadUrl } from "~/lib/uploads";
import { createUploadedImages, importUploadedImage } from "~/models/uploaded-image.server";

export type UploadError = "missing" | "tooLarge" | "type" | "unreadable";

export class UploadRejected extends Error {
  constructor(readonly reason: UploadError) {
    super(`upload rejected: ${reason}`);
  }
}

/** The image types accepted, by their signatures. */
export function sniffImageType(bytes: Uint8Array): "jpeg" | "png" | "webp" | undefined {
  const starts = (signature: number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return undefined;
}

export function uploadsDirectory(dataDir: string) {
  return path.join(dataDir, UPLOADS_FOLDER);
}

// A decompression bomb (a tiny file declaring a huge canvas) is refused before decoding.
const MAX_INPUT_PIXELS = 40_000_000;

/** Checks and stores one image; returns the URL to save in the record. */
export async function storeUploadedImage(db: Db, file: File | null | undefined) {
  return (await storeUploadedImageWithId(db, file)).url;
}

/** The same, answering the media library's row too (a replacement opens it, ADR 054). */
export async function storeUploadedImageWithId(db: Db, file: File | null | undefined) {
  if (!file || typeof file === "string" || file.size === 0) throw new UploadRejected("missing");
  if (file.size > UPLOAD_MAX_BYTES) throw new UploadRejected("tooLarge");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageType(bytes)) throw new UploadRejected("type");

  const name = randomBytes(16).toString("hex");
  const files: { name: string; data: Buffer }[] = [];
  let size: { width: number; height: number };
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
    for (const width of UPLOAD_WIDTHS) {
      const data = await source
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      files.push({ name: path.posix.basename(uploadUrl(name, width)), data });
    }
    // The widest variant's dimensions, as the library shows them.
    const widest = await sharp(files.at(-1)!.data).metadata();
    size = { width: widest.width ?? 0, height: widest.height ?? 0 };
  } catch {
    throw new UploadRejected("unreadable");
  }
  // One transaction: a reader never finds one width without the other, nor an image without its
  // library row.
  const id = await createUploadedImages(db, files, {
    key: name,
    originalName: file.name.normalize("NFC").slice(0, 200),
    ...size,
  });
  return { id, url: uploadUrl(name) };
}

/** Start-up step (ADR 020): moves the files of DATA_DIR/uploads, written by versions that
 * kept images on disk, into the database. Each file is deleted once the database holds the same
 * bytes under its name, so a crash midway loses nothing and the next start continues; the empty
 * folder is removed, so later starts find nothing to do. Files that are not upload variants
 * (a `.part` left by a crash) stay where they are. */
export async function moveUploadFilesIntoDatabase(db: Db, dataDir: string) {
  const directory = uploadsDirectory(dataDir);
  let entries: string[];
  try {
    entries = (await readdir(directory, { withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { moved: 0, left: 0 };
    throw error;
  }
  let moved = 0;
  const left: string[] = [];
  for (const name of entries) {
    const file = path.join(directory, name);
    if (isUploadFileName(name) && (await importUploadedImage(db, name, await readFile(file)))) {
      await rm(file, { force: true });
      moved++;
    } else left.push(name);
  }
  // A subfolder keeps it from being empty: then it stays.
  if (left.length === 0) await rmdir(directory).catch(() => {});
  log().info(
    { moved, left: left.length, folder: directory },
    `uploads: moved ${moved} image files from ${directory} into the database`,
  );
  if (left.length)
    log().warn(
      { files: left.slice(0, 20) },
      `uploads: ${left.length} files in ${directory} are not uploaded images; left in place`,
    );
  return { moved, left: left.length };
}
