import type { Readable } from 'node:stream';
import { formatInvoiceNo } from '@lbs/domain/invoice-number';
import { sql } from 'drizzle-orm';
import { ACCOUNTING_EXPORT_COLUMNS, centsToDecimal } from '@lbs/domain/accounting-exports';
import type { DbOrTx } from '../../db/client';
import { csvFromBatches } from '../../lib/csv-stream';
import { businessDayFormatter } from './business-day-cache';
import { EXPORT_BATCH_SIZE, refundedInRangeSql, type ExportRange } from './export-range';
import { numberedBatches } from './numbered-batches';
import { linesColumn, linesOf, type LineOfOrder } from './order-lines-of';

interface InvoiceExportRow {
  no: number;
  /** Epoch milliseconds. */
  created_at_ms: number;
  order_id: number | null;
  email: string;
  country: string | null;
  subtotal_cents: number;
  shipping_cents: number;
  discount_cents: number;
  total_cents: number;
  refunded_cents: number | null;
  currency: string;
  lines: LineOfOrder[] | null;
}

const inRange = (range: ExportRange) =>
  sql`i.created_at >= ${range.start.toISOString()}::timestamptz and i.created_at < ${range.end.toISOString()}::timestamptz`;

/** The lowest and highest invoice number issued in the range (invoices_created_idx). */
export const invoiceBoundsSql = (range: ExportRange) =>
  sql`select min(i.invoice_no) as lo, max(i.invoice_no) as hi from invoices i where ${inRange(range)}`;

/**
 * The invoices numbered after..upTo that were issued in the range, with their order's country and
 * refunds that succeeded inside the range. The slice is read in a subquery fenced by OFFSET 0, so the range test
 * cannot be pushed into it: the planner walks invoices_no_uq for at most a batch of rows rather
 * than reading and sorting the whole range by invoices_created_idx again for every batch.
 */
export const invoicesBatchSql = (range: ExportRange, after: number, upTo: number) => sql`
  select i.invoice_no as no, extract(epoch from i.created_at)::float8 * 1000 as created_at_ms, i.order_id, i.email, o.shipping_info->>'country' as country,
         i.subtotal_cents, i.shipping_cents, i.discount_cents, i.total_cents, case when i.order_id is null then 0 else ${refundedInRangeSql(sql.raw('i.order_id'), range)} end as refunded_cents, i.currency,
         ${linesColumn(sql.raw('i.order_id'))} as lines
    from (select * from invoices where invoice_no > ${after} and invoice_no <= ${upTo} order by invoice_no offset 0) i
    left join orders o on o.id = i.order_id
   where ${inRange(range)}
   order by i.invoice_no`;

/** Every invoice issued in the range (its date is the day it was issued), in number order, with its order's lines. */
export const invoiceExportBatches = (db: DbOrTx, range: ExportRange, batchSize = EXPORT_BATCH_SIZE) =>
  numberedBatches<InvoiceExportRow>(db, invoiceBoundsSql(range), (after, upTo) => invoicesBatchSql(range, after, upTo), batchSize);

/** The invoices CSV (ACCOUNTING_EXPORT_COLUMNS.invoices): refunds are what went back on its order inside the range (never a later refund's). */
export function exportInvoicesCsv(db: DbOrTx, range: ExportRange, timeZone: string, batchSize = EXPORT_BATCH_SIZE): Readable {
  const dayOf = businessDayFormatter(timeZone);
  return csvFromBatches(ACCOUNTING_EXPORT_COLUMNS.invoices, invoiceExportBatches(db, range, batchSize), (i) => [
    formatInvoiceNo(i.no),
    dayOf(i.created_at_ms),
    i.order_id === null ? '' : String(i.order_id),
    i.email,
    i.country ?? '',
    linesOf(i.lines),
    centsToDecimal(i.subtotal_cents),
    centsToDecimal(i.shipping_cents),
    centsToDecimal(i.discount_cents),
    centsToDecimal(i.refunded_cents ?? 0),
    centsToDecimal(i.total_cents),
    i.currency.toUpperCase(),
  ]);
}
