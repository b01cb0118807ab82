import { count, desc, getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { pageOffset, type Paged } from '@lbs/domain/paging';
import type { TPaging } from '@lbs/domain/schemas';
import type { DbOrTx } from './client';

export interface PageQuery<T extends PgTable> {
  from: T;
  where: SQL | undefined;
  /** Newest first: these columns, descending... */
  newestFirst: Column[];
  /** ...then this unique one, so rows that tie keep one order and no row shows on two pages. */
  tieBreak: Column;
  paging: TPaging;
}

/**
 * One page of rows and the total, for every paged list. The total rides on the page's own rows
 * as a window count, so a page is one query; only a page past the end (no row to carry it)
 * costs a second, plain count. The order is (newestFirst..., tieBreak) descending, which the
 * lists' (owner, created_at) indexes serve.
 */
export async function paginate<T extends PgTable>(db: DbOrTx, q: PageQuery<T>): Promise<Paged<T['$inferSelect']>> {
  const { page, page_size } = q.paging;
  const offset = pageOffset(page, page_size);
  const rows = await db
    .select({ row: getTableColumns(q.from), total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(q.from as PgTable)
    .where(q.where)
    .orderBy(...q.newestFirst.map((c) => desc(c)), desc(q.tieBreak))
    .limit(page_size)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [n] = await db.select({ n: count() }).from(q.from as PgTable).where(q.where);
    total = Number(n?.n ?? 0);
  }
  return { items: rows.map((r) => r.row as T['$inferSelect']), total, page, page_size };
}
