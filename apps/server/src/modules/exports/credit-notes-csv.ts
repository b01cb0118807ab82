import type { Readable } from 'node:stream';
import { formatInvoiceNo } from '@lbs/domain/invoice-number';
import { sql } from 'drizzle-orm';
import { ACCOUNTING_EXPORT_COLUMNS, centsToDecimal } from '@lbs/domain/accounting-exports';
import { creditNoteLabel } from '@lbs/domain/refunds';
import type { DbOrTx } from '../../db/client';
import { csvFromBatches } from '../../lib/csv-stream';
import { businessDayFormatter } from './business-day-cache';
import { EXPORT_BATCH_SIZE, type ExportRange } from './export-range';
import { numberedBatches } from './numbered-batches';

interface CreditNoteExportRow {
  no: number;
  /** Epoch milliseconds. */
  issued_at_ms: number;
  invoice_no: number | null;
  order_id: number;
  email: string;
  country: string | null;
  amount_cents: number;
  currency: string;
  reason: string;
}

const inRange = (range: ExportRange) =>
  sql`c.issued_at >= ${range.start.toISOString()}::timestamptz and c.issued_at < ${range.end.toISOString()}::timestamptz`;

/** The lowest and highest credit note number issued in the range (credit_notes_issued_idx). */
export const creditNoteBoundsSql = (range: ExportRange) =>
  sql`select min(c.credit_note_no) as lo, max(c.credit_note_no) as hi from credit_notes c where ${inRange(range)}`;

/** The credit notes numbered after..upTo issued in the range (credit_notes_no_uq; fenced as invoicesBatchSql is), with the invoice they correct and their order's country. */
export const creditNotesBatchSql = (range: ExportRange, after: number, upTo: number) => sql`
  select c.credit_note_no as no, extract(epoch from c.issued_at)::float8 * 1000 as issued_at_ms, i.invoice_no, c.order_id, c.email, o.shipping_info->>'country' as country,
         c.amount_cents, c.currency, c.reason
    from (select * from credit_notes where credit_note_no > ${after} and credit_note_no <= ${upTo} order by credit_note_no offset 0) c
    left join invoices i on i.id = c.invoice_id
    left join orders o on o.id = c.order_id
   where ${inRange(range)}
   order by c.credit_note_no`;

/** Every credit note issued in the range, in number order. */
export const creditNoteExportBatches = (db: DbOrTx, range: ExportRange, batchSize = EXPORT_BATCH_SIZE) =>
  numberedBatches<CreditNoteExportRow>(db, creditNoteBoundsSql(range), (after, upTo) => creditNotesBatchSql(range, after, upTo), batchSize);

/** The credit notes CSV (ACCOUNTING_EXPORT_COLUMNS['credit-notes']). */
export function exportCreditNotesCsv(db: DbOrTx, range: ExportRange, timeZone: string, batchSize = EXPORT_BATCH_SIZE): Readable {
  const dayOf = businessDayFormatter(timeZone);
  return csvFromBatches(ACCOUNTING_EXPORT_COLUMNS['credit-notes'], creditNoteExportBatches(db, range, batchSize), (c) => [
    creditNoteLabel(c.no),
    dayOf(c.issued_at_ms),
    c.invoice_no === null ? '' : formatInvoiceNo(c.invoice_no),
    String(c.order_id),
    c.email,
    c.country ?? '',
    centsToDecimal(c.amount_cents),
    c.currency.toUpperCase(),
    c.reason,
  ]);
}
