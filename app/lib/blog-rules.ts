// The blog rules of spec §9 in one place: the public pages, the feeds and the admin editor (in
// the browser) all use these. No server imports.
import { type BlogCategory, blogCategories } from "~/schemas/domain";

/** spec §9: featured posts at most 2. */
export const FEATURED_LIMIT = 2;
/** spec §9: popular posts 4 (by views). */
export const POPULAR_LIMIT = 4;
/** spec §9: tag chips on a featured card 3. */
export const FEATURED_TAG_CHIPS = 3;
/** Posts per page of the article list ("load more" fetches the next page). */
export const PAGE_SIZE = 9;
/** The longest search text we accept; anything longer cannot match a title anyway. */
export const SEARCH_MAX_LENGTH = 100;

const WORDS_PER_MINUTE = 200;

/** spec §9: read time = words / 200, rounded up, minimum 1 (minutes). */
export function readTime(content: string): number {
  const words = content.split(/\s+/).filter((word) => word.length > 0).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/* ---------------------------------------------------------------- accent folding */

// Letters whose accents are dropped for slugs and search: every Vietnamese vowel with its tone
// marks, plus the accented Latin letters of German, French and the like. Each maps to one ASCII
// letter, so PostgreSQL's translate() can apply the very same table (see foldSql in
// app/models/post-query.server.ts): the search in the browser and in SQL agree by construction.
const ACCENTED = "àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ" + "äëïöüÿâêîôûçñåøœæ";

function baseLetter(letter: string) {
  const base = letter.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  return /^[a-z]$/.test(base) ? base : undefined;
}

function buildFoldTable() {
  const from: string[] = ["đ", "Đ"];
  const to: string[] = ["d", "d"];
  for (const letter of new Set(ACCENTED)) {
    for (const variant of new Set([letter, letter.toUpperCase()])) {
      const base = baseLetter(variant);
      // Letters without a one-letter base (æ, œ, ø) are left as they are.
      if (base && variant.length === 1) {
        from.push(variant);
        to.push(base);
      }
    }
  }
  return { from: from.join(""), to: to.join("") };
}

/** The accent-folding table: FOLD_FROM[i] becomes FOLD_TO[i]. */
export const { from: FOLD_FROM, to: FOLD_TO } = buildFoldTable();
const foldMap = new Map([...FOLD_FROM].map((letter, i) => [letter, FOLD_TO[i]!]));

/** Lower-cases ASCII letters only, like PostgreSQL's lower() under the "C" collation. */
function lowerAscii(text: string) {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** Text with accents removed (đ → d) and ASCII letters lower-cased: "Học TIẾNG Đức" → "hoc tieng duc".
 * Mirrors foldSql() in SQL exactly: NFC, the fold table, then ASCII lower-casing. */
export function foldAccents(text: string): string {
  let folded = "";
  for (const char of text.normalize("NFC")) folded += foldMap.get(char) ?? char;
  return lowerAscii(folded);
}

/* ---------------------------------------------------------------- slugs */

/** How German writes its umlauts without them (in addresses, e-mail names): ä → ae. */
const germanUmlauts: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue" };

/** spec §9: the lower-cased title with accents removed (đ → d), other special characters removed,
 * spaces turned into hyphens; no leading, trailing or double hyphens.
 * "Bí quyết đạt B1 tiếng Đức!" → "bi-quyet-dat-b1-tieng-duc". A German translation's slug writes
 * umlauts the German way ("Prüfung für" → "pruefung-fuer"), as a German reader expects. */
export function slugify(title: string, language?: "en" | "de"): string {
  const text =
    language === "de" ? title.normalize("NFC").replace(/[äöüÄÖÜ]/g, (c) => germanUmlauts[c]!) : title;
  return foldAccents(text.replaceAll("ß", "ss").replaceAll("ẞ", "ss"))
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A slug no other post has: the base, else base-2, base-3… A title with no letters or digits
 * gives "bai-viet" ("post"). */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const root = base || "bai-viet";
  const used = new Set(taken);
  if (!used.has(root)) return root;
  for (let n = 2; ; n++) {
    const candidate = `${root}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/* ---------------------------------------------------------------- search */

/** The search text as it is matched: trimmed, inner whitespace collapsed, accents folded. */
export function normalizeSearchQuery(query: string): string {
  return foldAccents(query.trim().replace(/\s+/g, " ").slice(0, SEARCH_MAX_LENGTH));
}

export interface SearchablePost {
  title: string;
  excerpt: string;
  tags: readonly string[];
}

/** spec §9: search matches title, excerpt and tags, case-insensitively; and (beyond the spec)
 * accent-insensitively, so "hoc" finds "học". An empty search matches everything. The SQL
 * search (searchCondition in app/models/post-query.server.ts) applies the same rule. */
export function matchesSearch(post: SearchablePost, query: string): boolean {
  const needle = normalizeSearchQuery(query);
  if (!needle) return true;
  // Tags are joined with a line break, which a normalized query never contains: a match never
  // spans two tags.
  return [post.title, post.excerpt, post.tags.join("\n")].some((field) =>
    foldAccents(field).includes(needle),
  );
}

/* ---------------------------------------------------------------- the blog page's URL */

export interface BlogFilters {
  /** The search text as typed (trimmed); "" for none. */
  q: string;
  /** A category, or "all". */
  category: BlogCategory | "all";
  /** 1-based page of the article list. */
  page: number;
  /** Last page shown: "load more" asks for pages `page`…`through` at once, so that the list it
   * shows is one query, never pages fetched at different moments (a post published between two
   * clicks would otherwise shift one post out of both). `page` when absent. */
  through?: number;
}

/** The most pages one request may list (270 posts): past that, "load more" is a link to the
 * next page, as without JavaScript. */
export const MAX_PAGES_AT_ONCE = 30;

export function isBlogCategory(value: unknown): value is BlogCategory {
  return typeof value === "string" && (blogCategories as readonly string[]).includes(value);
}

/** Reads ?q=&category=&page=&through= leniently: an unknown category means all, a bad page
 * means 1, a bad `through` means just that page. */
export function parseBlogFilters(params: URLSearchParams): BlogFilters {
  const q = (params.get("q") ?? "").trim().replace(/\s+/g, " ").slice(0, SEARCH_MAX_LENGTH);
  const category = params.get("category");
  const parsedPage = Number.parseInt(params.get("page") ?? "1", 10);
  const page = Number.isFinite(parsedPage) && parsedPage >= 1 && parsedPage <= 1000 ? parsedPage : 1;
  const through = Number.parseInt(params.get("through") ?? "", 10);
  return {
    q,
    category: isBlogCategory(category) ? category : "all",
    page,
    through: through >= page && through < page + MAX_PAGES_AT_ONCE ? through : page,
  };
}

/** The blog URL for a set of filters, leaving out defaults: /blog?category=tips&page=2. */
export function blogUrl(filters: Partial<BlogFilters>): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.category && filters.category !== "all") params.set("category", filters.category);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  if (filters.through && filters.through > (filters.page ?? 1))
    params.set("through", String(filters.through));
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}
