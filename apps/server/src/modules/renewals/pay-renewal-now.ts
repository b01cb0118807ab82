import { and, desc, eq, isNull } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { AppContext } from '../../app-context';
import { licenses, localPaymentSessions, orders, renewalCharges } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { newToken } from '../../lib/tokens';
import { stripeClient } from '../../integrations/stripe/stripe-client';
import { localSessionExpired } from '../payments/local-provider';
import { openRenewalAttempt } from './open-renewal-attempt';
import { STRIPE_PAY_MSG, type StripeOnSessionPayment, stripeOnSessionPayment, stripePayStep } from './stripe-pay-renewal';

export const RENEWAL_NOTHING_DUE = 'Nothing is due for this licence: its renewal is paid, or not prepared yet.';
export const RENEWAL_CHARGE_UNDER_WAY = 'A charge of this renewal is under way: try again in a minute.';
export const RENEWAL_NO_STRIPE = 'Paying a renewal now is not available on this server: contact us.';

const localPayUrl = (publicUrl: string, sessionId: string) => `${publicUrl}/dev/pay/${sessionId}`;

/**
 * The account area's "Pay now" (decision 0021): the holder pays their licence's open automatic
 * renewal order themselves, on session, so a failed, declined or authentication-needing charge is
 * completed on that same order (never a second order for the same term). It is an attempt of its
 * own (on_session, its pay session as the charge), so the job's next try reads it back first: paid,
 * it is settled; still open, it is closed. An open pay link not yet expired is answered again.
 * Another customer's licence answers 404 as an unknown one.
 *
 * On Stripe (decision 0022) the answer is a PaymentIntent for Stripe.js to confirm on the page
 * (`client_secret`, `publishable_key`, `payment_intent`): the one that asked for authentication,
 * or a new on-session attempt's on the saved card (stripe-pay-renewal.ts).
 */
export async function payRenewalNow(ctx: AppContext, userId: number, licenseId: string): Promise<{ url: string } | StripeOnSessionPayment> {
  const now = ctx.clock.now();
  const stripe = stripeClient(ctx.config);
  const step = await ctx.db.transaction(async (tx): Promise<{ stripe: Awaited<ReturnType<typeof stripePayStep>> } | { local: string }> => {
    const [license] = await tx.select({ id: licenses.id }).from(licenses).where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)));
    if (!license) throw notFound(MSG.licenseNotFound);
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.renewalLicenseId, license.id), isNull(orders.paidAt), isNull(orders.cancelledAt)))
      .for('update');
    if (!order) throw conflict(RENEWAL_NOTHING_DUE);
    if (order.paymentProvider === 'stripe') {
      if (!stripe) throw conflict(RENEWAL_NO_STRIPE);
      // Before any attempt is written: without the key the page cannot confirm, and an attempt
      // written for nothing would hold the order as "under way".
      if (!ctx.config.STRIPE_PUBLISHABLE_KEY) throw new AppError('unavailable', STRIPE_PAY_MSG.noKey);
      return { stripe: await stripePayStep(tx, order, now) };
    }
    const [last] = await tx.select().from(renewalCharges).where(eq(renewalCharges.orderId, order.id)).orderBy(desc(renewalCharges.attempt)).limit(1);
    if (last?.status === 'open') {
      if (!last.onSession || !last.providerChargeId) throw conflict(RENEWAL_CHARGE_UNDER_WAY);
      const [session] = await tx.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, last.providerChargeId)).for('update');
      if (session?.status === 'open' && !localSessionExpired(session, new Date())) return { local: session.id };
      // Expired or ended at the pay page: the job's next read-back settles it; a new link needs it closed first.
      if (session?.status !== 'open') throw conflict(RENEWAL_CHARGE_UNDER_WAY);
      await tx.update(localPaymentSessions).set({ status: 'cancelled', completedAt: now }).where(eq(localPaymentSessions.id, session.id));
      await tx.update(renewalCharges).set({ status: 'cancelled', settledAt: now }).where(eq(renewalCharges.id, last.id));
    }
    const id = `lps_${newToken()}`;
    await tx.insert(localPaymentSessions).values({ id, orderId: order.id, amountCents: order.totalCents, currency: order.currency, status: 'open' });
    await openRenewalAttempt(tx, order, last, { provider: 'local', onSession: true, providerChargeId: id }, now);
    return { local: id };
  });
  if ('stripe' in step) return stripeOnSessionPayment(ctx, stripe!, step.stripe);
  return { url: localPayUrl(ctx.config.publicUrl, step.local) };
}
