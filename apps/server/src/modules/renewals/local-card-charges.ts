import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { findTestCard, testCardChargeOutcome } from '@lbs/domain/test-cards';
import type { Db } from '../../db/client';
import { localPaymentSessions } from '../../db/schema';
import { localRefundProvider } from '../refunds/local-refund-provider';
import { chargeFailureWords } from './charge-failure-words';
import type { RenewalChargeAnswer, RenewalChargeProvider, RenewalChargeRequest } from './renewal-charge-provider';

/**
 * The local provider's charge for an attempt key: a session id derived from the key, so asking
 * twice finds the same charge (Stripe's idempotency keys, embedded). Its shape is the pay page's
 * session id, so fulfilment, reconciliation and the local refunds read it as any local payment.
 */
export const localChargeIdOf = (key: string) => `lps_rc_${crypto.createHash('sha256').update(key).digest('hex').slice(0, 32)}`;

function answerOf(session: typeof localPaymentSessions.$inferSelect, cardNumber: string, onSession: boolean): RenewalChargeAnswer {
  if (session.status === 'paid') return { status: 'succeeded', chargeId: session.id };
  const card = findTestCard(cardNumber);
  const outcome = card ? testCardChargeOutcome(card.behaviour, onSession) : { declined: 'unknown_card' as const };
  const code = outcome === 'requires_action' ? 'authentication_required' : outcome === 'succeeded' ? 'card_declined' : outcome.declined;
  return { status: outcome === 'requires_action' ? 'requires_action' : 'failed', chargeId: session.id, code, message: chargeFailureWords(code) };
}

/**
 * The embedded provider's renewal charges (DESIGN §6.3): the saved card is a Stripe test number and
 * answers as Stripe's test mode does (4242… succeeds, 4000 0000 0000 0341 declines later, 4000 0027
 * 6000 3184 asks for authentication). Each charge is a local_payment_sessions row, written once per
 * key (paid or failed) and answered from the row ever after.
 */
export function localCardCharges(db: Db, now: () => Date): RenewalChargeProvider {
  return {
    async chargeOffSession(request: RenewalChargeRequest): Promise<RenewalChargeAnswer> {
      const id = localChargeIdOf(request.key);
      const card = findTestCard(request.card.providerRef);
      const succeeds = card !== undefined && testCardChargeOutcome(card.behaviour, false) === 'succeeded';
      const at = now();
      await db
        .insert(localPaymentSessions)
        .values({ id, orderId: request.orderId, amountCents: request.amountCents, currency: request.currency, status: succeeds ? 'paid' : 'failed', createdAt: at, completedAt: at })
        .onConflictDoNothing();
      const [session] = await db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, id));
      return answerOf(session!, request.card.providerRef, false);
    },

    async closeOnSession(chargeId: string) {
      // Conditional, as the pay page's own "paid" is: whichever comes first wins, never both.
      await db
        .update(localPaymentSessions)
        .set({ status: 'cancelled', completedAt: now() })
        .where(and(eq(localPaymentSessions.id, chargeId), eq(localPaymentSessions.status, 'open')));
      const [session] = await db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, chargeId));
      if (!session || session.status === 'cancelled') return { status: 'cancelled' as const };
      if (session.status === 'paid') return { status: 'succeeded' as const, chargeId };
      return { status: 'failed' as const, chargeId, code: 'card_declined', message: chargeFailureWords('card_declined') };
    },

    async refundCharge(request) {
      const answer = await localRefundProvider(db).refund({
        refundId: `renewal-charge:${request.key}`,
        order: { id: request.orderId, paymentProvider: 'local', paymentSessionId: request.chargeId, paymentIntentId: null, currency: request.currency },
        amountCents: request.amountCents,
        reason: 'A second payment for an automatic renewal already paid',
      });
      if (answer.state === 'failed') throw new Error(`could not refund ${request.chargeId}: ${answer.failureReason}`);
    },
  };
}
