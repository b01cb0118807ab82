import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import { analyticsListRange, type TAnalyticsListQuery } from '@lbs/domain/report-queries';
import type { Paged } from '@lbs/domain/paging';
import type { TErrorEvent, TUsageEvent } from '@lbs/domain/report-responses';
import type { DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { usageEvents } from '../../db/schema';
import type { ReportClock } from '../reports/daily-series';

type UsageEventRow = typeof usageEvents.$inferSelect;

/**
 * The events of one kind in the query's range: equality on kind and a range on occurred_at, the
 * shape the (kind, occurred_at) index serves, newest first.
 */
export function eventsWhere(kind: UsageEventRow['kind'], q: Pick<TAnalyticsListQuery, 'period' | 'from' | 'to'>, clock: ReportClock): SQL {
  const range = analyticsListRange(q, clock.now, clock.timeZone);
  return and(
    eq(usageEvents.kind, kind),
    range.start ? gte(usageEvents.occurredAt, range.start) : undefined,
    range.endExclusive ? lt(usageEvents.occurredAt, range.endExclusive) : undefined,
  )!;
}

// TODO(keyset): at tens of millions of events an offset page costs the rows before it, and the
// window count the whole range; page on (occurred_at, id) with a cursor then.
const pageOf = (kind: UsageEventRow['kind'], db: DbOrTx, q: TAnalyticsListQuery, clock: ReportClock) =>
  paginate(db, {
    from: usageEvents,
    where: eventsWhere(kind, q, clock),
    newestFirst: [usageEvents.occurredAt],
    tieBreak: usageEvents.id,
    paging: { page: q.page, page_size: q.page_size },
  });

/** Files the desktop program processed, newest first, paged. */
export async function listUsageEvents(db: DbOrTx, q: TAnalyticsListQuery, clock: ReportClock): Promise<Paged<TUsageEvent>> {
  const page = await pageOf('success', db, q, clock);
  return {
    ...page,
    items: page.items.map((e) => ({
      id: e.id,
      timestamp: e.occurredAt.toISOString(),
      ip_address: e.ipAddress,
      filename: e.filename,
      file_type: e.fileType,
      processing_time: e.processingTime,
      device_address: e.deviceId,
    })),
  };
}

/** Files it failed to process, newest first, paged. */
export async function listErrorEvents(db: DbOrTx, q: TAnalyticsListQuery, clock: ReportClock): Promise<Paged<TErrorEvent>> {
  const page = await pageOf('error', db, q, clock);
  return {
    ...page,
    items: page.items.map((e) => ({
      id: e.id,
      timestamp: e.occurredAt.toISOString(),
      ip_address: e.ipAddress,
      file_type: e.fileType,
      device_address: e.deviceId,
      error_message: e.errorMessage,
    })),
  };
}
