import { and, asc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { formatUsd, fromCents } from '@lbs/domain/money';
import { graceUntilOf } from '@lbs/domain/renewals';
import type { AppContext } from '../../app-context';
import { licenses, orders, renewalCharges } from '../../db/schema';
import { notifyAdmins } from '../notifications/notify-admins';
import { fulfilOrder } from '../payments/fulfil-order';
import { renewalChargeProviderFor } from './renewal-charge-providers';
import type { RenewalChargeAnswer } from './renewal-charge-provider';
import { nextRetryAt } from './retry-schedule';
import { tellRenewalChargeFailed } from './tell-renewal-news';

export type SettleOutcome =
  | 'fulfilled'
  | 'already_paid'
  /** A second success for an order another charge paid: refunded, the admins told. */
  | 'refunded_duplicate'
  | 'paid_after_cancel'
  | 'failed'
  | 'already_settled'
  | 'unknown';

/**
 * Settles one attempt with the provider's answer (decision 0021). Idempotent, and callable any
 * number of times in any order, from the job, a retry, a webhook or a test: a success goes through
 * the one fulfilment path (keyed by the order, so the term is added once); a second success for an
 * order already paid by another charge is refunded at once and the admins told; a failure is
 * recorded once, schedules the next try and tells the customer.
 */
export async function settleRenewalCharge(ctx: AppContext, attemptId: string, answer: RenewalChargeAnswer, now = ctx.clock.now()): Promise<SettleOutcome> {
  const [attempt] = await ctx.db.select().from(renewalCharges).where(eq(renewalCharges.id, attemptId));
  if (!attempt) return 'unknown';
  if (answer.status === 'succeeded') return settleSuccess(ctx, attempt, answer.chargeId, now);
  return settleFailure(ctx, attempt, answer, now);
}

type Attempt = typeof renewalCharges.$inferSelect;

async function settleSuccess(ctx: AppContext, attempt: Attempt, chargeId: string, now: Date): Promise<SettleOutcome> {
  // Fulfilment finds the order by its charge: make sure the attempt names it.
  await ctx.db
    .update(renewalCharges)
    .set({ providerChargeId: chargeId })
    .where(and(eq(renewalCharges.id, attempt.id), isNull(renewalCharges.providerChargeId)));
  // On Stripe the charge is a PaymentIntent: the order keeps it as the one its refunds are made on.
  const paymentIntentId = attempt.provider === 'stripe' ? chargeId : undefined;
  const result = await fulfilOrder(ctx, { provider: attempt.provider, sessionId: chargeId, orderId: attempt.orderId, paymentIntentId, now });
  if (result.status === 'fulfilled') return 'fulfilled';
  if (result.status === 'paid_after_cancel') return 'paid_after_cancel';
  if (result.status !== 'already_fulfilled') return 'unknown';
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, attempt.orderId));
  if (!order || order.paymentSessionId === chargeId) return 'already_paid';
  await refundDuplicate(ctx, attempt, chargeId, order, now);
  return 'refunded_duplicate';
}

/**
 * Another charge paid this order: this one is given back in full (idempotent at the provider) and
 * marked so, and the admins are told once. The order's own payment, invoice and term are untouched.
 */
async function refundDuplicate(ctx: AppContext, attempt: Attempt, chargeId: string, order: typeof orders.$inferSelect, now: Date): Promise<void> {
  await renewalChargeProviderFor(ctx, attempt.provider).refundCharge({
    key: attempt.id,
    chargeId,
    amountCents: attempt.amountCents,
    orderId: order.id,
    currency: order.currency,
  });
  await ctx.db.transaction(async (tx) => {
    const marked = await tx
      .update(renewalCharges)
      .set({ status: 'cancelled', providerChargeId: chargeId, failureCode: 'refunded_duplicate', failureMessage: 'A second payment for a renewal already paid: refunded.', settledAt: now })
      .where(and(eq(renewalCharges.id, attempt.id), or(isNull(renewalCharges.failureCode), ne(renewalCharges.failureCode, 'refunded_duplicate'))))
      .returning({ id: renewalCharges.id });
    if (marked.length === 0) return;
    await notifyAdmins(tx, {
      type: 'payment_failed',
      subjectUserId: order.userId,
      title: `A second payment for automatic renewal order #${order.id} was refunded`,
      message: `${formatUsd(fromCents(attempt.amountCents))} from ${order.email} (charge ${chargeId}, attempt ${attempt.attempt}) came in after the order was already paid; it was refunded in full.`,
    });
  });
}

async function settleFailure(
  ctx: AppContext,
  attempt: Attempt,
  answer: Exclude<RenewalChargeAnswer, { status: 'succeeded' }>,
  now: Date,
): Promise<SettleOutcome> {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId)).for('update');
    const settled = await tx
      .update(renewalCharges)
      .set({ status: answer.status, failureCode: answer.code, failureMessage: answer.message, settledAt: now, ...(answer.chargeId ? { providerChargeId: answer.chargeId } : {}) })
      .where(and(eq(renewalCharges.id, attempt.id), eq(renewalCharges.status, 'open')))
      .returning();
    if (settled.length === 0) return 'already_settled';
    // Paid or given up meanwhile: nothing to retry, nothing to tell. The holder at the pay page
    // saw their own failure there: the schedule stands and no mail follows.
    if (!order || order.paidAt || order.cancelledAt || !order.renewalLicenseId || attempt.onSession) return 'failed';
    const [license] = await tx.select().from(licenses).where(eq(licenses.id, order.renewalLicenseId));
    if (!license) return 'failed';
    const graceUntil = license.graceUntil ?? graceUntilOf(order.renewalTermEnd!, ctx.config.RENEWAL_GRACE_DAYS);
    const [first] = await tx
      .select({ at: renewalCharges.settledAt })
      .from(renewalCharges)
      .where(and(eq(renewalCharges.orderId, order.id), eq(renewalCharges.onSession, false), inArray(renewalCharges.status, ['failed', 'requires_action'])))
      .orderBy(asc(renewalCharges.settledAt))
      .limit(1);
    const nextTryAt = nextRetryAt(first?.at ?? now, ctx.config.RENEWAL_RETRY_DAYS, now, graceUntil);
    await tx.update(orders).set({ nextChargeAt: nextTryAt, updatedAt: now }).where(eq(orders.id, order.id));
    await tellRenewalChargeFailed(tx, {
      license,
      amountCents: attempt.amountCents,
      failure: answer.message,
      needsAction: answer.status === 'requires_action',
      nextTryAt,
      graceUntil,
      publicUrl: ctx.config.publicUrl,
    });
    return 'failed';
  });
}
