import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { cartOf } from '../../../test/checkout-fixtures';
import { type FakeStripe, fakeStripeEnv, paymentIntentEvent, sessionCompletedEvent, startFakeStripe } from '../../../test/fake-stripe-server';
import { createUserWithSession } from '../../../test/fixtures';
import { attemptsOf, DAY, insertOpenRenewalOrder, licenseRow, MONTH, renewalOrdersOf, renewingLicense, runJobAt, stopRenewals } from '../../../test/renewal-fixtures';
import { deliver, saveCardOnStripe, seededRandom, shuffle, stripeCheckoutRenewing, WEBHOOK_SECRET } from '../../../test/stripe-renewal-fixtures';
import { licenses, notifications, orders, paymentMethods, users } from '../../db/schema';
import { stripeClient } from '../../integrations/stripe/stripe-client';
import { reconcilePayments } from '../payments/reconcile';
import { chargeRenewalOrder } from './charge-renewal-order';
import { runRenewalJob } from './renewal-job';
import type { RenewalChargeProvider } from './renewal-charge-provider';
import { stripeCardCharges } from './stripe-card-charges';

/*
 * Automatic renewals on Stripe (DESIGN §6.3, decision 0022), against the Stripe stand-in with the
 * real SDK: the card saved at checkout or on Stripe's setup form, off-session PaymentIntents keyed
 * by the attempt, their webhooks in any order and any number of times, authentication completed on
 * session, a lost webhook reconciled, a card replaced between two renewals.
 */

const MONTHLY = 11;
const CARD = { succeeds: '4242424242424242', mastercard: '5555555555554444', authentication: '4000002760003184', declinesLater: '4000000000000341' } as const;
const log = { info() {}, warn() {}, error() {} } as never;

let t: TestApp;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test', ...fakeStripeEnv(fake, WEBHOOK_SECRET) });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => stopRenewals(t));

const renewalIntents = (orderIds: number[]) => [...fake.paymentIntents.values()].filter((pi) => orderIds.includes(Number(pi.metadata.order_id)) && pi.metadata.renewal_charge);
const cardsOf = (userId: number) => t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId)).orderBy(paymentMethods.createdAt);

