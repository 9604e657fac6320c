// The admin lists' state in the URL (filters, search, page). Read leniently: a value outside the
// allowed shapes (an edited URL) is ignored, never an error page. Browser-safe.
import { z } from "zod";
import { isCalendarDay } from "./fields";

/** One of `values`, or none. */
export const urlChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().catch(undefined);

/** A day (yyyy-mm-dd), or none. */
export const urlDay = z.string().refine(isCalendarDay).optional().catch(undefined);

/** A search text of at most `max` characters (NFC, as the database compares), or none. */
export const urlSearch = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((q) => q.normalize("NFC") || undefined)
    .optional()
    .catch(undefined);

/** An entry's id in a URL (a dialog's, a filter's): a uuid, or none. A malformed one names no
 * entry, as an unknown one does; it never reaches the database, which would refuse it. */
export const urlId = z.guid().optional().catch(undefined);

/** The list's page, 1 unless a sensible page is asked for. */
export const urlPage = z.coerce.number().int().min(1).max(100_000).catch(1).default(1);

/** A list's state from a URL's search parameters, the empty ones counting as absent. */
export function readUrlQuery<Schema extends z.ZodObject>(
  schema: Schema,
  search: URLSearchParams | string,
): z.output<Schema> {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  return schema.parse(raw);
}

/** The parameters of a list's link: the named filters that are set, and the page after the
 * first. */
export function urlQueryParams<Query extends Record<string, unknown>>(
  query: Query,
  filters: readonly (keyof Query & string)[],
  page = 1,
) {
  const params = new URLSearchParams();
  for (const key of filters) {
    const value = query[key];
    if (value) params.set(key, String(value));
  }
  if (page > 1) params.set("page", String(page));
  return params;
}
