import type { invoices } from '../../db/schema';
import { receiptPath } from './receipt-url';

/** An invoice as the account's list and the back office's list answer it. */
export function toInvoiceJson(i: typeof invoices.$inferSelect) {
  return {
    invoice_no: i.invoiceNo,
    order_id: i.orderId,
    invoice_url: receiptPath(i.invoiceNo),
    created_at: i.createdAt.toISOString(),
    total: i.totalCents / 100,
    currency: i.currency,
  };
}
