// Uploaded videos (ADR 027), the part the browser needs too: the size limit, the accepted type and
// the shape of their URLs.

export const VIDEO_URL_PREFIX = "/videos/";
/** A school's introduction video in 720p runs to a few dozen MB; 100 MB leaves room without
 * letting one upload hold a database connection for long. */
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const VIDEO_ACCEPT = "video/mp4";

const fileNamePattern = /^[0-9a-f]{32}\.mp4$/;
const urlPattern = /^\/videos\/[0-9a-f]{32}\.mp4$/;

export function videoUrl(name: string) {
  return `${VIDEO_URL_PREFIX}${name}`;
}

/** A video's file name, the part of its URL after /videos/. */
export function isVideoFileName(name: string) {
  return fileNamePattern.test(name);
}

export function isVideoUrl(url: string) {
  return urlPattern.test(url);
}

/** The name in a video URL. */
export function videoNameOf(url: string) {
  return url.slice(VIDEO_URL_PREFIX.length);
}
