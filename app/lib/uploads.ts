// Uploaded images (ADR 010), the part the browser needs too: their URLs and which widths
// exist. Every upload is stored as WebP in these widths; the stored URL names the widest.

/** The folder in DATA_DIR where earlier versions kept the files; moved into the
 * database at start (ADR 020). */
export const UPLOADS_FOLDER = "uploads";
export const UPLOAD_URL_PREFIX = "/uploads/";
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_WIDTHS = [480, 1200] as const;
const LARGEST_WIDTH = 1200;
export const UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp";

const uploadPattern = /^\/uploads\/([0-9a-f]{32})-(\d+)\.webp$/;
const fileNamePattern = /^[0-9a-f]{32}-\d+\.webp$/;

/** The stored URL of a new upload: its widest variant. */
export function uploadUrl(name: string, width: number = LARGEST_WIDTH) {
  return `${UPLOAD_URL_PREFIX}${name}-${width}.webp`;
}

export function isUploadUrl(url: string) {
  return uploadPattern.test(url);
}

/** A variant's file name, the part of its URL after /uploads/. */
export function isUploadFileName(name: string) {
  return fileNamePattern.test(name);
}

/** An image URL for a box about `width` CSS pixels wide: an upload's smallest variant that is
 * at least that wide (avatars need no 1200-pixel file); other URLs as given. */
export function imageForWidth(url: string, width: number) {
  const match = uploadPattern.exec(url);
  if (!match) return url;
  const chosen = UPLOAD_WIDTHS.find((w) => w >= width) ?? LARGEST_WIDTH;
  return uploadUrl(match[1]!, chosen);
}

/** srcset for an upload (undefined for other URLs), so a phone loads the small file. */
export function uploadSrcSet(url: string) {
  const match = uploadPattern.exec(url);
  if (!match) return undefined;
  return UPLOAD_WIDTHS.map((w) => `${uploadUrl(match[1]!, w)} ${w}w`).join(", ");
}
