import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../app-context';
import { orders, renewalCharges } from '../../db/schema';
import { chargeRenewalOrder } from './charge-renewal-order';
import { settleRenewalCharge } from './settle-renewal-charge';
import { answerOfIntent } from './stripe-card-charges';

/** A charge this young may still be answered or its webhook on its way: reconciliation leaves it. */
export const RENEWAL_CHARGE_SETTLE_MS = 5 * 60 * 1000;
const BATCH = 100;
/** How long after an order was given up its renewal charges are still read back. */
const CANCELLED_LOOKBACK_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * A lost webhook of an automatic renewal's charge (decision 0022), as refunds are reconciled: the
 * Stripe attempts of unpaid renewal orders (live, or given up in the last few days) that are still
 * open, or that asked for authentication (the holder may have completed them on session since),
 * older than a few minutes and naming their PaymentIntent, are read back from Stripe and settled
 * with what it says now. An off-session attempt still open without a PaymentIntent after a quarter
 * of an hour is resumed through the engine with its same key (resumeUnansweredCharges).
 */
export async function reconcileStripeRenewalCharges(ctx: AppContext, stripe: Stripe, log: FastifyBaseLogger, now: Date): Promise<{ settled: number; errors: number }> {
  const report = { settled: 0, errors: 0 };
  const due = await ctx.db
    .select({ id: renewalCharges.id, chargeId: renewalCharges.providerChargeId, status: renewalCharges.status, onSession: renewalCharges.onSession })
    .from(renewalCharges)
    .innerJoin(orders, eq(orders.id, renewalCharges.orderId))
    .where(
      and(
        eq(renewalCharges.provider, 'stripe'),
        inArray(renewalCharges.status, ['open', 'requires_action']),
        isNotNull(renewalCharges.providerChargeId),
        lt(renewalCharges.createdAt, new Date(now.getTime() - RENEWAL_CHARGE_SETTLE_MS)),
        isNull(orders.paidAt),
        // A given-up order's charge may still have succeeded (its webhook lost): read back for a
        // few days, so it is refunded as paid after cancel.
        or(isNull(orders.cancelledAt), gt(orders.cancelledAt, new Date(now.getTime() - CANCELLED_LOOKBACK_MS))),
      ),
    )
    // Open attempts first: those waiting for their holder are read again and again.
    .orderBy(sql`${renewalCharges.status} = 'open' desc`, renewalCharges.createdAt)
    .limit(BATCH);
  for (const attempt of due) {
    try {
      const answer = answerOfIntent(await stripe.paymentIntents.retrieve(attempt.chargeId!));
      // Processing, or still waiting for its holder (an on-session PaymentIntent not yet confirmed
      // on the page, or one the bank asked about): nothing to settle yet. Settled as
      // requires_action, the job would charge again beside a PaymentIntent the holder can still pay.
      if (!answer || ((attempt.onSession || attempt.status === 'requires_action') && answer.status === 'requires_action')) continue;
      const outcome = await settleRenewalCharge(ctx, attempt.id, answer, now);
      if (outcome === 'fulfilled' || outcome === 'paid_after_cancel') report.settled++;
    } catch (err) {
      report.errors++;
      log.warn({ err, attemptId: attempt.id }, 'reconciliation could not read a renewal PaymentIntent back');
    }
  }
  report.settled += await resumeUnansweredCharges(ctx, log, now);
  return report;
}

/** An off-session attempt this old with no PaymentIntent stored was never answered (Stripe unreachable longer than the outbox retried). */
export const UNANSWERED_CHARGE_MS = 15 * 60 * 1000;

/**
 * Off-session Stripe attempts of live, unpaid orders still open with no PaymentIntent after
 * UNANSWERED_CHARGE_MS: the charge job gave up asking (Stripe down, a PaymentIntent still
 * processing) and no webhook names them. The order is charged again through the engine, which
 * resumes that same attempt with the same idempotency key, so Stripe answers the first request's
 * PaymentIntent instead of making a second.
 */
async function resumeUnansweredCharges(ctx: AppContext, log: FastifyBaseLogger, now: Date): Promise<number> {
  const open = await ctx.db
    .select({ id: renewalCharges.id, orderId: renewalCharges.orderId })
    .from(renewalCharges)
    .innerJoin(orders, eq(orders.id, renewalCharges.orderId))
    .where(
      and(
        eq(renewalCharges.provider, 'stripe'),
        eq(renewalCharges.status, 'open'),
        eq(renewalCharges.onSession, false),
        isNull(renewalCharges.providerChargeId),
        lt(renewalCharges.createdAt, new Date(now.getTime() - UNANSWERED_CHARGE_MS)),
        isNull(orders.paidAt),
        isNull(orders.cancelledAt),
      ),
    )
    .limit(BATCH);
  let settled = 0;
  for (const attempt of open) {
    try {
      if ((await chargeRenewalOrder(ctx, attempt.orderId, { now })) === 'fulfilled') settled++;
    } catch (err) {
      log.warn({ err, attemptId: attempt.id }, 'reconciliation could not resume an unanswered renewal charge');
    }
  }
  return settled;
}
