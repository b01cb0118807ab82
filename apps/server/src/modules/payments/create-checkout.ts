import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { MSG } from '@lbs/domain/messages';
import { toCents } from '@lbs/domain/money';
import { computeDiscount } from '@lbs/domain/promo';
import { renewalConsentWords, renewingLinesOf } from '@lbs/domain/renewals';
import type { TOnePaymentBody, TRenewalConsent } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import type { Tx } from '../../db/client';
import { localPaymentSessions, orders, renewalChoices, users } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import { newToken } from '../../lib/tokens';
import { checkRenewals } from '../licenses/check-renewals';
import { insertPendingOrder, priceLines, type PendingOrder, type PricedLine } from '../orders/create-order';
import type { ShippingRateProvider } from '../shipping/rate-provider';
import { couponDiscount, promotionProblem } from '../vouchers/promotion-rules';
import { releasePromotionUses } from '../vouchers/promotion-uses';
import { customerHoldsPromotion } from '../vouchers/customer-holds-promotion';
import { findPromotionByCode } from '../vouchers/find-promotion-by-code';
import { endUnpaidOrder } from './fail-payment';
import { fulfilOrder } from './fulfil-order';
import { cardInUse } from './save-card';
import { ensureStripeCustomer } from './stripe-cards';
import { CHECKOUT_SESSION_TTL_MS, createStripeCheckoutSession, unpaidStripeOrders } from './stripe-checkout';

export interface CheckoutDeps {
  ctx: AppContext;
  stripe: Stripe | null;
  shipping: ShippingRateProvider;
  log: FastifyBaseLogger;
}

/** The path of the local provider's pay page (dev only). */
const localPayPath = (sessionId: string) => `/dev/pay/${sessionId}`;

/** At most this many of a customer's open Stripe sessions are expired by one new checkout. */
const MAX_SESSIONS_TO_EXPIRE = 10;

/*
 * Abandoned checkouts. Every Confirm writes an unpaid order holding one use of its promotion; a
 * customer who goes back from the pay page without cancelling would hold that use until the
 * session's one-hour life ends. So a new checkout first abandons the customer's earlier unpaid
 * orders, under one rule that keeps money safe:
 *
 *   An unpaid order is abandoned (marked failed, its promotion use given back) only when its
 *   payment session provably can no longer complete.
 *
 * - Local provider: in the checkout's own transaction, its session is switched open → cancelled
 *   with a conditional update. The pay page's charge (markLocalSessionPaid) is the same
 *   conditional update open → paid, so exactly one of the two wins: a cancelled session can never
 *   be charged, and a charged one is left alone (its fulfilment or reconciliation completes it).
 * - Stripe: only once Stripe has answered that the session is expired (expireOpenStripeSessions,
 *   before the transaction, best effort). A session Stripe would not expire (already complete, or
 *   Stripe unreachable), or whose id is not stored yet, keeps its order and its use; if it is paid
 *   later it is fulfilled as usual, and if it expires the webhook or reconciliation ends it.
 *
 * Orders left unpaid after that may still be paid, so the once-per-customer check counts them
 * (customerHoldsPromotion with inFlight), and a customer's checkouts run one at a time (their user
 * row is locked), so two racing checkouts cannot both see "no other use" and both be paid.
 */

/** Expires the customer's open Stripe sessions and ends their orders; failures leave them held. */
async function expireOpenStripeSessions(deps: CheckoutDeps, userId: number): Promise<void> {
  const { ctx, stripe, log } = deps;
  if (!stripe) return;
  const open = await ctx.db
    .select({ id: orders.id, sessionId: orders.paymentSessionId })
    .from(orders)
    .where(and(eq(orders.userId, userId), unpaidStripeOrders('stored'), gt(orders.createdAt, new Date(Date.now() - CHECKOUT_SESSION_TTL_MS))))
    .orderBy(asc(orders.id))
    .limit(MAX_SESSIONS_TO_EXPIRE);
  for (const { id, sessionId } of open) {
    try {
      const session = await stripe.checkout.sessions.expire(sessionId!);
      if (session.status === 'expired') await endUnpaidOrder(ctx, { provider: 'stripe', sessionId: session.id }, 'abandoned');
    } catch (err) {
      // Complete (maybe paid) or Stripe unreachable: the order keeps its use, see the rule above.
      log.info({ err, orderId: id }, 'earlier Stripe checkout session not expired; its order stays open');
    }
  }
}

