import { and, asc, eq } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { invoices, orderLines, orders, users } from '../../db/schema';
import { scopeToCaller, type Caller } from '../../db/scope-to-caller';
import { badRequest, notFound } from '../../lib/app-error';
import { renderReceiptPdf } from './receipt-pdf';

/** Where a receipt can be fetched; also what the client posts back as receipt_url. */
export const receiptPath = (invoiceNo: number) => `/api/invoice/${invoiceNo}/receipt`;

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

const RECEIPT_PATH = /^\/api\/invoice\/(\d{1,9})\/receipt\/?$/;

/**
 * The invoice number a receipt_url names: our own receipt path (absolute or relative) or the
 * bare number. Only the number is used; the URL is never fetched.
 */
export function invoiceNoFromReceiptUrl(receiptUrl: string): number {
  const value = receiptUrl.trim();
  if (/^\d{1,9}$/.test(value)) return Number(value);
  let pathname: string;
  try {
    pathname = new URL(value, 'http://receipt.invalid').pathname;
  } catch {
    throw badRequest(MSG.receiptUrlInvalid);
  }
  const m = RECEIPT_PATH.exec(pathname);
  if (!m) throw badRequest(MSG.receiptUrlInvalid);
  return Number(m[1]);
}

/**
 * The receipt PDF of one invoice, for its owner or an admin. Someone else's invoice answers the
 * same 404 as a missing one, so invoice numbers cannot be probed.
 */
export async function receiptPdf(db: Db, caller: Caller, invoiceNo: number): Promise<Buffer> {
  const [row] = await db
    .select({ invoice: invoices, order: orders, user: users })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.invoiceNo, invoiceNo), scopeToCaller(invoices.userId, caller)))
    .limit(1);
  if (!row) throw notFound(MSG.invoiceNotFound);
  const { invoice, order, user } = row;
  const lines = order
    ? await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id))
    : [];
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  return renderReceiptPdf({
    invoiceNo: invoice.invoiceNo,
    orderId: invoice.orderId,
    issuedAt: invoice.createdAt,
    paidAt: invoice.paidAt,
    buyer: { name: fullName, email: invoice.email, shipping: order?.shippingInfo ?? null },
    lines: lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.lineTotalCents,
    })),
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    promoCode: order?.promoCode ?? null,
    shippingCents: invoice.shippingCents,
    totalCents: invoice.totalCents,
    currency: invoice.currency,
  });
}
