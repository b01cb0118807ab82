import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { findProduct } from '@lbs/domain/catalogue';
import { formatLicenseKey, purchasedLicenseExpiry } from '@lbs/domain/license-terms';
import type { Db } from '../src/db/client';
import { invoices, licenses, orderLines, orders } from '../src/db/schema';

import { SG_ADDRESS } from './checkout-fixtures';

/** The same Singapore address the checkout tests ship to. */
export const SAMPLE_SHIPPING = SG_ADDRESS;

/**
 * What fulfilment leaves behind for one paid purchase, written straight to the tables: an order
 * with its lines and an invoice with the next number. For tests of the read side.
 */
export async function insertPaidOrder(
  db: Db,
  user: { id: number; email: string },
  opts: {
    lines?: Array<{ productId: number; quantity: number }>;
    status?: (typeof orders.$inferInsert)['status'];
    paymentStatus?: 'paid' | 'unpaid' | 'failed' | 'cancelled' | 'partially_refunded' | 'refunded';
    shipping?: typeof SAMPLE_SHIPPING | null;
    discountCents?: number;
    shippingCents?: number;
    promoCode?: string | null;
    trackNum?: string;
    trackUrl?: string;
    carrierName?: string;
    estimateDate?: string;
    createdAt?: Date;
    withInvoice?: boolean;
  } = {},
) {
  const lines = (opts.lines ?? [{ productId: 12, quantity: 1 }]).map((l) => {
    const p = findProduct(l.productId)!;
    const unit = Math.round(p.price * 100);
    return { productId: p.id, name: p.name, unitPriceCents: unit, quantity: l.quantity, lineTotalCents: unit * l.quantity };
  });
  const subtotal = lines.reduce((s, l) => s + l.lineTotalCents, 0);
  const discount = opts.discountCents ?? 0;
  const shippingCents = opts.shippingCents ?? 0;
  const paid = ['paid', 'partially_refunded', 'refunded'].includes(opts.paymentStatus ?? 'paid');
  const createdAt = opts.createdAt ?? new Date();
  const [order] = await db
    .insert(orders)
    .values({
      userId: user.id,
      email: user.email,
      status: opts.status ?? 'pending',
      paymentStatus: opts.paymentStatus ?? 'paid',
      needsShipping: !!opts.shipping,
      shippingInfo: opts.shipping ?? null,
      subtotalCents: subtotal,
      shippingCents,
      discountCents: discount,
      totalCents: subtotal - discount + shippingCents,
      promoCode: opts.promoCode ?? null,
      paymentProvider: 'local',
      paymentSessionId: `cs_test_${crypto.randomBytes(8).toString('hex')}`,
      paidAt: paid ? createdAt : null,
      trackNum: opts.trackNum ?? null,
      trackUrl: opts.trackUrl ?? null,
      carrierName: opts.carrierName ?? null,
      estimateDate: opts.estimateDate ?? null,
      createdAt,
    })
    .returning();
  await db.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: order!.id })));
  let invoice: typeof invoices.$inferSelect | undefined;
  if (paid && opts.withInvoice !== false) {
    const [{ next }] = (await db
      .select({ next: sql<number>`coalesce(max(${invoices.invoiceNo}), 1000) + 1` })
      .from(invoices)) as [{ next: number }];
    [invoice] = await db
      .insert(invoices)
      .values({
        invoiceNo: Number(next),
        orderId: order!.id,
        userId: user.id,
        email: user.email,
        subtotalCents: subtotal,
        shippingCents,
        discountCents: discount,
        totalCents: subtotal - discount + shippingCents,
        paidAt: createdAt,
        createdAt,
      })
      .returning();
  }
  return { order: order!, invoice };
}

export async function insertLicense(
  db: Db,
  user: { id: number; email: string },
  opts: {
    type?: 'day' | 'month' | 'year' | 'onetime';
    startAt?: Date;
    expiresAt?: Date | null;
    deviceId?: string | null;
    revoked?: boolean;
    orderId?: number;
  } = {},
) {
  const type = opts.type ?? 'year';
  const startAt = opts.startAt ?? new Date();
  const [row] = await db
    .insert(licenses)
    .values({
      licenseKey: formatLicenseKey(crypto.randomBytes(20)),
      type,
      userId: user.id,
      orderId: opts.orderId ?? null,
      email: user.email,
      startAt,
      expiresAt: opts.expiresAt === undefined ? purchasedLicenseExpiry(type, startAt) : opts.expiresAt,
      deviceId: opts.deviceId ?? null,
      deviceBoundAt: opts.deviceId ? startAt : null,
      revokedAt: opts.revoked ? new Date() : null,
    })
    .returning();
  return row!;
}
