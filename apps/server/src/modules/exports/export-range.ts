import { sql, type SQL } from 'drizzle-orm';
import type { TAccountingExportQuery } from '@lbs/domain/accounting-exports';
import { addDays, startOfBusinessDay } from '@lbs/domain/report-periods';

/** The half-open UTC range [start, end) that covers exactly the business days from..to. */
export interface ExportRange {
  start: Date;
  end: Date;
}

/** The range of business days `from`..`to` (both included) in `timeZone`, as the reports count them. */
export const exportRange = (q: TAccountingExportQuery, timeZone: string): ExportRange => ({
  start: startOfBusinessDay(q.from, timeZone),
  end: startOfBusinessDay(addDays(q.to, 1), timeZone),
});

/** Rows an export reads per query: each batch its own short query, so other requests get their turn between them. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * PGlite runs a query in the server's own thread, so a batch's query holds every other request
 * for as long as it runs: smaller batches there keep the others' wait short (bench/exports.mjs).
 */
export const batchSizeFor = (driver: 'pglite' | 'postgres') => (driver === 'pglite' ? 250 : EXPORT_BATCH_SIZE);

/**
 * Cents that refunds of the order `orderId` gave back when they succeeded inside the range (refunds_order_idx):
 * what an export of a closed range subtracts, so a refund made after the range never changes its file (issue 37).
 */
export const refundedInRangeSql = (orderId: SQL, range: ExportRange): SQL => sql`(select coalesce(sum(r.amount_cents), 0)::int from refunds r
     where r.order_id = ${orderId} and r.state = 'succeeded'
       and r.succeeded_at >= ${range.start.toISOString()}::timestamptz and r.succeeded_at < ${range.end.toISOString()}::timestamptz)`;
