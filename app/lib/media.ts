// The media library's pure part (ADR 054): which uploaded images a text refers to, moving a text's
// references from one image to another, and the Markdown that embeds one. Content stores an
// upload by its address (`/uploads/<key>-<width>.webp`, an image field's value, an image in a
// post's Markdown, or either inside a translation), so one pattern finds every use, whatever
// width, whether the address is relative or absolute. Browser-safe: the picker uses it too.
import { uploadUrl } from "./uploads";

/** An image's key: the 32 hex characters its widths' names share. */
export const MEDIA_KEY_PATTERN = /^[0-9a-f]{32}$/;

// Unanchored and global: finds every width of every upload inside any text.
const referencePattern = /\/uploads\/([0-9a-f]{32})-\d+\.webp/g;

/** The keys of the uploads a text refers to, each once, in the order they first appear. */
export function uploadKeysIn(text: string | null | undefined): string[] {
  if (!text) return [];
  const keys = new Set<string>();
  for (const match of text.matchAll(referencePattern)) keys.add(match[1]!);
  return [...keys];
}

/** The key of an upload's address, or undefined for any other address. */
export function uploadKeyOf(url: string): string | undefined {
  return /^\/uploads\/([0-9a-f]{32})-\d+\.webp$/.exec(url)?.[1];
}

/** The text with every reference to `from` pointing at `to` instead, each width kept: a
 * replaced image is a new upload with the same widths (ADR 054). */
export function replaceUploadKey(text: string, from: string, to: string): string {
  if (!MEDIA_KEY_PATTERN.test(from) || !MEDIA_KEY_PATTERN.test(to)) return text;
  return text.replace(new RegExp(`/uploads/${from}-(\\d+)\\.webp`, "g"), `/uploads/${to}-$1.webp`);
}

/** The strings of a translations object (ADR 032: `{ en: { content: "…", tags: […] } }`) with
 * where each is, e.g. "en.content". */
export function translationStrings(value: unknown, at = ""): { at: string; text: string }[] {
  if (typeof value === "string") return [{ at, text: value }];
  if (Array.isArray(value)) return value.flatMap((item) => translationStrings(item, at));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) =>
      translationStrings(item, at ? `${at}.${key}` : key),
    );
  return [];
}

/** A translations object with `replace` applied to every string in it, its shape kept. */
export function mapStrings<T>(value: T, replace: (text: string) => string): T {
  if (typeof value === "string") return replace(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, replace)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mapStrings(item, replace)]),
    ) as T;
  return value;
}

/** An image in Markdown: `![alt](address)`. Brackets and backslashes in the alt text are
 * escaped so that it cannot end the image early. */
export function markdownImage(alt: string, url: string) {
  const text = alt
    .replace(/[\\[\]]/g, (character) => `\\${character}`)
    .replace(/\s+/g, " ")
    .trim();
  return `![${text}](${url})`;
}

/** The address a field stores for a library image: its widest variant, as an upload does. */
export function mediaUrl(key: string) {
  return uploadUrl(key);
}

/** Where the library's "replace" form posts its file (a streamed upload, server/body-limit.ts). */
export const MEDIA_REPLACE_PATH = "/admin/media/replace";
/** The picker's list of images, as JSON. */
export const MEDIA_PICKER_PATH = "/admin/media/picker";
