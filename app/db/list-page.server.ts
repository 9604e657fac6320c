// One page of an admin list and how many rows the whole list has, read together. The lists page
// by offset (they are small, and an admin jumps to a page by number); the caller's order must end
// on a unique column, so that no row shows on two pages.
import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";

export interface PageRequest {
  page?: number;
  pageSize?: number;
}

/** The page asked for (the first when none or less) and its size. */
export function pageOf(request: PageRequest, defaultSize: number) {
  return { page: Math.max(1, request.page ?? 1), pageSize: request.pageSize ?? defaultSize };
}

export async function readPage<Row>(
  db: Db,
  { page, pageSize }: { page: number; pageSize: number },
  /** The list's query, ordered, without its limit. */
  rows: { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } },
  /** What it counts: the same table and condition as the query. */
  counted: { table: PgTable; where: SQL | undefined },
) {
  const [pageRows, [total]] = await Promise.all([
    rows.limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(counted.table).where(counted.where),
  ]);
  return { rows: pageRows, total: total?.n ?? 0, page, pageSize };
}
