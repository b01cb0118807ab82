import { and, eq, isNotNull } from 'drizzle-orm';
import { testCardChargeOutcome, type TestCard } from '@lbs/domain/test-cards';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { licenses, localPaymentSessions, orderLines, orders } from '../../db/schema';
import { endUnpaidOrder } from './fail-payment';
import { fulfilOrder } from './fulfil-order';
import { findLocalSession, localSessionExpired, markLocalSessionPaid } from './local-provider';
import { saveLocalCard } from './save-card';

/** What Pay on the local page came to: paid, refused by the card (the session stays open), or not payable. */
export type LocalPayOutcome = 'paid' | 'card_declined' | 'insufficient_funds' | 'requires_action' | 'not_open';

/**
 * Pay on the local provider's page with a test card (DESIGN §6.3): the card answers as it would at
 * Stripe on session (testCardChargeOutcome). A decline leaves the session open for another card; a
 * card that asks for authentication answers 'requires_action' until the page's authentication step
 * says it was completed (`authenticated`). A charge marks the session paid, saves the card when the
 * order renews automatically, then fulfils. A repeated click on a paid session fulfils again
 * (idempotent: it finishes one that a crash interrupted) and answers 'paid'.
 */
export async function payLocalSession(
  ctx: AppContext,
  id: string,
  card: TestCard,
  opts: { authenticated?: boolean } = {},
): Promise<LocalPayOutcome> {
  const now = new Date();
  const session = await findLocalSession(ctx.db, id);
  if (session?.status === 'paid') {
    await fulfilOrder(ctx, { provider: 'local', sessionId: id });
    return 'paid';
  }
  if (!session || session.status !== 'open' || localSessionExpired(session, now)) return 'not_open';
  const outcome = testCardChargeOutcome(card.behaviour, true);
  if (outcome === 'requires_action' && !opts.authenticated) return 'requires_action';
  if (typeof outcome === 'object') return outcome.declined;

  const charged = await markLocalSessionPaid(ctx.db, id, now);
  if (!charged) {
    // Cancelled or paid meanwhile (another tab): a paid one is fulfilled as above.
    if ((await findLocalSession(ctx.db, id))?.status !== 'paid') return 'not_open';
  } else {
    const keeper = await cardKeeperOf(ctx.db, session.orderId);
    if (keeper !== null) await ctx.db.transaction((tx) => saveLocalCard(tx, keeper, card, now));
  }
  await fulfilOrder(ctx, { provider: 'local', sessionId: id });
  return 'paid';
}

/**
 * Who keeps the card an order is paid with for their automatic renewals (its buyer), or null when
 * it is not kept: kept when the buyer chose automatic renewal at checkout, when the order is an
 * automatic renewal itself (paid on session after a failed charge), or when it renews a licence
 * that renews automatically (a manual renewal from the cart).
 */
export async function cardKeeperOf(db: DbOrTx, orderId: number): Promise<number | null> {
  const [order] = await db
    .select({ userId: orders.userId, renewAutomatically: orders.renewAutomatically, renewalTermEnd: orders.renewalTermEnd })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  if (order.renewAutomatically || order.renewalTermEnd) return order.userId;
  const [renewing] = await db
    .select({ id: licenses.id })
    .from(orderLines)
    .innerJoin(licenses, eq(licenses.id, orderLines.renewsLicenseId))
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.renewsLicenseId), eq(licenses.autoRenew, true)))
    .limit(1);
  return renewing ? order.userId : null;
}

/**
 * Cancel on the local provider's page: abandons an open session's checkout order. A session paying
 * an automatic renewal order (the account area's Pay now) is only closed: the order stays open for
 * its retries and grace, and the renewal job reads the closed charge back. Answers where the
 * customer goes next: 'paid' (it was paid already), 'renewal' (back to the account) or 'not-paid'.
 */
export async function cancelLocalSession(ctx: AppContext, id: string): Promise<'paid' | 'renewal' | 'not-paid'> {
  const session = await findLocalSession(ctx.db, id);
  if (session?.status === 'paid') return 'paid';
  if (session && (await isRenewalSession(ctx.db, session.orderId))) {
    await ctx.db
      .update(localPaymentSessions)
      .set({ status: 'cancelled', completedAt: new Date() })
      .where(and(eq(localPaymentSessions.id, id), eq(localPaymentSessions.status, 'open')));
    return (await findLocalSession(ctx.db, id))?.status === 'paid' ? 'paid' : 'renewal';
  }
  if (session?.status === 'open') await endUnpaidOrder(ctx, { provider: 'local', sessionId: session.id }, 'abandoned');
  return 'not-paid';
}

/** The session pays an automatic renewal order (its Pay now), not a checkout. */
export async function isRenewalSession(db: DbOrTx, orderId: number): Promise<boolean> {
  const [order] = await db.select({ termEnd: orders.renewalTermEnd }).from(orders).where(eq(orders.id, orderId));
  return order?.termEnd != null;
}
