import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localPaymentSessions } from '../../db/schema';
import { CHECKOUT_SESSION_TTL_MS } from './stripe-checkout';

export type LocalSession = typeof localPaymentSessions.$inferSelect;

export const localSessionExpired = (session: LocalSession, now: Date) =>
  session.createdAt.getTime() + CHECKOUT_SESSION_TTL_MS <= now.getTime();

/**
 * The local provider's "the card was charged": committed on its own, before fulfilment runs, just
 * as Stripe has taken the money before its webhook arrives. A crash in between leaves a paid
 * session with an unpaid order, which reconciliation fulfils. Answers false when the session is
 * not open (already paid, cancelled, failed) or has expired.
 */
export async function markLocalSessionPaid(db: Db, sessionId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(localPaymentSessions)
    .set({ status: 'paid', completedAt: now })
    .where(
      and(
        eq(localPaymentSessions.id, sessionId),
        eq(localPaymentSessions.status, 'open'),
        gt(localPaymentSessions.createdAt, new Date(now.getTime() - CHECKOUT_SESSION_TTL_MS)),
      ),
    )
    .returning({ id: localPaymentSessions.id });
  return rows.length === 1;
}

export async function findLocalSession(db: Db, sessionId: string): Promise<LocalSession | undefined> {
  const [session] = await db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, sessionId));
  return session;
}
