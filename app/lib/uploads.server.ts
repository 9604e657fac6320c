// Storing uploaded images (issue 7 §6): JPEG, PNG or WebP up to 5 MB, recognised by their first
// bytes (never by the name or the browser's type), decoded and re-encoded as WebP in the widths
// of UPLOAD_WIDTHS under server-generated names in DATA_DIR/uploads. Re-encoding drops whatever
// else the file carried (metadata, trailing data).
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { UPLOAD_MAX_BYTES, UPLOAD_WIDTHS, UPLOADS_FOLDER, uploadUrl } from "./uploads";

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
export async function storeUploadedImage(dataDir: string, file: File | null | undefined) {
  if (!file || typeof file === "string" || file.size === 0) throw new UploadRejected("missing");
  if (file.size > UPLOAD_MAX_BYTES) throw new UploadRejected("tooLarge");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageType(bytes)) throw new UploadRejected("type");

  const name = randomBytes(16).toString("hex");
  const directory = uploadsDirectory(dataDir);
  await mkdir(directory, { recursive: true });
  const written: string[] = [];
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
    for (const width of UPLOAD_WIDTHS) {
      const output = await source
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      // Write then rename: a reader never sees half a file.
      const target = path.join(directory, path.basename(uploadUrl(name, width)));
      await writeFile(`${target}.part`, output);
      await rename(`${target}.part`, target);
      written.push(target);
    }
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    if (error instanceof UploadRejected) throw error;
    throw new UploadRejected("unreadable");
  }
  return uploadUrl(name);
}
