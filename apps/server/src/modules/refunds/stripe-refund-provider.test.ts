import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe-server';
import type { ProviderRefundRequest } from './refund-provider';
import { refundReportOf } from './stripe-refund-events';
import { stripeRefundProvider } from './stripe-refund-provider';

/*
 * The Stripe side of a refund against the Stripe stand-in, with the real SDK and no database: what
 * is sent (PaymentIntent, amount, metadata, idempotency key), how Stripe's answers and errors map
 * to our states, and how a webhook's refund object is read.
 */

let fake: FakeStripe;
let stripe: Stripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = new Stripe(fake.apiKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 2, telemetry: false });
});
afterAll(() => fake?.close());

let nextOrderId = 1000;
/** A Checkout session paid at the fake: its PaymentIntent and a refund request for it. */
async function paidSession(amount = 150000, { paid = true }: { paid?: boolean } = {}) {
  const orderId = ++nextOrderId;
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    client_reference_id: String(orderId),
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: amount, product_data: { name: 'Yearly License' } } }],
    payment_intent_data: { metadata: { order_id: String(orderId) } },
    success_url: 'http://shop.test/ok',
  });
  const completed = fake.complete(session.id, paid ? 'paid' : 'unpaid');
  const request = (amountCents: number, over: Partial<ProviderRefundRequest['order']> = {}): ProviderRefundRequest => ({
    refundId: crypto.randomUUID(),
    order: { id: orderId, paymentProvider: 'stripe', paymentSessionId: session.id, paymentIntentId: completed.payment_intent, currency: 'usd', ...over },
    amountCents,
    reason: 'Customer asked',
  });
  return { orderId, sessionId: session.id, paymentIntent: completed.payment_intent!, request };
}
const refundCalls = (refundId: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.idempotencyKey === `refund-${refundId}`);

describe('stripeRefundProvider', () => {
  it('refunds on the PaymentIntent with our id as metadata and idempotency key', async () => {
    const { orderId, paymentIntent, request } = await paidSession();
    expect(paymentIntent).toMatch(/^pi_/);
    const req = request(40000);
    const answer = await stripeRefundProvider(stripe).refund(req);
    expect(answer).toEqual({ state: 'succeeded', providerRefundId: expect.stringMatching(/^re_/) });
    const [call] = refundCalls(req.refundId);
    expect(call!.body).toEqual({ payment_intent: paymentIntent, amount: '40000', metadata: { refund_id: req.refundId, order_id: String(orderId) }, reason: 'requested_by_customer' });
    const refund = fake.refunds.get(answer.providerRefundId!)!;
    expect(refund).toMatchObject({ object: 'refund', amount: 40000, currency: 'usd', payment_intent: paymentIntent, charge: expect.stringMatching(/^ch_/), status: 'succeeded' });
  });

  it('finds the PaymentIntent from the Checkout session when it was not stored, and says so', async () => {
    const { sessionId, paymentIntent, request } = await paidSession();
    const req = request(1000, { paymentIntentId: null });
    const answer = await stripeRefundProvider(stripe).refund(req);
    expect(answer).toMatchObject({ state: 'succeeded', paymentIntentId: paymentIntent });
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`)).toBe(true);
    expect(refundCalls(req.refundId)[0]!.body.payment_intent).toBe(paymentIntent);
  });

  it('the same refund asked twice at once, and again later, is one refund at Stripe', async () => {
    const { paymentIntent, request } = await paidSession();
    const req = request(25000);
    const provider = stripeRefundProvider(stripe);
    const [a, b] = await Promise.all([provider.refund(req), provider.refund(req)]);
    const c = await provider.refund(req);
    expect(a.providerRefundId).toBe(b.providerRefundId);
    expect(c.providerRefundId).toBe(a.providerRefundId);
    expect(fake.refundsOf(paymentIntent)).toHaveLength(1);
    expect(refundCalls(req.refundId)).toHaveLength(3);
  });

  it('a refund Stripe made already (its id known) is retrieved, never made again', async () => {
    const { paymentIntent, request } = await paidSession();
    const dashboard = fake.refundInDashboard(paymentIntent, 900, 'pending');
    const provider = stripeRefundProvider(stripe);
    const req = { ...request(900), providerRefundId: dashboard.id };
    expect(await provider.refund(req)).toEqual({ state: 'pending', providerRefundId: dashboard.id });
    fake.settleRefund(dashboard.id, 'succeeded');
    expect(await provider.refund(req)).toEqual({ state: 'succeeded', providerRefundId: dashboard.id });
    expect(fake.refundsOf(paymentIntent)).toHaveLength(1);
    expect(refundCalls(req.refundId)).toHaveLength(0);
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/refunds/${dashboard.id}`)).toHaveLength(2);
  });

  it('maps pending, failed and canceled refunds', async () => {
    const { request } = await paidSession();
    const provider = stripeRefundProvider(stripe);
    fake.nextRefunds({ status: 'pending' }, { status: 'failed', failureReason: 'expired_or_canceled_card' }, { status: 'failed' });
    expect(await provider.refund(request(100))).toEqual({ state: 'pending', providerRefundId: expect.stringMatching(/^re_/) });
    expect(await provider.refund(request(100))).toEqual({
      state: 'failed',
      providerRefundId: expect.stringMatching(/^re_/),
      failureReason: 'The card has expired or was cancelled, so Stripe could not return the money to it.',
    });
    expect(await provider.refund(request(100))).toMatchObject({ state: 'failed', failureReason: "The card's bank declined the refund." });
  });

  it('Stripe refusing the request (too much, already refunded, a card error, no such payment) is a failed refund', async () => {
    const { paymentIntent, request } = await paidSession(5000);
    const provider = stripeRefundProvider(stripe);
    expect(await provider.refund(request(5001))).toEqual({
      state: 'failed',
      providerRefundId: null,
      failureReason: 'Refund amount ($50.01) is greater than unrefunded amount on charge ($50.00)',
    });
    expect((await provider.refund(request(5000))).state).toBe('succeeded');
    expect(await provider.refund(request(1))).toMatchObject({ state: 'failed', failureReason: expect.stringMatching(/has already been refunded/) });
    fake.nextRefunds({ status: 'error', httpStatus: 402, message: 'Your card was declined.', code: 'card_declined' });
    const other = await paidSession();
    expect(await provider.refund(other.request(100))).toMatchObject({ state: 'failed', failureReason: 'Your card was declined.' });
    expect(await provider.refund(request(1, { paymentIntentId: 'pi_unknown' }))).toMatchObject({ state: 'failed', failureReason: "No such payment_intent: 'pi_unknown'" });
    expect(fake.refundsOf(paymentIntent)).toHaveLength(1);
  });

  it('an order whose session was never paid has nothing to refund', async () => {
    const { request } = await paidSession(1000, { paid: false });
    expect(await stripeRefundProvider(stripe).refund(request(100))).toMatchObject({ state: 'failed', providerRefundId: null });
    const unpaid = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } } }],
      success_url: 'http://shop.test/ok',
    });
    const answer = await stripeRefundProvider(stripe).refund({ ...request(100), order: { ...request(100).order, paymentIntentId: null, paymentSessionId: unpaid.id } });
    expect(answer).toEqual({ state: 'failed', providerRefundId: null, failureReason: 'Stripe has no payment for this order to refund.' });
  });

  it('Stripe unreachable or failing (5xx) throws, and asking again with the same id refunds once', async () => {
    const { paymentIntent, request } = await paidSession();
    const req = request(700);
    const boom = { status: 'error', httpStatus: 500, message: 'An unknown error occurred' } as const;
    // The SDK retries twice itself: three failures reach us.
    fake.nextRefunds(boom, boom, boom);
    await expect(stripeRefundProvider(stripe).refund(req)).rejects.toThrow('An unknown error occurred');
    expect(fake.refundsOf(paymentIntent)).toHaveLength(0);
    const again = await stripeRefundProvider(stripe).refund(req);
    expect(again.state).toBe('succeeded');
    expect(fake.refundsOf(paymentIntent)).toHaveLength(1);
    // A 4xx the request itself did not cause (rate limit) throws too.
    fake.nextRefunds({ status: 'error', httpStatus: 429, message: 'Too many requests', type: 'rate_limit_error' });
    await expect(stripeRefundProvider(stripe).refund(request(1))).rejects.toThrow('Too many requests');
  });
});

