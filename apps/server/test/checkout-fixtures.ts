import { addToCart, emptyCart, paymentProducts, type CartState } from '@lbs/domain/cart';
import { toCents } from '@lbs/domain/money';
import { computeDiscount, discountedTotal, type Coupon } from '@lbs/domain/promo';
import { computeShippingFee } from '@lbs/domain/shipping';
import type { TShippingInfo } from '@lbs/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { coupons, promotionCodes } from '../src/db/schema';

export const SG_ADDRESS: TShippingInfo = {
  name: 'Ana Tan',
  email: 'ana@example.com',
  address: '1 Marina Boulevard',
  city: 'Singapore',
  state: 'Singapore',
  zip: '018989',
  country: 'SG',
};

/** A cart built the way the browser builds it: catalogue ids and quantities. */
export function cartOf(lines: Record<number, number>): CartState {
  let cart = emptyCart();
  for (const [id, quantity] of Object.entries(lines)) cart = addToCart(cart, Number(id), quantity);
  return cart;
}

/**
 * The one-payment body the web checkout would send for this cart: its own fee, discount and
 * total computed with the same domain rules as the server (so an untouched body is accepted).
 */
export function onePaymentBody(
  cart: CartState,
  opts: { email?: string; shipping?: TShippingInfo; promo?: { code: string; coupon: Coupon } } = {},
) {
  const needsShipping = cart.items.some((item) => item.product_id < 10 || item.product_id === 13);
  const shipping = needsShipping ? (opts.shipping ?? SG_ADDRESS) : undefined;
  const fee = shipping ? computeShippingFee(shipping.country, cart.items.map((i) => ({ product_id: i.product_id, quantity: i.quantity }))) : 0;
  const discount = opts.promo ? computeDiscount(cart.items, opts.promo.coupon) : 0;
  return {
    email: opts.email ?? 'buyer@example.com',
    shipping_fee: fee,
    discount,
    ...(opts.promo ? { promo_code: opts.promo.code } : {}),
    products: paymentProducts(cart.items),
    total_amount: discountedTotal(cart.totalCartPrice, fee, discount),
    ...(shipping ? { shipping_info: shipping } : {}),
  };
}

export const CHECKOUT_URL = '/api/subscriptions/create-checkout-session/one-payment';

export function postCheckout(app: FastifyInstance, headers: { authorization: string } | undefined, body: unknown) {
  return app.inject({ method: 'POST', url: CHECKOUT_URL, headers, payload: body as object });
}

/** A coupon with one promotion code, written straight to the tables. */
export async function insertPromotion(
  db: Db,
  opts: {
    code: string;
    percentOff?: number;
    amountOffCents?: number;
    maxRedemptions?: number | null;
    minimumAmountCents?: number | null;
    oncePerCustomer?: boolean;
    expiresAt?: Date | null;
  },
) {
  const [coupon] = await db
    .insert(coupons)
    .values({
      name: opts.code,
      discountType: opts.amountOffCents !== undefined ? 'amount' : 'percent',
      discountValue: opts.amountOffCents ?? opts.percentOff ?? 10,
      currency: opts.amountOffCents !== undefined ? 'usd' : null,
    })
    .returning();
  const [promotion] = await db
    .insert(promotionCodes)
    .values({
      couponId: coupon!.id,
      code: opts.code,
      maxRedemptions: opts.maxRedemptions ?? null,
      minimumAmountCents: opts.minimumAmountCents ?? null,
      oncePerCustomer: opts.oncePerCustomer ?? false,
      expiresAt: opts.expiresAt ?? null,
    })
    .returning();
  const couponView: Coupon =
    coupon!.discountType === 'percent'
      ? { percent_off: coupon!.discountValue, amount_off: null }
      : { percent_off: null, amount_off: coupon!.discountValue };
  return { coupon: coupon!, promotion: promotion!, promo: { code: opts.code, coupon: couponView } };
}

export const cents = toCents;
