import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { licenses, orders, paymentMethods, renewalCharges } from '../../db/schema';
import { chargeFailureWords } from './charge-failure-words';
import { openRenewalAttempt } from './open-renewal-attempt';
import type { RenewalChargeAnswer, RenewalChargeProvider } from './renewal-charge-provider';
import { renewalChargeProviderFor } from './renewal-charge-providers';
import { settleRenewalCharge, type SettleOutcome } from './settle-renewal-charge';

type Attempt = typeof renewalCharges.$inferSelect;
type Card = typeof paymentMethods.$inferSelect;

/** What the order's lock decided: nothing to do, an open attempt to read back first, or a new attempt to make. */
type Step = { done: true } | { resume: Attempt } | { attempt: Attempt; card: Card | undefined };

const noCard = (): RenewalChargeAnswer => ({ status: 'failed', chargeId: null, code: 'no_card', message: chargeFailureWords('no_card') });

/**
 * Charges an automatic renewal order once (the renewal job's outbox job, decision 0021). In a
 * short transaction with the order locked: a paid or abandoned order is left alone; an attempt
 * still open (a crash, a second process, the account area's pay link) is read back from the
 * provider and settled first; otherwise attempt n+1 is written open, its id `<order>:<n+1>` the
 * provider's idempotency key, and committed. The provider is called after commit, never under a
 * lock, and its answer settled. Safe to run twice at once: the second finds the first's attempt
 * open and asks the provider with the same key, which charges once.
 */
export async function chargeRenewalOrder(
  ctx: AppContext,
  orderId: number,
  opts: { now?: Date; provider?: RenewalChargeProvider } = {},
): Promise<SettleOutcome | 'nothing_due'> {
  const now = () => opts.now ?? ctx.clock.now();
  const providerFor = (attempt: Attempt) => opts.provider ?? renewalChargeProviderFor(ctx, attempt.provider);
  // A pay link left open is closed first (one round), then the new attempt is made (another).
  for (let round = 0; round < 3; round++) {
    const step = await nextStep(ctx, orderId);
    if ('done' in step) return 'nothing_due';
    if ('attempt' in step) {
      const answer = step.card ? await providerFor(step.attempt).chargeOffSession(chargeRequest(step.attempt, step.card)) : noCard();
      return settleRenewalCharge(ctx, step.attempt.id, answer, now());
    }
    const open = step.resume;
    if (!open.onSession) {
      const [card] = open.paymentMethodId ? await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, open.paymentMethodId)) : [];
      const answer = card ? await providerFor(open).chargeOffSession(chargeRequest(open, card)) : noCard();
      return settleRenewalCharge(ctx, open.id, answer, now());
    }
    // The holder's pay link: closed unless they paid it first; its outcome settled, then on to a new attempt.
    const closed = open.providerChargeId ? await providerFor(open).closeOnSession(open.providerChargeId) : { status: 'cancelled' as const };
    if (closed.status === 'cancelled') {
      await ctx.db
        .update(renewalCharges)
        .set({ status: 'cancelled', settledAt: now() })
        .where(and(eq(renewalCharges.id, open.id), eq(renewalCharges.status, 'open')));
      continue;
    }
    const outcome = await settleRenewalCharge(ctx, open.id, closed, now());
    if (closed.status === 'succeeded') return outcome;
  }
  return 'nothing_due';
}

function chargeRequest(attempt: Attempt, card: Card) {
  return {
    key: attempt.id,
    orderId: attempt.orderId,
    amountCents: attempt.amountCents,
    currency: 'usd',
    card: { id: card.id, providerRef: card.providerRef, providerCustomerId: card.providerCustomerId },
  };
}

function nextStep(ctx: AppContext, orderId: number): Promise<Step> {
  return ctx.db.transaction(async (tx): Promise<Step> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.paidAt || order.cancelledAt || !order.renewalLicenseId) return { done: true };
    // Revoked, suspended or no longer renewing: never charged (those verbs abandon the order too).
    const [license] = await tx.select().from(licenses).where(eq(licenses.id, order.renewalLicenseId));
    if (!license || license.revokedAt || license.suspendedAt || !license.autoRenew) return { done: true };
    const [last] = await tx.select().from(renewalCharges).where(eq(renewalCharges.orderId, order.id)).orderBy(desc(renewalCharges.attempt)).limit(1);
    if (last?.status === 'open') return { resume: last };
    const [card] = await tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, order.userId), isNull(paymentMethods.detachedAt)));
    const attempt = await openRenewalAttempt(tx, order, last, {
      provider: card?.provider ?? order.paymentProvider,
      paymentMethodId: card?.id ?? null,
      onSession: false,
    });
    return { attempt, card };
  });
}