/**
 * Cancels the customer's open local pay sessions and marks their orders failed, in the checkout's
 * transaction; answers the promotion ids whose uses they held, for the caller to give back (after
 * locking them in order, see releasePromotionUses). Orders are locked before any promotion row, the
 * same order fulfilment and endUnpaidOrder take them in.
 */
async function abandonOpenLocalOrders(tx: Tx, userId: number, now: Date): Promise<string[]> {
  const open = await tx
    .select({ id: orders.id, sessionId: orders.paymentSessionId, promotionId: orders.promotionId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentProvider, 'local'), eq(orders.paymentStatus, 'unpaid')))
    .orderBy(asc(orders.id))
    .for('update');
  const released: string[] = [];
  for (const order of open) {
    if (!order.sessionId) continue;
    const cancelled = await tx
      .update(localPaymentSessions)
      .set({ status: 'cancelled', completedAt: now })
      .where(and(eq(localPaymentSessions.id, order.sessionId), eq(localPaymentSessions.status, 'open')))
      .returning({ id: localPaymentSessions.id });
    // Not open: already charged (fulfilment or reconciliation will complete it), so it stays.
    if (cancelled.length === 0) continue;
    await tx.update(orders).set({ paymentStatus: 'failed', updatedAt: now }).where(eq(orders.id, order.id));
    if (order.promotionId) released.push(order.promotionId);
  }
  return released;
}

export const CONSENT_MSG = {
  nothingRenews: 'renew_automatically: only Monthly and Yearly licenses renew automatically, and this cart has none',
  wordsDiffer:
    'The automatic renewal terms have changed since the page was loaded (a price or the words). Read them again and confirm.',
  nothingCharged: 'Nothing is charged now, so no card would be saved for the renewals. Untick “Renew automatically” to continue.',
} as const;

/**
 * "Renew automatically" (DESIGN §6.3): the words the page showed must be the ones the server makes
 * from its own prices for the cart's Monthly and Yearly lines, as the catalogue names them (a
 * renewal line is one of them, under its plan's name). A 400 for a cart with none, a 409 for words
 * that differ, as for a total that differs. Answers the consent to store.
 */
function checkRenewalConsent(log: FastifyBaseLogger, priced: readonly PricedLine[], given: TRenewalConsent): TRenewalConsent {
  const renewing = renewingLinesOf(priced);
  if (renewing.length === 0) throw badRequest(CONSENT_MSG.nothingRenews);
  const words = renewalConsentWords(renewing, given.language);
  if (given.words !== words) {
    log.info({ sent: given.words, expected: words }, 'checkout refused: renewal consent words differ from the server');
    throw conflict(CONSENT_MSG.wordsDiffer);
  }
  return { words, language: given.language };
}

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
 *
 * "Renew automatically" (`renew_automatically`, DESIGN §6.3) is checked like a figure (see
 * checkRenewalConsent) and stored with the order: `renew_automatically` and a renewal_choices row
 * (the words, their language, the time). The local pay page then saves the card, and fulfilment
 * issues the Monthly and Yearly keys renewing, renewal lines' licences included. With Stripe, the
 * session is paid as the buyer's Stripe Customer and saves the card (createStripeCheckoutSession).
 * Not for an order that charges nothing to a customer without a saved card.
 */
