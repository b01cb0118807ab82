import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { invoices } from '../../db/schema';
import { receiptPath } from './receipt-url';

export async function listInvoices(db: Db, userId: number, paging: { page: number; page_size: number }) {
  const page = await paginate(db, {
    from: invoices,
    where: eq(invoices.userId, userId),
    newestFirst: [invoices.createdAt],
    tieBreak: invoices.invoiceNo,
    paging,
  });
  return {
    ...page,
    items: page.items.map((i) => ({
      invoice_no: i.invoiceNo,
      order_id: i.orderId,
      invoice_url: receiptPath(i.invoiceNo),
      created_at: i.createdAt.toISOString(),
      total: i.totalCents / 100,
      currency: i.currency,
    })),
  };
}

