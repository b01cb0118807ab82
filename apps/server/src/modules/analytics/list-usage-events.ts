import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { analyticsListRange, type TAnalyticsListQuery } from '@lbs/domain/report-queries';
import type { TErrorEventPage, TUsageEventPage } from '@lbs/domain/report-responses';
import type { DbOrTx } from '../../db/client';
import { pageFromOldest } from '../../db/paginate';
import { licenses, usageEvents } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import type { ReportClock } from '../reports/daily-series';
import { countUsageEvents } from './count-usage-events';

type UsageEventRow = typeof usageEvents.$inferSelect;

/**
 * The events of one kind in the query's range: equality on kind and a range on occurred_at, the
 * shape the (kind, occurred_at) index serves, newest first.
 */
export function eventsWhere(
  kind: UsageEventRow['kind'],
  q: Pick<TAnalyticsListQuery, 'period' | 'from' | 'to'>,
  clock: ReportClock,
): SQL {
  const range = analyticsListRange(q, clock.now, clock.timeZone);
  return and(
    eq(usageEvents.kind, kind),
    range.start ? gte(usageEvents.occurredAt, range.start) : undefined,
    range.endExclusive ? lt(usageEvents.occurredAt, range.endExclusive) : undefined,
  )!;
}

/** A position in the newest-first order: a row's time (UTC, to the microsecond) and id, and its page. */
interface Cursor {
  at: string;
  id: number;
  page: number;
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const encodeCursor = (c: Cursor) =>
  Buffer.from(JSON.stringify([c.at, c.id, c.page])).toString('base64url');

function decodeCursor(token: string | undefined, name: string): Cursor | undefined {
  if (token === undefined) return undefined;
  try {
    const [at, id, page] = JSON.parse(
      Buffer.from(token, 'base64url').toString('utf8'),
    ) as unknown[];
    if (
      typeof at === 'string' &&
      CURSOR_TIME.test(at) &&
      !Number.isNaN(Date.parse(at)) &&
      Number.isSafeInteger(id) &&
      Number.isSafeInteger(page) &&
      (id as number) > 0 &&
      (page as number) > 0
    ) {
      return { at, id: id as number, page: page as number };
    }
  } catch {
    /* answered below */
  }
  throw badRequest(`${name} is not a position this list gave out`);
}

type Plan =
  | { from: 'newest'; offset: number }
  | { from: 'oldest'; offset: number; limit: number }
  | { from: 'after'; cursor: Cursor; offset: number }
  | { from: 'before'; cursor: Cursor; offset: number };

/**
 * How to read page `page`: whichever start is nearest, so the rows skipped stay few however deep
 * the page: the newest row (the first pages), the oldest (the last pages, read backwards), or the
 * position of a page the client was on (its neighbours). Only a jump to the middle of a long list
 * without a position skips many rows.
 */
function planPage(
  page: number,
  size: number,
  total: number,
  after?: Cursor,
  before?: Cursor,
): Plan {
  const plans: Array<{ cost: number; plan: Plan }> = [
    { cost: (page - 1) * size, plan: { from: 'newest', offset: (page - 1) * size } },
  ];
  const oldest = pageFromOldest(page, size, total);
  if (oldest) plans.push({ cost: oldest.offset, plan: { from: 'oldest', ...oldest } });
  if (after && after.page < page)
    plans.push({
      cost: (page - after.page - 1) * size,
      plan: { from: 'after', cursor: after, offset: (page - after.page - 1) * size },
    });
  if (before && before.page > page)
    plans.push({
      cost: (before.page - page - 1) * size,
      plan: { from: 'before', cursor: before, offset: (before.page - page - 1) * size },
    });
  return plans.reduce((best, p) => (p.cost < best.cost ? p : best)).plan;
}

// The time to the microsecond (a JavaScript Date keeps milliseconds), in one fixed format.
const columns = {
  row: getTableColumns(usageEvents),
  at: sql<string>`to_char(${usageEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};
// (occurred_at, id) beyond the cursor, written so the (kind, occurred_at) index bounds the scan.
const olderThan = (c: Cursor) =>
  sql`(${usageEvents.occurredAt} < ${c.at}::timestamptz or (${usageEvents.occurredAt} = ${c.at}::timestamptz and ${usageEvents.id} < ${c.id}))`;
const newerThan = (c: Cursor) =>
  sql`(${usageEvents.occurredAt} > ${c.at}::timestamptz or (${usageEvents.occurredAt} = ${c.at}::timestamptz and ${usageEvents.id} > ${c.id}))`;

async function readPage(db: DbOrTx, where: SQL, plan: Plan, size: number) {
  const newestFirst = [desc(usageEvents.occurredAt), desc(usageEvents.id)];
  const oldestFirst = [asc(usageEvents.occurredAt), asc(usageEvents.id)];
  const base = db.select(columns).from(usageEvents);
  switch (plan.from) {
    case 'newest':
      return base
        .where(where)
        .orderBy(...newestFirst)
        .limit(size)
        .offset(plan.offset);
    case 'after':
      return base
        .where(and(where, olderThan(plan.cursor)))
        .orderBy(...newestFirst)
        .limit(size)
        .offset(plan.offset);
    case 'oldest':
      return (
        await base
          .where(where)
          .orderBy(...oldestFirst)
          .limit(plan.limit)
          .offset(plan.offset)
      ).reverse();
    case 'before':
      return (
        await base
          .where(and(where, newerThan(plan.cursor)))
          .orderBy(...oldestFirst)
          .limit(size)
          .offset(plan.offset)
      ).reverse();
  }
}

/**
 * One page of events of a kind, newest first (the id breaks ties), with the exact total and the
 * positions around the page. The total comes from the hourly counts and the page from the
 * nearest start (planPage), so page 1, the last page and a neighbour of the page the client is on
 * cost the same at a thousand events and at tens of millions.
 */
async function pageOf(
  kind: UsageEventRow['kind'],
  db: DbOrTx,
  q: TAnalyticsListQuery,
  clock: ReportClock,
) {
  const after = decodeCursor(q.after, 'after');
  const before = decodeCursor(q.before, 'before');
  const range = analyticsListRange(q, clock.now, clock.timeZone);
  const total = await countUsageEvents(db, kind, range);
  // A cursor alone names the page next to the one it came from: next_cursor the next, prev_cursor the previous.
  const page = q.page ?? (after ? after.page + 1 : before ? Math.max(1, before.page - 1) : 1);
  const { page_size: size } = q;
  const rows =
    page > Math.max(1, Math.ceil(total / size))
      ? []
      : await readPage(
          db,
          eventsWhere(kind, q, clock),
          planPage(page, size, total, after, before),
          size,
        );
  const first = rows[0];
  const last = rows.at(-1);
  return {
    items: rows.map((r) => r.row),
    total,
    page,
    page_size: size,
    next_cursor: last ? encodeCursor({ at: last.at, id: last.row.id, page }) : null,
    prev_cursor: first ? encodeCursor({ at: first.at, id: first.row.id, page }) : null,
  };
}

/**
 * The licence of each event on a page, as its id and its key's last group (the back office links
 * the device to the licence with them): one primary-key lookup for the page, after it is read, so
 * the page's own query keeps its plan.
 */
async function eventLicenses(db: DbOrTx, rows: UsageEventRow[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.licenseId === null ? [] : [r.licenseId])))];
  const keys = ids.length
    ? new Map((await db.select({ id: licenses.id, key: licenses.licenseKey }).from(licenses).where(inArray(licenses.id, ids))).map((l) => [l.id, l.key]))
    : new Map<string, string>();
  return (e: UsageEventRow) => {
    const key = e.licenseId === null ? undefined : keys.get(e.licenseId);
    return { license_id: e.licenseId, key_suffix: key === undefined ? null : key.split('-').at(-1)! };
  };
}

/** Files the desktop program processed, newest first, paged. */
export async function listUsageEvents(
  db: DbOrTx,
  q: TAnalyticsListQuery,
  clock: ReportClock,
): Promise<TUsageEventPage> {
  const page = await pageOf('success', db, q, clock);
  const licenseOf = await eventLicenses(db, page.items);
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
      ...licenseOf(e),
    })),
  };
}

/** Files it failed to process, newest first, paged. */
export async function listErrorEvents(
  db: DbOrTx,
  q: TAnalyticsListQuery,
  clock: ReportClock,
): Promise<TErrorEventPage> {
  const page = await pageOf('error', db, q, clock);
  const licenseOf = await eventLicenses(db, page.items);
  return {
    ...page,
    items: page.items.map((e) => ({
      id: e.id,
      timestamp: e.occurredAt.toISOString(),
      ip_address: e.ipAddress,
      filename: e.filename,
      file_type: e.fileType,
      device_address: e.deviceId,
      error_message: e.errorMessage,
      ...licenseOf(e),
    })),
  };
}