describe('automatic renewal on Stripe', () => {
  it('saves the card at checkout and renews twelve months once each, every event delivered three times in random order', async () => {
    const user = await createUserWithSession(t.db);
    const sessionId = await stripeCheckoutRenewing(t, user, cartOf({ [MONTHLY]: 1 }));
    const create = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id && fake.sessions.get(sessionId)!.client_reference_id === r.body.client_reference_id)!;
    expect(create.body).toMatchObject({ customer: expect.stringMatching(/^cus_/), payment_intent_data: { setup_future_usage: 'off_session' } });
    expect(create.body.customer_email).toBeUndefined();

    fake.completeWithCard(sessionId, CARD.succeeds);
    const completed = sessionCompletedEvent(fake, sessionId, WEBHOOK_SECRET);
    for (let i = 0; i < 3; i++) await deliver(t, completed);
    const [buyer] = await t.db.select().from(users).where(eq(users.id, user.id));
    const [card] = await cardsOf(user.id);
    expect(card).toMatchObject({ provider: 'stripe', providerRef: expect.stringMatching(/^pm_/), providerCustomerId: buyer!.stripeCustomerId, brand: 'Visa', last4: '4242', detachedAt: null });
    expect(card!.expYear).toBeGreaterThan(2000);
    expect(await cardsOf(user.id)).toHaveLength(1);
    const [license] = await t.db.select().from(licenses).where(eq(licenses.userId, user.id));
    expect(license!.autoRenew).toBe(true);

    const e0 = license!.expiresAt!;
    const seed = Date.now() % 100_000;
    const random = seededRandom(seed);
    let backlog: Array<{ payload: string; signature: string }> = [];
    for (let month = 0; month < 12; month++) {
      const end = new Date(e0.getTime() + month * MONTH);
      await runJobAt(t, new Date(end.getTime() - 2 * DAY));
      const made = renewalIntents((await renewalOrdersOf(t, license!.id)).map((o) => o.id)).filter((pi) => !backlog.some((e) => e.payload.includes(pi.id)));
      const events = made.map((pi) => paymentIntentEvent('payment_intent.succeeded', fake, pi.id, WEBHOOK_SECRET));
      // This month's events three times, with what is left of last month's, in a random order.
      const now = shuffle([...events, ...events, ...events, ...backlog], random);
      const half = Math.ceil(now.length / 2);
      for (const event of now.slice(0, half)) await deliver(t, event);
      backlog = [...now.slice(half), ...events];
    }
    for (const event of shuffle(backlog, random)) await deliver(t, event);

    const renewals = await renewalOrdersOf(t, license!.id);
    expect(renewals, `seed ${seed}`).toHaveLength(12);
    expect(renewals.every((o) => o.paymentStatus === 'paid' && o.paymentProvider === 'stripe' && o.paymentIntentId === o.paymentSessionId)).toBe(true);
    const intents = renewalIntents(renewals.map((o) => o.id));
    expect(intents).toHaveLength(12);
    expect(intents.every((pi) => pi.paid && pi.paymentMethod === card!.providerRef && pi.customer === buyer!.stripeCustomerId && pi.offSession)).toBe(true);
    expect(new Set(renewals.map((o) => o.paymentIntentId))).toEqual(new Set(intents.map((pi) => pi.id)));
    expect(intents.flatMap((pi) => fake.refundsOf(pi.id))).toHaveLength(0);
    // Each charge keyed by its attempt, asked once.
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && renewals.some((o) => r.body.metadata && (r.body.metadata as Record<string, string>).order_id === String(o.id)));
    expect(creates.map((r) => r.idempotencyKey).sort()).toEqual(renewals.map((o) => `${o.id}:1`).sort());
    expect((await licenseRow(t, license!.id)).expiresAt!.getTime()).toBe(e0.getTime() + 12 * MONTH);
  }, 120_000);

  it('a charge that asks for authentication is completed on session with that same PaymentIntent: one paid order', async () => {
    const user = await createUserWithSession(t.db);
    await saveCardOnStripe(t, fake, user.id, CARD.authentication, 2);
    const e0 = new Date(Date.now() + 10 * DAY);
    const { license } = await renewingLicense(t, { expiresAt: e0, card: null, user });
    await runJobAt(t, new Date(e0.getTime() - 2 * DAY));

    const [order] = await renewalOrdersOf(t, license.id);
    const [attempt] = await attemptsOf(t, order!.id);
    expect(attempt).toMatchObject({ provider: 'stripe', status: 'requires_action', failureCode: 'authentication_required', providerChargeId: expect.stringMatching(/^pi_/) });
    const pi = attempt!.providerChargeId!;
    expect(fake.paymentIntents.get(pi)!.status).toBe('requires_action');
    const told = await t.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.type, 'payment_failed')));
    expect(told).toHaveLength(1);
    for (let i = 0; i < 2; i++) await deliver(t, paymentIntentEvent('payment_intent.requires_action', fake, pi, WEBHOOK_SECRET));
    expect(await t.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.type, 'payment_failed')))).toHaveLength(1);

    const pay = await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/pay`, headers: user.headers });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json()).toEqual({ client_secret: `${pi}_secret_fake`, publishable_key: 'pk_test_fake', payment_intent: pi });

    // Stripe.js confirms it on the page; the page tells the shop, which reads it back.
    fake.confirmOnSession(pi);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/confirmed`, headers: user.headers, payload: { payment_intent: pi } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'paid' });
    for (const type of ['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.succeeded'] as const) {
      await deliver(t, paymentIntentEvent(type, fake, pi, WEBHOOK_SECRET));
    }
    // The job's next pass finds nothing to charge.
    await runJobAt(t, new Date(e0.getTime() + DAY));

    const renewals = await renewalOrdersOf(t, license.id);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ paymentStatus: 'paid', paymentIntentId: pi });
    expect(await attemptsOf(t, order!.id)).toMatchObject([{ status: 'succeeded', providerChargeId: pi }]);
    expect(renewalIntents([order!.id])).toHaveLength(1);
    expect((await licenseRow(t, license.id)).expiresAt!.getTime()).toBe(e0.getTime() + MONTH);

    // Someone else's licence, or a PaymentIntent that is not this licence's: 404.
    const other = await createUserWithSession(t.db);
    expect((await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/confirmed`, headers: other.headers, payload: { payment_intent: pi } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/confirmed`, headers: user.headers, payload: { payment_intent: 'pi_nothing' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/confirmed`, headers: user.headers, payload: { payment_intent: 'x' } })).statusCode).toBe(400);
  }, 60_000);

  it('a webhook lost: reconciliation reads the PaymentIntent back and settles the renewal', async () => {
    const user = await createUserWithSession(t.db);
    await saveCardOnStripe(t, fake, user.id, CARD.authentication);
    const e0 = new Date(Date.now() + 10 * DAY);
    const { license } = await renewingLicense(t, { expiresAt: e0, card: null, user });
    const at = new Date(e0.getTime() - 2 * DAY);
    await runJobAt(t, at);
    const [order] = await renewalOrdersOf(t, license.id);
    const pi = (await attemptsOf(t, order!.id))[0]!.providerChargeId!;

    // Completed on session, but neither the page's "confirmed" nor the webhook reaches the shop.
    fake.confirmOnSession(pi);
    const soon = await reconcilePayments(t.ctx, log, new Date(Date.now() - 60_000));
    expect(soon.errors).toBe(0);
    expect((await renewalOrdersOf(t, license.id))[0]!.paymentStatus).toBe('unpaid');
    await reconcilePayments(t.ctx, log, new Date(at.getTime() + 10 * 60_000));
    const [paid] = await renewalOrdersOf(t, license.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', paymentIntentId: pi });
    expect((await licenseRow(t, license.id)).expiresAt!.getTime()).toBe(e0.getTime() + MONTH);
    // Again, and the late webhook: nothing more.
    await reconcilePayments(t.ctx, log, new Date(at.getTime() + 20 * 60_000));
    await deliver(t, paymentIntentEvent('payment_intent.succeeded', fake, pi, WEBHOOK_SECRET));
    expect(await renewalOrdersOf(t, license.id)).toHaveLength(1);
    expect(fake.refundsOf(pi)).toHaveLength(0);
  }, 60_000);

  it('a card replaced on Stripe between two renewals: the second charge uses the new card, the old one detached', async () => {
    const user = await createUserWithSession(t.db);
    const first = await saveCardOnStripe(t, fake, user.id, CARD.succeeds);
    const e0 = new Date(Date.now() + 10 * DAY);
    const { license } = await renewingLicense(t, { expiresAt: e0, card: null, user });
    await runJobAt(t, new Date(e0.getTime() - 2 * DAY));

    const second = await saveCardOnStripe(t, fake, user.id, CARD.mastercard, 2);
    // A late copy of the first card's event brings nothing back.
    await deliver(t, first.event);
    const cards = await cardsOf(user.id);
    expect(cards.map((c) => [c.providerRef, c.brand, c.last4, c.detachedAt === null])).toEqual([
      [first.paymentMethod, 'Visa', '4242', false],
      [second.paymentMethod, 'Mastercard', '4444', true],
    ]);
    expect(fake.paymentMethods.get(first.paymentMethod)!.customer).toBeNull();
    expect(fake.requests.filter((r) => r.path === `/v1/payment_methods/${first.paymentMethod}/detach`)).toHaveLength(1);

    await runJobAt(t, new Date(e0.getTime() + MONTH - 2 * DAY));
    const renewals = await renewalOrdersOf(t, license.id);
    expect(renewals.map((o) => o.paymentStatus)).toEqual(['paid', 'paid']);
    const [one, two] = renewals.map((o) => renewalIntents([o.id])[0]!);
    expect(one!.paymentMethod).toBe(first.paymentMethod);
    expect(two!.paymentMethod).toBe(second.paymentMethod);
    expect(await t.db.select().from(paymentMethods).where(and(eq(paymentMethods.userId, user.id), isNull(paymentMethods.detachedAt)))).toHaveLength(1);
    expect((await licenseRow(t, license.id)).expiresAt!.getTime()).toBe(e0.getTime() + 2 * MONTH);
  }, 60_000);

  it('a declined card: Pay now makes an on-session PaymentIntent on the saved card; left unpaid, the job cancels it before its next try', async () => {
    const user = await createUserWithSession(t.db);
    const { paymentMethod } = await saveCardOnStripe(t, fake, user.id, CARD.declinesLater);
    const e0 = new Date(Date.now() + 10 * DAY);
    const { license } = await renewingLicense(t, { expiresAt: e0, card: null, user });
    await runJobAt(t, new Date(e0.getTime() - 2 * DAY));
    const [order] = await renewalOrdersOf(t, license.id);
    expect(await attemptsOf(t, order!.id)).toMatchObject([{ status: 'failed', failureCode: 'card_declined', providerChargeId: expect.stringMatching(/^pi_/) }]);

    // The holder opens Pay now and leaves: the job's next try cancels that PaymentIntent first.
    const left = await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/pay`, headers: user.headers });
    expect(left.statusCode, left.body).toBe(200);
    const abandoned = left.json().payment_intent as string;
    expect(fake.paymentIntents.get(abandoned)).toMatchObject({ status: 'requires_confirmation', paymentMethod, offSession: false });
    // Asked again meanwhile: the same PaymentIntent.
    expect((await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/pay`, headers: user.headers })).json().payment_intent).toBe(abandoned);
    await runJobAt(t, new Date((await renewalOrdersOf(t, license.id))[0]!.nextChargeAt!.getTime() + 60_000));
    expect(fake.paymentIntents.get(abandoned)!.status).toBe('canceled');
    expect((await attemptsOf(t, order!.id)).map((a) => [a.onSession, a.status])).toEqual([
      [false, 'failed'],
      [true, 'cancelled'],
      [false, 'failed'],
    ]);

    // Paid on session this time (this card declines only off session).
    const pay = await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/pay`, headers: user.headers });
    const pi = pay.json().payment_intent as string;
    expect(pi).not.toBe(abandoned);
    fake.confirmOnSession(pi);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/confirmed`, headers: user.headers, payload: { payment_intent: pi } });
    expect(confirmed.json()).toEqual({ status: 'paid' });
    await deliver(t, paymentIntentEvent('payment_intent.succeeded', fake, pi, WEBHOOK_SECRET));
    const [paid] = await renewalOrdersOf(t, license.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', paymentIntentId: pi });
    expect(renewalIntents([order!.id]).filter((p) => p.paid).map((p) => p.id)).toEqual([pi]);
    expect((await licenseRow(t, license.id)).expiresAt!.getTime()).toBe(e0.getTime() + MONTH);
    // Nothing due any more.
    expect((await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/pay`, headers: user.headers })).statusCode).toBe(409);
  }, 60_000);

  it('webhooks that arrive before the charge’s own answer (a late failure among them) pay the order once', async () => {
    const user = await createUserWithSession(t.db);
    await saveCardOnStripe(t, fake, user.id, CARD.succeeds);
    const e0 = new Date(Date.now() + 10 * DAY);
    const { license } = await renewingLicense(t, { expiresAt: e0, card: null, user });
    const { order } = await insertOpenRenewalOrder(t.db, (await licenseRow(t, license.id)));
    await t.db.update(orders).set({ paymentProvider: 'stripe', nextChargeAt: null }).where(eq(orders.id, order.id));

    // Stripe's events overtake its answer: delivered while the attempt is still open.
    const stripe = stripeCardCharges(stripeClient(t.ctx.config)!);
    const racing: RenewalChargeProvider = {
      ...stripe,
      async chargeOffSession(request) {
        const answer = await stripe.chargeOffSession(request);
        expect((await attemptsOf(t, order.id))[0]!.status).toBe('open');
        for (const type of ['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.succeeded'] as const) {
          await deliver(t, paymentIntentEvent(type, fake, answer.chargeId!, WEBHOOK_SECRET));
        }
        return answer;
      },
    };
    expect(await chargeRenewalOrder(t.ctx, order.id, { provider: racing })).toBe('already_paid');
    const [paid] = await renewalOrdersOf(t, license.id);
    expect(paid!.paymentStatus).toBe('paid');
    expect(await attemptsOf(t, order.id)).toMatchObject([{ status: 'succeeded', providerChargeId: paid!.paymentIntentId }]);
    expect(fake.refundsOf(paid!.paymentIntentId!)).toHaveLength(0);
    expect((await licenseRow(t, license.id)).expiresAt!.getTime()).toBe(e0.getTime() + MONTH);
  }, 60_000);
  it('a charge that succeeds after renewal was turned off is refunded on its own PaymentIntent, nothing delivered', async () => {
    const user = await createUserWithSession(t.db);
    await saveCardOnStripe(t, fake, user.id, CARD.succeeds);
    const e0 = new Date(Date.now() + 10 * DAY);
    const { license } = await renewingLicense(t, { expiresAt: e0, card: null, user });
    const at = new Date(e0.getTime() - 2 * DAY);
    t.ctx.clock.setOffset(at.getTime() - Date.now());
    await runRenewalJob(t.ctx, { now: at });
    const [order] = await renewalOrdersOf(t, license.id);
    // The holder turns renewal off while the charge is on its way to Stripe.
    const real = stripeCardCharges(stripeClient(t.ctx.config)!);
    const racing: RenewalChargeProvider = {
      ...real,
      chargeOffSession: async (request) => {
        const off = await t.app.inject({ method: 'PUT', url: `/api/licenses/${license.id}/auto-renew`, headers: user.headers, payload: { auto_renew: false } });
        expect(off.statusCode, off.body).toBe(200);
        return real.chargeOffSession(request);
      },
    };
    expect(await chargeRenewalOrder(t.ctx, order!.id, { provider: racing })).toBe('paid_after_cancel');
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    const [intent] = renewalIntents([order!.id]);
    expect(after).toMatchObject({ paymentIntentId: intent!.id, cancelledAt: expect.any(Date) });
    expect(fake.refundsOf(intent!.id)).toMatchObject([{ amount: intent!.amount, status: 'succeeded' }]);
    expect((await licenseRow(t, license.id)).expiresAt!.getTime()).toBe(e0.getTime());
  });
  it('a card Stripe refuses outright (detached in the dashboard) fails the attempt and tells the holder; nothing is left open', async () => {
    const user = await createUserWithSession(t.db);
    await saveCardOnStripe(t, fake, user.id, CARD.succeeds);
    const [card] = await cardsOf(user.id);
    await stripeClient(t.ctx.config)!.paymentMethods.detach(card!.providerRef);
    const e0 = new Date(Date.now() + 10 * DAY);
    const { license } = await renewingLicense(t, { expiresAt: e0, card: null, user });
    await runJobAt(t, new Date(e0.getTime() - 2 * DAY));
    const [order] = await renewalOrdersOf(t, license.id);
    const [attempt] = await attemptsOf(t, order!.id);
    expect(attempt).toMatchObject({ status: 'failed', failureCode: 'unknown_card' });
    expect(order!.nextChargeAt).not.toBeNull();
    const told = await t.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.type, 'payment_failed')));
    expect(told).toHaveLength(1);
  });
});