export async function createOnePaymentCheckout(
  deps: CheckoutDeps,
  user: { id: number; email: string },
  body: TOnePaymentBody,
): Promise<{ url: string }> {
  const { ctx, stripe, log } = deps;
  const { config, db } = ctx;
  if (!stripe && !config.devTools) throw new AppError('unavailable', MSG.paymentUnavailable);

  // Renewal lines name the buyer's own licences of their plan (400 otherwise); fulfilment renews.
  const priced = await priceLines(db, body.products);
  const lines = await checkRenewals(db, user.id, priced);
  const consent = body.renew_automatically ? checkRenewalConsent(log, priced, body.renew_automatically) : null;
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

  await expireOpenStripeSessions(deps, user.id);

  const { order, localSessionId } = await db.transaction(async (tx) => {
    const now = new Date();
    // One checkout of this customer at a time (see the rule above). NO KEY UPDATE: fulfilment's
    // foreign-key checks on the user row (KEY SHARE) are not blocked by it.
    const [buyer] = await tx.select({ country: users.country }).from(users).where(eq(users.id, user.id)).for('no key update');
    // The billing country (issue 37): the one given, else the customer's on record, else where it
    // ships; a country given is remembered as the customer's, for the next checkout's form.
    const billingCountry = body.billing_country ?? buyer?.country ?? (needsShipping ? body.shipping_info?.country : undefined) ?? null;
    if (body.billing_country && body.billing_country !== buyer?.country) {
      await tx.update(users).set({ country: body.billing_country }).where(eq(users.id, user.id));
    }
    const released = await abandonOpenLocalOrders(tx, user.id, now);
    if (released.length > 0) {
      const wanted = promoCode ? await findPromotionByCode(tx, promoCode) : null;
      await releasePromotionUses(tx, released, { alsoLock: wanted?.promotion.id });
    }

    let promotion: PendingOrder['promotion'] = null;
    let discountCents = 0;
    if (promoCode) {
      const found = await findPromotionByCode(tx, promoCode, { lock: true });
      if (!found) throw conflict(MSG.invalidPromoCode);
      if (!lines.some((line) => line.licenseType !== null)) throw conflict(MSG.promoOnlyLicenses);
      const problem = promotionProblem(found.promotion, found.coupon, {
        now,
        orderAmountCents: subtotalCents,
        customerHasUsed:
          found.promotion.oncePerCustomer && (await customerHoldsPromotion(tx, user.id, found.promotion.id, { inFlight: true })),
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
      billingCountry,
      subtotalCents,
      shippingCents,
      discountCents,
      totalCents,
      promotion,
      provider: local ? 'local' : 'stripe',
      paymentSessionId: sessionId,
    });
    if (consent) {
      // Nothing charged now saves no card for the renewals to charge, unless one is saved already.
      if (totalCents === 0 && !(await cardInUse(tx, user.id))) throw conflict(CONSENT_MSG.nothingCharged);
      await tx.update(orders).set({ renewAutomatically: true }).where(eq(orders.id, created.id));
      await tx.insert(renewalChoices).values({
        userId: user.id,
        orderId: created.id,
        autoRenew: true,
        actor: 'customer',
        words: consent.words,
        language: consent.language,
        createdAt: now,
      });
    }
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
    return { url: `${config.publicUrl}/checkout/success?session_id=${encodeURIComponent(localSessionId)}` };
  }
  if (localSessionId) return { url: `${config.publicUrl}${localPayPath(localSessionId)}` };

  try {
    const renewing = consent ? { customer: await ensureStripeCustomer(ctx, stripe!, user.id) } : undefined;
    const session = await createStripeCheckoutSession(stripe!, config, order, lines, renewing);
    await db.update(orders).set({ paymentSessionId: session.id, updatedAt: new Date() }).where(eq(orders.id, order.id));
    return { url: session.url };
  } catch (err) {
    log.error({ err, orderId: order.id }, 'Stripe checkout session could not be created');
    await endUnpaidOrder(ctx, { orderId: order.id }, 'abandoned').catch((e) => log.error({ err: e }, 'could not release the order'));
    throw new AppError('unavailable', MSG.paymentUnavailable);
  }
}
