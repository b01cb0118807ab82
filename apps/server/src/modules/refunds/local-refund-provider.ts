import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localPaymentSessions, paymentEvents } from '../../db/schema';
import type { ProviderRefundAnswer, ProviderRefundRequest, RefundProvider } from './refund-provider';

/** The local provider's refund id for our refund: one per refund, whoever asks how often. */
export const localRefundId = (refundId: string) => `lre_${refundId}`;

export interface LocalRefundOptions {
  /**
   * A bank's "no": answers why a refund is refused, or null to let it through. The embedded shop
   * never refuses; tests inject one to see a refused refund change nothing.
   */
  refuse?: (request: ProviderRefundRequest) => string | null;
}

/**
 * The embedded provider's refunds (DESIGN §6.2): money goes back on the local session that took
 * it (refunded_cents, never above what it took). Idempotent on our refund id, recorded in
 * payment_events with the session's update in one transaction, so a retry after a crash or a
 * doubled click gives back once and answers the same refund.
 */
export function localRefundProvider(db: Db, options: LocalRefundOptions = {}): RefundProvider {
  return {
    async refund(request: ProviderRefundRequest): Promise<ProviderRefundAnswer> {
      const providerRefundId = localRefundId(request.refundId);
      const refused = options.refuse?.(request);
      if (refused) return { state: 'failed', providerRefundId: null, failureReason: refused };
      const sessionId = request.order.paymentSessionId;
      if (!sessionId) return { state: 'failed', providerRefundId: null, failureReason: 'No payment to refund on this order.' };
      return db.transaction(async (tx): Promise<ProviderRefundAnswer> => {
        // The session row lock puts every refund of this payment in line.
        const [session] = await tx.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, sessionId)).for('update');
        const claim = `refund:local:${providerRefundId}`;
        const [done] = await tx.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, claim));
        if (done) return { state: 'succeeded', providerRefundId };
        if (!session || session.status !== 'paid') return { state: 'failed', providerRefundId: null, failureReason: 'No paid payment to refund.' };
        if (session.refundedCents + request.amountCents > session.amountCents) {
          return { state: 'failed', providerRefundId: null, failureReason: 'More than is left of the payment.' };
        }
        await tx.insert(paymentEvents).values({ id: claim, provider: 'local', type: 'refund' });
        await tx
          .update(localPaymentSessions)
          .set({ refundedCents: sql`${localPaymentSessions.refundedCents} + ${request.amountCents}` })
          .where(eq(localPaymentSessions.id, sessionId));
        return { state: 'succeeded', providerRefundId };
      });
    },
  };
}
