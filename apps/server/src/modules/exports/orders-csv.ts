import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { ACCOUNTING_EXPORT_COLUMNS, centsToDecimal } from '@lbs/domain/accounting-exports';
import { PAID_PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, paymentStatusAfterRefunds, type PaymentStatus } from '@lbs/domain/refunds';
import type { DbOrTx } from '../../db/client';
import { selectRows } from '../../db/select-rows';
import { csvFromBatches } from '../../lib/csv-stream';
import { businessDayFormatter } from './business-day-cache';
import { EXPORT_BATCH_SIZE, refundedInRangeSql, type ExportRange } from './export-range';
import { linesColumn, linesOf, type LineOfOrder } from './order-lines-of';

export interface OrderExportRow {
  id: number;
  /** Epoch milliseconds. */
  paid_at_ms: number;
  /** paid_at as the database writes it: a JS Date keeps milliseconds only, a cursor needs the microseconds. */
  cursor_at: string;
  email: string;
  country: string | null;
  subtotal_cents: number;
  shipping_cents: number;
  discount_cents: number;
  total_cents: number;
  /** What refunds that succeeded inside the range gave back on it (never a later refund's). */
  refunded_cents: number;
  currency: string;
  payment_status: PaymentStatus;
  lines: LineOfOrder[] | null;
}

/** Where the last batch ended. */
export type PaidCursor = { at: string; id: number };

/**
 * One batch of the orders paid in the range, by (paid_at, id), after the cursor. `paid_at >= at`
 * is written out beside the row comparison so that it is a bound of orders_paid_idx's range scan.
 */
export const ordersBatchSql = (range: ExportRange, after: PaidCursor | null, batchSize: number): SQL => sql`
  select o.id, extract(epoch from o.paid_at)::float8 * 1000 as paid_at_ms, o.paid_at::text as cursor_at, o.email, coalesce(o.shipping_info->>'country', o.billing_country) as country,
         o.subtotal_cents, o.shipping_cents, o.discount_cents, o.total_cents, ${refundedInRangeSql(sql.raw('o.id'), range)} as refunded_cents, o.currency, o.payment_status,
         ${linesColumn(sql.raw('o.id'))} as lines
    from orders o
   where o.paid_at >= ${range.start.toISOString()}::timestamptz and o.paid_at < ${range.end.toISOString()}::timestamptz
     ${after ? sql`and o.paid_at >= ${after.at}::timestamptz and (o.paid_at > ${after.at}::timestamptz or o.id > ${after.id})` : sql``}
   order by o.paid_at, o.id
   limit ${batchSize}`;

/**
 * Every order paid in the range (refunded since or not: paid_at is when it was paid), oldest
 * payment first, a batch at a time, each order with its lines. Each batch is its own query: no
 * transaction or cursor stays open while the client reads.
 */
export async function* orderExportBatches(db: DbOrTx, range: ExportRange, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<OrderExportRow[]> {
  let after: PaidCursor | null = null;
  for (;;) {
    const rows: OrderExportRow[] = await selectRows<OrderExportRow>(db, ordersBatchSql(range, after, batchSize));
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor_at, id: last.id };
  }
}

/**
 * The payment state the order had when the range ended, from the refunds inside it: a paid order
 * refunded later still reads Paid in its month's file. Any other state (not a paid one) as stored.
 */
function statusAtRangeEnd(o: OrderExportRow): string {
  const paid = (PAID_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(o.payment_status);
  const status = paid ? paymentStatusAfterRefunds(o.total_cents, o.refunded_cents) : o.payment_status;
  return PAYMENT_STATUS_LABELS[status] ?? status;
}

/**
 * The orders CSV (ACCOUNTING_EXPORT_COLUMNS.orders): each order paid in the range at what it
 * charged, less the refunds that succeeded inside the range (net); refunds made after the range
 * are the later range's credit notes, so a closed range's file never changes (issue 37).
 */
export function exportOrdersCsv(db: DbOrTx, range: ExportRange, timeZone: string, batchSize = EXPORT_BATCH_SIZE): Readable {
  const dayOf = businessDayFormatter(timeZone);
  return csvFromBatches(ACCOUNTING_EXPORT_COLUMNS.orders, orderExportBatches(db, range, batchSize), (o) => [
    String(o.id),
    dayOf(o.paid_at_ms),
    o.email,
    o.country ?? '',
    linesOf(o.lines),
    centsToDecimal(o.subtotal_cents),
    centsToDecimal(o.shipping_cents),
    centsToDecimal(o.discount_cents),
    centsToDecimal(o.refunded_cents),
    centsToDecimal(o.total_cents),
    centsToDecimal(o.total_cents - o.refunded_cents),
    o.currency.toUpperCase(),
    statusAtRangeEnd(o),
  ]);
}
