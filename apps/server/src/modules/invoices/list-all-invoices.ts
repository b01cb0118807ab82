import { eq, ilike, or } from 'drizzle-orm';
import { parseInvoiceNo } from '@lbs/domain/invoice-number';
import type { TAdminInvoiceQuery } from '@lbs/domain/admin-queries';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { paginate } from '../../db/paginate';
import { invoices } from '../../db/schema';
import { toInvoiceJson } from './invoice-json';

/** Every invoice, newest first, with its buyer, searched by number (any format ever shown, parseInvoiceNo) or email. */
export async function listAllInvoices(db: Db, q: TAdminInvoiceQuery) {
  const no = q.q === undefined ? undefined : parseInvoiceNo(q.q);
  const where = q.q ? or(ilike(invoices.email, containsPattern(q.q)), no === undefined ? undefined : eq(invoices.invoiceNo, no)) : undefined;
  const page = await paginate(db, { from: invoices, where, newestFirst: [invoices.createdAt], tieBreak: invoices.invoiceNo, paging: q, countedAs: q.q ? undefined : 'invoices' });
  return {
    ...page,
    items: page.items.map((i) => ({ ...toInvoiceJson(i), user_id: i.userId, email: i.email })),
  };
}
