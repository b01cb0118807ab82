import { and, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../app-context';
import { orders, renewalCharges } from '../../db/schema';
import { settleRenewalCharge } from './settle-renewal-charge';
import { answerOfIntent } from './stripe-card-charges';

/** A charge this young may still be answered or its webhook on its way: reconciliation leaves it. */
export const RENEWAL_CHARGE_SETTLE_MS = 5 * 60 * 1000;
const BATCH = 100;

/**
 * A lost webhook of an automatic renewal's charge (decision 0022), as refunds are reconciled: the
 * Stripe attempts of unpaid, live renewal orders that are still open, or that asked for
 * authentication (the holder may have completed them on session since), older than a few minutes
 * and naming their PaymentIntent, are read back from Stripe and settled with what it says now. An
 * attempt still open without a PaymentIntent is the job's (it asks again with the same key).
 */
export async function reconcileStripeRenewalCharges(ctx: AppContext, stripe: Stripe, log: FastifyBaseLogger, now: Date): Promise<{ settled: number; errors: number }> {
  const report = { settled: 0, errors: 0 };
  const due = await ctx.db
    .select({ id: renewalCharges.id, chargeId: renewalCharges.providerChargeId, status: renewalCharges.status })
    .from(renewalCharges)
    .innerJoin(orders, eq(orders.id, renewalCharges.orderId))
    .where(
      and(
        eq(renewalCharges.provider, 'stripe'),
        inArray(renewalCharges.status, ['open', 'requires_action']),
        isNotNull(renewalCharges.providerChargeId),
        lt(renewalCharges.createdAt, new Date(now.getTime() - RENEWAL_CHARGE_SETTLE_MS)),
        isNull(orders.paidAt),
        isNull(orders.cancelledAt),
      ),
    )
    .limit(BATCH);
  for (const attempt of due) {
    try {
      const answer = answerOfIntent(await stripe.paymentIntents.retrieve(attempt.chargeId!));
      // Still waiting for its holder, or processing: nothing new to settle.
      if (!answer || (attempt.status === 'requires_action' && answer.status !== 'succeeded')) continue;
      const outcome = await settleRenewalCharge(ctx, attempt.id, answer, now);
      if (outcome === 'fulfilled') report.settled++;
    } catch (err) {
      report.errors++;
      log.warn({ err, attemptId: attempt.id }, 'reconciliation could not read a renewal PaymentIntent back');
    }
  }
  return report;
}
