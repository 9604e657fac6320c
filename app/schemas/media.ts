// The media library's form and list URL (ADR 054): the image dialog's alt texts, used by the
// dialog in the browser and by the action as the authority. No server imports.
import { z } from "zod";
import { textField } from "./fields";
import { readUrlQuery, urlChoice, urlPage, urlSearch } from "./url-query";

/** A description for a screen reader says what the picture shows in a sentence or two. */
export const MEDIA_ALT_MAX_LENGTH = 300;

const altField = textField(MEDIA_ALT_MAX_LENGTH)
  .refine((value) => !/[\r\n]/.test(value), "validation.invalidCharacters")
  .default("");

/** The alt text in Vietnamese and its English and German versions; empty means none. */
export const mediaAltSchema = z.object({ alt: altField, en: altField, de: altField });
export type MediaAltInput = z.infer<typeof mediaAltSchema>;

export const MEDIA_SEARCH_MAX_LENGTH = 100;

/** The library's list in its URL: a search (file name or alt text), the page, and whether the
 * clean-up's dry run is shown. */
const mediaListQuerySchema = z.object({
  q: urlSearch(MEDIA_SEARCH_MAX_LENGTH),
  page: urlPage,
  cleanup: urlChoice(["preview"]),
});

export function readMediaListQuery(params: URLSearchParams | string) {
  return readUrlQuery(mediaListQuerySchema, params);
}
export type MediaListQuery = ReturnType<typeof readMediaListQuery>;
