import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppConfig } from '../../config';
import { orders } from '../../db/schema';
import type { PricedLine } from '../orders/create-order';

/** Stripe keeps an unpaid Checkout session open this long (its minimum is 30 minutes). */
export const CHECKOUT_SESSION_TTL_MS = 60 * 60 * 1000;

/**
 * Stripe orders still waiting for their payment, whose Checkout session id is stored (the customer
 * may be paying on it) or missing (the customer never got its URL). Callers add the age that
 * matters to them.
 */
export const unpaidStripeOrders = (session: 'stored' | 'missing') =>
  and(
    eq(orders.paymentProvider, 'stripe'),
    eq(orders.paymentStatus, 'unpaid'),
    session === 'stored' ? isNotNull(orders.paymentSessionId) : isNull(orders.paymentSessionId),
  );

/**
 * A Stripe Checkout session charging exactly what the server priced: line items at our prices,
 * the shipping fee as a fixed shipping rate, and the discount as a single-use coupon of that
 * amount. Idempotency keys are per order, so a retried request never opens a second session.
 *
 * An order that renews automatically (DESIGN §6.3) is paid as the buyer's Stripe Customer
 * (`customer`, see ensureStripeCustomer) with `setup_future_usage=off_session`: Stripe saves the
 * card to the Customer, and fulfilment keeps it as the card the renewals charge (saveCardOfPaidSession).
 */
export async function createStripeCheckoutSession(
  stripe: Stripe,
  config: AppConfig,
  order: typeof orders.$inferSelect,
  lines: readonly PricedLine[],
  renewing?: { customer: string },
): Promise<{ id: string; url: string }> {
  let discounts: Stripe.Checkout.SessionCreateParams.Discount[] | undefined;
  if (order.discountCents > 0) {
    const coupon = await stripe.coupons.create(
      {
        amount_off: order.discountCents,
        currency: order.currency,
        duration: 'once',
        max_redemptions: 1,
        name: (order.promoCode ?? 'Discount').slice(0, 40),
        metadata: { order_id: String(order.id) },
      },
      { idempotencyKey: `order-${order.id}-coupon` },
    );
    discounts = [{ coupon: coupon.id }];
  }
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      client_reference_id: String(order.id),
      // Stripe takes one or the other; the Customer carries the same address.
      ...(renewing ? { customer: renewing.customer } : { customer_email: order.email }),
      line_items: lines.map((line) => ({
        quantity: line.quantity,
        price_data: {
          currency: order.currency,
          unit_amount: line.unitPriceCents,
          product_data: { name: line.name, metadata: { product_id: String(line.productId) } },
        },
      })),
      discounts,
      shipping_options:
        order.shippingCents > 0
          ? [
              {
                shipping_rate_data: {
                  type: 'fixed_amount',
                  display_name: 'Tracked courier from Singapore',
                  fixed_amount: { amount: order.shippingCents, currency: order.currency },
                },
              },
            ]
          : undefined,
      metadata: { order_id: String(order.id) },
      payment_intent_data: { metadata: { order_id: String(order.id) }, ...(renewing ? { setup_future_usage: 'off_session' as const } : {}) },
      success_url: `${config.publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${config.publicUrl}/shipping`,
      expires_at: Math.floor((order.createdAt.getTime() + CHECKOUT_SESSION_TTL_MS) / 1000),
    },
    { idempotencyKey: `order-${order.id}-checkout` },
  );
  if (!session.url) throw new Error(`Stripe session ${session.id} came back without a url`);
  return { id: session.id, url: session.url };
}
