import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders, renewalCharges } from '../../db/schema';

type Attempt = typeof renewalCharges.$inferSelect;

/**
 * Writes an automatic renewal order's next charge attempt, open (decision 0021): number n+1 after
 * the order's count and its last attempt, its id `<order>:<n>` the provider's idempotency key, and
 * the order's count moved on. In the caller's transaction, with the order locked and no attempt
 * of it open (the partial unique index refuses a second). The job's off-session charge and the
 * holder's Pay now (local pay session or Stripe PaymentIntent) each open theirs here.
 */
export async function openRenewalAttempt(
  tx: Tx,
  order: Pick<typeof orders.$inferSelect, 'id' | 'chargeAttempts' | 'totalCents'>,
  last: Pick<Attempt, 'attempt'> | undefined,
  charge: Pick<typeof renewalCharges.$inferInsert, 'provider' | 'paymentMethodId' | 'onSession' | 'providerChargeId'>,
  now?: Date,
): Promise<Attempt> {
  const n = Math.max(order.chargeAttempts, last?.attempt ?? 0) + 1;
  const [attempt] = await tx
    .insert(renewalCharges)
    .values({ id: `${order.id}:${n}`, orderId: order.id, attempt: n, status: 'open', amountCents: order.totalCents, ...charge })
    .returning();
  await tx
    .update(orders)
    .set({ chargeAttempts: n, ...(now ? { updatedAt: now } : {}) })
    .where(eq(orders.id, order.id));
  return attempt!;
}
