import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../app-context';
import { stripeClient } from '../../integrations/stripe/stripe-client';
import { RepeatingTask } from '../../lib/repeating-task';
import { localPaymentSessions, orders } from '../../db/schema';
import { reconcileRefunds } from '../refunds/reconcile-refunds';
import { endUnpaidOrder } from './fail-payment';
import { fulfilOrder } from './fulfil-order';
import { fulfilStripeSession, sessionIsPaid } from './handle-stripe-event';
import { saveCardOfPaidSession } from './stripe-card-events';
import { reconcileStripeRenewalCharges } from '../renewals/stripe-reconcile-charges';
import { CHECKOUT_SESSION_TTL_MS, unpaidStripeOrders } from './stripe-checkout';

/** Stripe sessions live at most 24 h; older unpaid orders are settled already or lost. */
const STRIPE_LOOKBACK_MS = 3 * 24 * 3600 * 1000;
/** An order whose Stripe session id was never stored has had this long to get one. */
const SESSIONLESS_GRACE_MS = 15 * 60 * 1000;
const BATCH = 100;

export interface ReconcileReport {
  fulfilled: number;
  ended: number;
  errors: number;
}

/**
 * Finds payments that completed without being fulfilled (a lost webhook, a crash between the
 * charge and fulfilment) and fulfils them; ends unpaid orders whose payment can no longer happen,
 * giving back their promotion uses. Safe to run anywhere and any number of times: every step is
 * the same idempotent fulfilment or a conditional update.
 */
export async function reconcilePayments(ctx: AppContext, log: FastifyBaseLogger, now = new Date()): Promise<ReconcileReport> {
  const report: ReconcileReport = { fulfilled: 0, ended: 0, errors: 0 };
  const { db } = ctx;

  const paidLocal = await db
    .select({ id: localPaymentSessions.id })
    .from(localPaymentSessions)
    .innerJoin(orders, eq(orders.id, localPaymentSessions.orderId))
    .where(and(eq(localPaymentSessions.status, 'paid'), isNull(orders.paidAt)))
    .limit(BATCH);
  for (const { id } of paidLocal) {
    try {
      const result = await fulfilOrder(ctx, { provider: 'local', sessionId: id });
      if (result.status === 'fulfilled') report.fulfilled++;
    } catch (err) {
      report.errors++;
      log.error({ err, sessionId: id }, 'reconciliation could not fulfil a local payment');
    }
  }

  const staleLocal = await db
    .select({ id: localPaymentSessions.id })
    .from(localPaymentSessions)
    .where(and(eq(localPaymentSessions.status, 'open'), lt(localPaymentSessions.createdAt, new Date(now.getTime() - CHECKOUT_SESSION_TTL_MS))))
    .limit(BATCH);
  for (const { id } of staleLocal) {
    if (await endUnpaidOrder(ctx, { provider: 'local', sessionId: id }, 'abandoned', now)) report.ended++;
  }

  const stripe = stripeClient(ctx.config);
  if (stripe) await reconcileStripe(ctx, stripe, log, now, report);
  // Refunds written but never settled (a crash between our row and the provider's answer).
  const refunded = await reconcileRefunds(ctx, log, now);
  report.errors += refunded.errors;
  if (report.fulfilled || report.ended || report.errors) log.info(report, 'payment reconciliation');
  return report;
}

async function reconcileStripe(ctx: AppContext, stripe: Stripe, log: FastifyBaseLogger, now: Date, report: ReconcileReport) {
  const pending = await ctx.db
    .select({ id: orders.id, sessionId: orders.paymentSessionId })
    .from(orders)
    .where(and(unpaidStripeOrders('stored'), gt(orders.createdAt, new Date(now.getTime() - STRIPE_LOOKBACK_MS))))
    .limit(BATCH);
  for (const order of pending) {
    try {
      const session = await stripe.checkout.sessions.retrieve(order.sessionId!);
      if (sessionIsPaid(session)) {
        const result = await fulfilStripeSession(ctx, session);
        if (result.status === 'fulfilled') report.fulfilled++;
        // Its webhook lost: the card an order that renews paid with is saved here instead.
        if (result.status === 'fulfilled' || result.status === 'already_fulfilled') await saveCardOfPaidSession(ctx, stripe, session, log);
      } else if (session.status === 'expired') {
        if (await endUnpaidOrder(ctx, { provider: 'stripe', sessionId: session.id }, 'abandoned', now)) report.ended++;
      }
    } catch (err) {
      report.errors++;
      log.warn({ err, orderId: order.id }, 'reconciliation could not read a Stripe session');
    }
  }

  // Renewal charges whose answer or webhook was lost: read back and settled.
  const renewals = await reconcileStripeRenewalCharges(ctx, stripe, log, now);
  report.fulfilled += renewals.settled;
  report.errors += renewals.errors;

  // The session was never stored (the request failed or the process stopped right after Stripe
  // answered): the customer never got its URL, so the order cannot be paid.
  const sessionless = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(unpaidStripeOrders('missing'), lt(orders.createdAt, new Date(now.getTime() - SESSIONLESS_GRACE_MS))))
    .limit(BATCH);
  for (const { id } of sessionless) {
    if (await endUnpaidOrder(ctx, { orderId: id }, 'abandoned', now)) report.ended++;
  }
}

/** Runs reconciliation once at start and then every PAYMENT_RECONCILE_MS. */
export class PaymentReconciler {
  private readonly task: RepeatingTask<ReconcileReport>;

  constructor(ctx: AppContext, log: FastifyBaseLogger) {
    this.task = new RepeatingTask(() => reconcilePayments(ctx, log), {
      everyMs: ctx.config.PAYMENT_RECONCILE_MS,
      log,
      failureMessage: 'payment reconciliation failed',
      unref: true,
    });
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }
}
