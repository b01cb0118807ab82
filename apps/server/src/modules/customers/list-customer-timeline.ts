import { sql } from 'drizzle-orm';
import type { TCustomerListQuery, TCustomerTimelinePage } from '@lbs/domain/customer-page';
import { pageOffset } from '@lbs/domain/paging';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/select-rows';
import { assertCustomerExists } from './find-customer';
import { timelinePageSql } from './timeline-sql';
import { toTimelineEntry, type TimelineRow } from './timeline-entry';

/** One page of everything that happened to the customer, newest first, and how many there are. */
export async function listCustomerTimeline(db: Db, userId: number, paging: TCustomerListQuery): Promise<TCustomerTimelinePage> {
  await assertCustomerExists(db, userId);
  const { page, page_size } = paging;
  const rows = await db.transaction(async (tx) => {
    // A customer's events are a few thousand rows read by index: parallel workers (which the
    // planner picks for the union's many branches) take longer to start than the reads take.
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return selectRows<TimelineRow & { total: string | number }>(tx, timelinePageSql(userId, page_size, pageOffset(page, page_size)));
  });
  const total = Number(rows[0]?.total ?? 0);
  // Past the end the lateral page is empty and its one row carries only the count.
  const items = rows.filter((r) => r.id !== null).map(toTimelineEntry);
  return { items, total, page, page_size };
}
