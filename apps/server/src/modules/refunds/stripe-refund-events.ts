import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../app-context';
import { paymentEvents, refunds } from '../../db/schema';
import { stripeClient } from '../../integrations/stripe/stripe-client';
import { type ProviderRefundReport, settleProviderRefund } from './settle-refund';
import { refundStateOf, stripeRefundFailureText } from './stripe-refund-provider';

/** The Stripe events that say something about a refund. */
export const STRIPE_REFUND_EVENTS = ['charge.refunded', 'refund.created', 'refund.updated', 'refund.failed'] as const;
export type StripeRefundEventType = (typeof STRIPE_REFUND_EVENTS)[number];

export const isStripeRefundEvent = (event: Stripe.Event): event is Extract<Stripe.Event, { type: StripeRefundEventType }> =>
  (STRIPE_REFUND_EVENTS as readonly string[]).includes(event.type);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (value: string | { id: string } | null | undefined) => (value ? (typeof value === 'string' ? value : value.id) : undefined);

/**
 * What one Stripe refund object says, for settleProviderRefund: our refund's id when Stripe carries
 * it in metadata (a refund made in the dashboard has none, and anything that is not one of our ids
 * is ignored), its PaymentIntent (finds the order of a dashboard refund), amount, state and when.
 */
export function refundReportOf(refund: Stripe.Refund, eventId?: string): ProviderRefundReport {
  const state = refundStateOf(refund.status);
  const refundId = refund.metadata?.refund_id;
  return {
    provider: 'stripe',
    providerRefundId: refund.id,
    refundId: refundId && UUID.test(refundId) ? refundId.toLowerCase() : undefined,
    paymentIntentId: idOf(refund.payment_intent),
    amountCents: refund.amount,
    currency: refund.currency,
    state,
    failureReason: state === 'failed' ? stripeRefundFailureText(refund.failure_reason, refund.status) : undefined,
    at: new Date(refund.created * 1000),
    eventId,
  };
}

/**
 * The refunds an event is about: refund.* carry one; charge.refunded carries the charge, whose
 * refunds are listed in it only when expanded (API versions since 2022-11-15 leave them out), so
 * they are asked of Stripe otherwise.
 */
async function refundsOfEvent(ctx: AppContext, event: Extract<Stripe.Event, { type: StripeRefundEventType }>): Promise<Stripe.Refund[]> {
  if (event.type !== 'charge.refunded') return [event.data.object];
  const charge = event.data.object;
  const listed = charge.refunds?.data;
  if (listed && !charge.refunds?.has_more) return listed;
  const stripe = stripeClient(ctx.config);
  if (!stripe) return listed ?? [];
  const all: Stripe.Refund[] = [];
  for await (const refund of stripe.refunds.list({ charge: charge.id, limit: 100 })) all.push(refund);
  return all;
}

/**
 * charge.refunded, refund.created, refund.updated and refund.failed: each refund they name is
 * reported to settleProviderRefund, which meets the back office's own answer on our refund id
 * (metadata.refund_id) or Stripe's `re_…` id, and writes a refund made in the dashboard for the
 * order of its PaymentIntent. An event is handled once (payment_events, recorded once every refund
 * in it was settled, so a failure lets Stripe's retry through); settling is idempotent anyway, so
 * two deliveries racing change nothing twice. A refund for a payment we do not know is logged and
 * acknowledged: Stripe gets its 200 and stops retrying.
 */
export async function handleStripeRefundEvent(
  ctx: AppContext,
  event: Extract<Stripe.Event, { type: StripeRefundEventType }>,
  log: FastifyBaseLogger,
): Promise<void> {
  const [seen] = await ctx.db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id));
  if (seen) return;
  for (const refund of await refundsOfEvent(ctx, event)) {
    // One id per refund: charge.refunded may name several.
    const report = refundReportOf(refund, event.type === 'charge.refunded' ? `${event.id}:${refund.id}` : event.id);
    const { status } = await settleProviderRefund(ctx, report);
    if (status === 'unknown_order') {
      log.warn(
        { eventId: event.id, eventType: event.type, refundId: refund.id, paymentIntentId: report.paymentIntentId },
        'Stripe refund matches no order of ours; acknowledged',
      );
    } else if (status === 'unchanged' && report.state === 'failed') {
      // Stripe can fail a refund it first reported succeeded (the card was closed meanwhile): the
      // money is back in our Stripe balance, but our books already count it refunded. A person decides.
      const [ours] = await ctx.db.select({ id: refunds.id, state: refunds.state }).from(refunds).where(eq(refunds.providerRefundId, refund.id));
      if (ours?.state === 'succeeded') {
        log.error({ eventId: event.id, refundId: ours.id, stripeRefundId: refund.id, failureReason: report.failureReason }, 'Stripe failed a refund we recorded as succeeded');
      }
    }
  }
  await ctx.db.insert(paymentEvents).values({ id: event.id, provider: 'stripe', type: event.type }).onConflictDoNothing();
}
