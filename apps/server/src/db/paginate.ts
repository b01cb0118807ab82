import { asc, count, desc, getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { pageOffset, type Paged } from '@lbs/domain/paging';
import type { TPaging } from '@lbs/domain/schemas';
import type { DbOrTx } from './client';
import { countedRows, type CountedRows } from './row-counts';

export interface PageQuery<T extends PgTable> {
  from: T;
  where: SQL | undefined;
  /** Newest first: these columns, descending... */
  newestFirst: Column[];
  /** ...then this unique one, so rows that tie keep one order and no row shows on two pages. */
  tieBreak: Column;
  paging: TPaging;
  /**
   * The list is a whole table (or all paid orders) that the triggers count: its total is read
   * from there (db/row-counts.ts) instead of counted. Only for a list without filters.
   */
  countedAs?: CountedRows;
  /**
   * Count the matches no further than this (a search): the total is then at most `countUpTo`, and
   * `total_capped` says there were more. A search's matches cannot be counted from an index alone:
   * a text found in all 100k accounts means 100k rows read, where a capped count stops at the cap.
   */
  countUpTo?: number;
}

/** A page whose total may be a floor: `total_capped` when more rows matched than were counted. */
export type CappedPage<R> = Paged<R> & { total_capped?: boolean };

/**
 * One page of rows and the total, for every paged list, in the order (newestFirst..., tieBreak)
 * descending, which the lists' (owner, created_at) and created_at indexes serve.
 *
 * The total is a plain count (index-only where it can be), never a window count, which would
 * carry every matching row through the query. Page 1 (most reads) is one statement: its rows and
 * the count as a subquery. A later page needs the count first, to read from whichever end is
 * nearer: the last pages of 300,000 orders are the oldest ones read backwards, not 299,990 rows
 * skipped.
 */
export async function paginate<T extends PgTable>(db: DbOrTx, q: PageQuery<T>): Promise<CappedPage<T['$inferSelect']>> {
  const { page, page_size } = q.paging;
  const offset = pageOffset(page, page_size);
  const table = q.from as PgTable;
  const cap = q.countUpTo;
  const counted =
    cap === undefined
      ? db.select({ n: count() }).from(table).where(q.where)
      : db.select({ n: count() }).from(db.select({ one: sql`1`.as('one') }).from(table).where(q.where).limit(cap + 1).as('capped'));
  // One row more than the cap was counted: that row only says there are more.
  const totalOf = (n: number): { total: number; total_capped?: boolean } => (cap === undefined ? { total: n } : { total: Math.min(n, cap), total_capped: n > cap });
  const newestFirst = [...q.newestFirst.map((c) => desc(c)), desc(q.tieBreak)];
  const columns = getTableColumns(q.from);
  if (offset === 0 && !q.countedAs) {
    const rows = await db
      .select({ row: columns, total: sql<number>`(${counted})`.mapWith(Number) })
      .from(table)
      .where(q.where)
      .orderBy(...newestFirst)
      .limit(page_size);
    return { items: rows.map((r) => r.row as T['$inferSelect']), ...totalOf(rows[0]?.total ?? 0), page, page_size };
  }
  const counts = totalOf(q.countedAs ? await countedRows(db, q.countedAs) : Number((await counted)[0]?.n ?? 0));
  const { total } = counts;
  // Past a capped total the rows go on, but where the oldest end is is not known: read by offset.
  if (counts.total_capped) {
    const rows = await db.select({ row: columns }).from(table).where(q.where).orderBy(...newestFirst).limit(page_size).offset(offset);
    return { items: rows.map((r) => r.row as T['$inferSelect']), ...counts, page, page_size };
  }
  if (offset >= total) return { items: [], ...counts, page, page_size };
  const oldest = pageFromOldest(page, page_size, total)!;
  const rows =
    oldest.offset < offset
      ? (
          await db
            .select({ row: columns })
            .from(table)
            .where(q.where)
            .orderBy(...q.newestFirst.map((c) => asc(c)), asc(q.tieBreak))
            .limit(oldest.limit)
            .offset(oldest.offset)
        ).reverse()
      : await db.select({ row: columns }).from(table).where(q.where).orderBy(...newestFirst).limit(page_size).offset(offset);
  return { items: rows.map((r) => r.row as T['$inferSelect']), ...counts, page, page_size };
}

/**
 * Page `page` (newest first) as read backwards from the oldest row: the rows to skip and to take
 * (the last page may be short), or null when the page lies past the end.
 */
export function pageFromOldest(page: number, size: number, total: number): { offset: number; limit: number } | null {
  const rowsAfter = total - page * size;
  if (rowsAfter <= -size) return null;
  return { offset: Math.max(0, rowsAfter), limit: size + Math.min(0, rowsAfter) };
}
