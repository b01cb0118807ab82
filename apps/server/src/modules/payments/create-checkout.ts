import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { MSG } from '@lbs/domain/messages';
import { toCents } from '@lbs/domain/money';
import { computeDiscount } from '@lbs/domain/promo';
import type { TOnePaymentBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { localPaymentSessions, orders } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import { newToken } from '../../lib/tokens';
import { insertPendingOrder, priceLines, type PendingOrder } from '../orders/create-order';
import type { ShippingRateProvider } from '../shipping/rate-provider';
import { couponDiscount, promotionProblem } from '../vouchers/promotion-rules';
import { customerHoldsPromotion, findPromotionByCode } from '../vouchers/service';
import { endUnpaidOrder } from './fail-payment';
import { fulfilOrder } from './fulfil-order';
import { createStripeCheckoutSession } from './stripe-checkout';

export interface CheckoutDeps {
  ctx: AppContext;
  stripe: Stripe | null;
  shipping: ShippingRateProvider;
  log: FastifyBaseLogger;
}

/** The path of the local provider's pay page (dev only). */
export const localPayPath = (sessionId: string) => `/dev/pay/${sessionId}`;

function mismatch(log: FastifyBaseLogger, what: string, sent: number, expected: number): never {
  log.info({ what, sent, expected }, 'checkout refused: client figure differs from the server');
  throw conflict(MSG.priceMismatch);
}

/**
 * POST /subscriptions/create-checkout-session/one-payment. The order is rebuilt from the
 * catalogue: prices, shipping fee, promotion and total are the server's own, and the client's
 * figures are only compared with them (a difference is a 409; nothing is created or charged).
 * The order is written unpaid, with its promotion use reserved, before the customer is sent to
 * pay: Stripe Checkout when configured, otherwise the local pay page. The receipt and the keys go
 * to the account's own address; the body's `email` is validated but not trusted.
 */
export async function createOnePaymentCheckout(
  deps: CheckoutDeps,
  user: { id: number; email: string },
  body: TOnePaymentBody,
): Promise<{ url: string }> {
  const { ctx, stripe, log } = deps;
  const { config, db } = ctx;
  if (!stripe && !config.devTools) throw new AppError('unavailable', MSG.paymentUnavailable);

  const lines = await priceLines(db, body.products);
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const needsShipping = lines.some((line) => line.shippable);
  let shippingCents = 0;
  if (needsShipping) {
    if (!body.shipping_info) throw badRequest(`shipping_info: ${MSG.completeTheForm}`);
    const fee = await deps.shipping.quote({
      countryCode: body.shipping_info.country,
      postalCode: body.shipping_info.zip,
      lines: lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })),
    });
    shippingCents = toCents(fee);
  }
  if (toCents(body.shipping_fee) !== shippingCents) mismatch(log, 'shipping_fee', body.shipping_fee, shippingCents / 100);
  const promoCode = body.promo_code?.trim() || null;
  if (!promoCode && toCents(body.discount) !== 0) mismatch(log, 'discount', body.discount, 0);

  const { order, localSessionId } = await db.transaction(async (tx) => {
    const now = new Date();
    let promotion: PendingOrder['promotion'] = null;
    let discountCents = 0;
    if (promoCode) {
      const found = await findPromotionByCode(tx, promoCode, { lock: true });
      if (!found) throw conflict(MSG.invalidPromoCode);
      if (!lines.some((line) => line.licenseType !== null)) throw conflict(MSG.promoOnlyLicenses);
      const problem = promotionProblem(found.promotion, found.coupon, {
        now,
        orderAmountCents: subtotalCents,
        customerHasUsed: found.promotion.oncePerCustomer && (await customerHoldsPromotion(tx, user.id, found.promotion.id)),
      });
      if (problem) throw conflict(problem);
      const priced = lines.map((line) => ({ product_id: line.productId, price: line.unitPriceCents / 100, quantity: line.quantity }));
      discountCents = toCents(computeDiscount(priced, couponDiscount(found.coupon)));
      promotion = { id: found.promotion.id, couponId: found.coupon.id, code: found.promotion.code };
    }
    if (toCents(body.discount) !== discountCents) mismatch(log, 'discount', body.discount, discountCents / 100);
    const totalCents = Math.max(0, subtotalCents + shippingCents - discountCents);
    if (toCents(body.total_amount) !== totalCents) mismatch(log, 'total_amount', body.total_amount, totalCents / 100);

    // Nothing to charge (a 100% licence discount): no provider, fulfilled straight away below.
    const local = !stripe || totalCents === 0;
    const sessionId = local ? `lps_${newToken()}` : null;
    const created = await insertPendingOrder(tx, {
      userId: user.id,
      email: user.email,
      lines,
      shippingInfo: needsShipping ? body.shipping_info! : null,
      subtotalCents,
      shippingCents,
      discountCents,
      totalCents,
      promotion,
      provider: local ? 'local' : 'stripe',
      paymentSessionId: sessionId,
    });
    if (sessionId) {
      await tx.insert(localPaymentSessions).values({
        id: sessionId,
        orderId: created.id,
        amountCents: totalCents,
        currency: created.currency,
        status: totalCents === 0 ? 'paid' : 'open',
        completedAt: totalCents === 0 ? now : null,
      });
    }
    return { order: created, localSessionId: sessionId };
  });

  if (localSessionId && order.totalCents === 0) {
    await fulfilOrder(ctx, { provider: 'local', sessionId: localSessionId });
    return { url: `${config.publicUrl}/checkout/success` };
  }
  if (localSessionId) return { url: `${config.publicUrl}${localPayPath(localSessionId)}` };

  try {
    const session = await createStripeCheckoutSession(stripe!, config, order, lines);
    await db.update(orders).set({ paymentSessionId: session.id, updatedAt: new Date() }).where(eq(orders.id, order.id));
    return { url: session.url };
  } catch (err) {
    log.error({ err, orderId: order.id }, 'Stripe checkout session could not be created');
    await endUnpaidOrder(ctx, { orderId: order.id }, 'abandoned').catch((e) => log.error({ err: e }, 'could not release the order'));
    throw new AppError('unavailable', MSG.paymentUnavailable);
  }
}
