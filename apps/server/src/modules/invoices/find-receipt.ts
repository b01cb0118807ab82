import { and, asc, eq } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { Db } from '../../db/client';
import { invoices, orderLines, orders, users } from '../../db/schema';
import { scopeToCaller, type Caller } from '../../db/scope-to-caller';
import { notFound } from '../../lib/app-error';
import type { Seller } from '../../integrations/pdf/seller';
import { renderReceiptPdf } from './receipt-pdf';
import { invoiceNoFromReceiptUrl } from './receipt-url';

/**
 * The receipt PDF of one invoice, for its owner or an admin. Someone else's invoice answers the
 * same 404 as a missing one, so invoice numbers cannot be probed.
 */
export async function findReceipt(db: Db, caller: Caller, invoiceNo: number, seller: Seller): Promise<{ invoiceNo: number; pdf: Buffer }> {
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
  // Billed to the name the order was shipped to (the buyer's own words at checkout), else the
  // account's full name, else its username.
  const fullName = order?.shippingInfo?.name?.trim() || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  const pdf = await renderReceiptPdf({
    invoiceNo: invoice.invoiceNo,
    seller,
    orderId: invoice.orderId,
    issuedAt: invoice.createdAt,
    paidAt: invoice.paidAt,
    buyer: { name: fullName, email: invoice.email, shipping: order?.shippingInfo ?? null },
    lines: lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.lineTotalCents,
      renewedUntil: l.renewedUntil,
    })),
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    promoCode: order?.promoCode ?? null,
    shippingCents: invoice.shippingCents,
    totalCents: invoice.totalCents,
    currency: invoice.currency,
    timeZone: user.timeZone,
  });
  return { invoiceNo, pdf };
}

/** The receipt a receipt_url names (see invoiceNoFromReceiptUrl), on the same terms as findReceipt. */
export async function findReceiptByUrl(db: Db, caller: Caller, receiptUrl: string, seller: Seller) {
  return findReceipt(db, caller, invoiceNoFromReceiptUrl(receiptUrl), seller);
}
