import { eq } from 'drizzle-orm';
import type { TCustomerInvoicePage, TCustomerListQuery } from '@lbs/domain/customer-page';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { invoices } from '../../db/schema';
import { toInvoiceJson } from '../invoices/invoice-json';
import { assertCustomerExists } from './find-customer';

/** The customer's invoices, newest first, as the back office's INVOICES shows them. */
export async function listCustomerInvoices(db: Db, userId: number, paging: TCustomerListQuery): Promise<TCustomerInvoicePage> {
  await assertCustomerExists(db, userId);
  const page = await paginate(db, { from: invoices, where: eq(invoices.userId, userId), newestFirst: [invoices.createdAt], tieBreak: invoices.invoiceNo, paging });
  return { ...page, items: page.items.map((i) => ({ ...toInvoiceJson(i), user_id: i.userId, email: i.email })) };
}
