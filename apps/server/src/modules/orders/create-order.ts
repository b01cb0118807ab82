import { and, eq, inArray } from 'drizzle-orm';
import type { LicenseType } from '@lbs/domain/catalogue';
import { MAX_LINE_QUANTITY } from '@lbs/domain/cart';
import { MSG } from '@lbs/domain/messages';
import type { TOnePaymentBody, TShippingInfo } from '@lbs/domain/schemas';
import type { DbOrTx, Tx } from '../../db/client';
import { orderLines, orders, products } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { reservePromotionUse } from '../vouchers/promotion-uses';

export interface PricedLine {
  productId: number;
  key: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  shippable: boolean;
  licenseType: LicenseType | null;
  /** A renewal line: the licence it extends (checked by checkRenewals); null for a plain line. */
  renews: string | null;
  /** Index of the request line it came from, for error details. */
  requestIndex: number;
}

/**
 * The order lines at the server's prices. The client names products by price id (our catalogue
 * key) and a quantity; the same product named twice becomes one line. A renewal line (`renews`)
 * stays its own line of quantity 1, one per licence.
 */
export async function priceLines(db: DbOrTx, requested: TOnePaymentBody['products']): Promise<PricedLine[]> {
  const keys = [...new Set(requested.map((line) => line.price_id))];
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.key, keys), eq(products.active, true)));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const lines = new Map<string, PricedLine>();
  requested.forEach((line, index) => {
    const product = byKey.get(line.price_id);
    if (!product) throw badRequest(`products.${index}.price_id: ${MSG.unknownProduct}`);
    const lineKey = line.renews ? `renews:${line.renews}` : product.key;
    const existing = lines.get(lineKey);
    if (line.renews) {
      if (existing) throw badRequest(`products.${index}.renews: ${MSG.renewalTwice}`);
      if (line.quantity !== 1) throw badRequest(`products.${index}.quantity: ${MSG.renewalQuantity}`);
      if (product.kind !== 'license') throw badRequest(`products.${index}.renews: ${MSG.renewalNotLicense}`);
    }
    const quantity = (existing?.quantity ?? 0) + line.quantity;
    if (quantity > MAX_LINE_QUANTITY) {
      throw badRequest(`products.${index}.quantity: at most ${MAX_LINE_QUANTITY} of one product per order`);
    }
    lines.set(lineKey, {
      productId: product.id,
      key: product.key,
      name: product.name,
      unitPriceCents: product.priceCents,
      quantity,
      lineTotalCents: product.priceCents * quantity,
      shippable: product.shippable,
      licenseType: product.kind === 'license' ? product.licenseType : null,
      renews: line.renews ?? null,
      requestIndex: existing?.requestIndex ?? index,
    });
  });
  return [...lines.values()];
}

export interface PendingOrder {
  userId: number;
  email: string;
  lines: readonly PricedLine[];
  shippingInfo: TShippingInfo | null;
  /** ISO 3166-1 alpha-2; null when neither the checkout nor the customer's record gave one. */
  billingCountry: string | null;
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  totalCents: number;
  promotion: { id: string; couponId: string; code: string } | null;
  provider: 'local' | 'stripe';
  /** Known up front for the local provider; Stripe's comes back after the order exists. */
  paymentSessionId: string | null;
}

/** Writes an unpaid order and its lines; a promotion's use is reserved in the same transaction. */
export async function insertPendingOrder(tx: Tx, draft: PendingOrder): Promise<typeof orders.$inferSelect> {
  const [order] = await tx
    .insert(orders)
    .values({
      userId: draft.userId,
      email: draft.email,
      status: 'pending',
      paymentStatus: 'unpaid',
      needsShipping: draft.lines.some((line) => line.shippable),
      shippingInfo: draft.shippingInfo,
      billingCountry: draft.billingCountry,
      subtotalCents: draft.subtotalCents,
      shippingCents: draft.shippingCents,
      discountCents: draft.discountCents,
      totalCents: draft.totalCents,
      promotionId: draft.promotion?.id ?? null,
      promoCode: draft.promotion?.code ?? null,
      paymentProvider: draft.provider,
      paymentSessionId: draft.paymentSessionId,
    })
    .returning();
  await tx.insert(orderLines).values(
    draft.lines.map((line) => ({
      orderId: order!.id,
      productId: line.productId,
      name: line.name,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      lineTotalCents: line.lineTotalCents,
      renewsLicenseId: line.renews,
    })),
  );
  if (draft.promotion) await reservePromotionUse(tx, draft.promotion);
  return order!;
}
