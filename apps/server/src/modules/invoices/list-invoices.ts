import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { invoices } from '../../db/schema';
import { toInvoiceJson } from './invoice-json';

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
    items: page.items.map(toInvoiceJson),
  };
}

