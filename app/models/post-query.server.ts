// The SQL pieces the post modules share: the published filter, the popular order and the
// accent-insensitive search (public blog and admin list alike).
import { asc, desc, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { posts } from "~/db/schema";
import { FOLD_FROM, FOLD_TO, normalizeSearchQuery } from "~/lib/blog-rules";

/** foldAccents() of app/lib/blog-rules.ts in SQL: NFC, the same translate() table, then ASCII
 * lower-casing (the "C" collation lower-cases ASCII only, whatever the database's locale). The
 * embedded server has no unaccent extension; this needs nothing but core PostgreSQL. */
function foldSql(expression: SQLWrapper) {
  return sql`lower(translate(normalize(${expression}::text, NFC), ${FOLD_FROM}::text, ${FOLD_TO}::text) collate "C")`;
}

/** matchesSearch() of app/lib/blog-rules.ts: the folded query inside the folded title, excerpt or
 * one of the tags (joined by a line break, which a normalized query never contains). */
export function searchCondition(query: string): SQL | undefined {
  const needle = normalizeSearchQuery(query);
  if (!needle) return undefined;
  return sql`(strpos(${foldSql(posts.title)}, ${needle}) > 0
    or strpos(${foldSql(posts.excerpt)}, ${needle}) > 0
    or strpos(${foldSql(sql`array_to_string(${posts.tags}, chr(10))`)}, ${needle}) > 0)`;
}

export const isPublished = eq(posts.published, true);

/** spec §9: popular posts by views; the newest first among equals. */
export const popularOrder = [desc(posts.views), desc(posts.createdAt), asc(posts.id)];