describe('refundReportOf (a webhook refund object)', () => {
  it('carries our id from metadata, the PaymentIntent, the amount, the state and when', async () => {
    const { paymentIntent, request } = await paidSession();
    const req = request(1234);
    fake.nextRefunds({ status: 'pending' });
    const answer = await stripeRefundProvider(stripe).refund(req);
    const refund = fake.refunds.get(answer.providerRefundId!)!;
    const report = refundReportOf(refund as unknown as Stripe.Refund, 'evt_1');
    expect(report).toEqual({
      provider: 'stripe',
      providerRefundId: refund.id,
      refundId: req.refundId,
      paymentIntentId: paymentIntent,
      amountCents: 1234,
      currency: 'usd',
      state: 'pending',
      failureReason: undefined,
      at: new Date(refund.created * 1000),
      eventId: 'evt_1',
    });
    const failed = fake.settleRefund(refund.id, 'failed', 'lost_or_stolen_card');
    expect(refundReportOf(failed as unknown as Stripe.Refund)).toMatchObject({ state: 'failed', failureReason: expect.stringMatching(/lost or stolen/) });
    expect(refundReportOf({ ...failed, status: 'canceled', failure_reason: null } as unknown as Stripe.Refund).state).toBe('failed');
    expect(refundReportOf({ ...failed, status: 'requires_action' } as unknown as Stripe.Refund).state).toBe('pending');
  });

  it('a dashboard refund has no id of ours; metadata that is not one of our ids is ignored', async () => {
    const { paymentIntent } = await paidSession();
    const refund = fake.refundInDashboard(paymentIntent, 500);
    expect(refund.metadata).toEqual({});
    expect(refundReportOf(refund as unknown as Stripe.Refund)).toMatchObject({ refundId: undefined, paymentIntentId: paymentIntent, amountCents: 500, state: 'succeeded' });
    expect(refundReportOf({ ...refund, metadata: { refund_id: "1'; drop table refunds" } } as unknown as Stripe.Refund).refundId).toBeUndefined();
  });
});
