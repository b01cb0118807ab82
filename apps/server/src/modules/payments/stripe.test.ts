import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { cartOf, insertPromotion, onePaymentBody, postCheckout } from '../../../test/checkout-fixtures';
import { fakeStripeEnv, startFakeStripe, type FakeSession, type FakeStripe } from '../../../test/fake-stripe-server';
import { createUserWithSession, type TestUser } from '../../../test/fixtures';
import { invoices, licenses, notifications, orders, paymentEvents, promotionCodes, promotionRedemptions } from '../../db/schema';
import { reconcilePayments } from './reconcile';

const WEBHOOK_SECRET = 'whsec_test_secret';
let t: TestApp;
let fake: FakeStripe;
let buyer: TestUser;
// Only for signing test events, exactly as Stripe signs them.
const signer = new Stripe('sk_test_signer');
const log = { info() {}, warn() {}, error() {} } as never;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({
    RATE_LIMIT_DISABLED: '1',
    PUBLIC_URL: 'http://shop.test',
    ...fakeStripeEnv(fake, WEBHOOK_SECRET),
  });
  buyer = await createUserWithSession(t.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let eventCounter = 0;
function event(type: string, session: FakeSession, overrides: Partial<FakeSession> = {}) {
  return JSON.stringify({
    id: `evt_test_${++eventCounter}_${Date.now()}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: { ...session, ...overrides } },
  });
}
const deliver = (payload: string, signature?: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': contentType, ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
    payload,
  });
const signed = (payload: string, secret = WEBHOOK_SECRET) => signer.webhooks.generateTestHeaderString({ payload, secret });

async function stripeCheckout(user: TestUser, lines: Record<number, number>, promo?: NonNullable<Parameters<typeof onePaymentBody>[1]>['promo']) {
  const res = await postCheckout(t.app, user.headers, onePaymentBody(cartOf(lines), { promo }));
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(res.json().url)![1]!;
  const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  return { url: res.json().url as string, session: fake.sessions.get(sessionId)!, order: order! };
}
const orderNow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const countWhere = async (table: typeof invoices | typeof licenses, orderId: number) =>
  Number((await t.db.select({ n: count() }).from(table).where(eq(table.orderId, orderId)))[0]!.n);

describe('Stripe Checkout adapter', () => {
  it('opens a session charging the server prices, shipping and discount, keyed to the order', async () => {
    const { promo } = await insertPromotion(t.db, { code: 'STRIPE10', percentOff: 10 });
    const { url, session, order } = await stripeCheckout(buyer, { 12: 1, 2: 2 }, promo);
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);
    expect(order).toMatchObject({ paymentProvider: 'stripe', paymentStatus: 'unpaid', subtotalCents: 210000, discountCents: 15000 });

    const couponCall = fake.requests.find((r) => r.path === '/v1/coupons' && r.idempotencyKey === `order-${order.id}-coupon`)!;
    expect(couponCall.body).toMatchObject({ amount_off: '15000', currency: 'usd', duration: 'once', max_redemptions: '1' });
    const create = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.idempotencyKey === `order-${order.id}-checkout`)!;
    expect(create.body).toMatchObject({
      mode: 'payment',
      client_reference_id: String(order.id),
      customer_email: buyer.email,
      success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/shipping',
      metadata: { order_id: String(order.id) },
    });
    expect(create.body.line_items).toEqual([
      { quantity: '2', price_data: { currency: 'usd', unit_amount: '30000', product_data: { name: 'Adhesion Roller', metadata: { product_id: '2' } } } },
      { quantity: '1', price_data: { currency: 'usd', unit_amount: '150000', product_data: { name: 'Yearly License', metadata: { product_id: '12' } } } },
    ]);
    expect(create.body.shipping_options).toEqual([
      { shipping_rate_data: { type: 'fixed_amount', display_name: 'Tracked courier from Singapore', fixed_amount: { amount: String(order.shippingCents), currency: 'usd' } } },
    ]);
    // What Stripe will charge is exactly the order's total.
    expect(session.amount_total).toBe(order.totalCents);
  });

  it('answers 503 and ends the order when Stripe refuses the session, never leaving a promotion use held', async () => {
    const { promotion, promo } = await insertPromotion(t.db, { code: 'DOWNTIME', percentOff: 10, maxRedemptions: 1 });
    fake.failNextSessionCreates(1);
    const res = await postCheckout(t.app, buyer.headers, onePaymentBody(cartOf({ 10: 1 }), { promo }));
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toBe('The payment service is unavailable. Please try again later.');
    const [order] = await t.db.select().from(orders).where(eq(orders.promotionId, promotion.id));
    expect(order!.paymentStatus).toBe('failed');
    expect((await t.db.select().from(promotionCodes).where(eq(promotionCodes.id, promotion.id)))[0]!.timesRedeemed).toBe(0);
  });
});

describe('POST /api/payments/webhook', () => {
  it('refuses unsigned, wrongly signed and altered events with 400 and changes nothing', async () => {
    const { session, order } = await stripeCheckout(buyer, { 11: 1 });
    fake.complete(session.id);
    const payload = event('checkout.session.completed', fake.sessions.get(session.id)!);
    const eventsBefore = Number((await t.db.select({ n: count() }).from(paymentEvents))[0]!.n);

    const unsigned = await deliver(payload);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toEqual({ detail: 'Missing Stripe-Signature header' });
    const wrongSecret = await deliver(payload, signed(payload, 'whsec_someone_else'));
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({ detail: 'Invalid webhook signature' });
    const altered = await deliver(payload.replace(String(session.amount_total), '1'), signed(payload));
    expect(altered.statusCode).toBe(400);
    const garbage = await deliver(payload, 't=1,v1=deadbeef');
    expect(garbage.statusCode).toBe(400);

    expect((await orderNow(order.id)).paymentStatus).toBe('unpaid');
    expect(await countWhere(invoices, order.id)).toBe(0);
    expect(await countWhere(licenses, order.id)).toBe(0);
    expect(Number((await t.db.select({ n: count() }).from(paymentEvents))[0]!.n)).toBe(eventsBefore);

    const good = await deliver(payload, signed(payload));
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ received: true });
    expect((await orderNow(order.id)).paymentStatus).toBe('paid');
  });

  it('fulfils the same event delivered 20 times concurrently exactly once', async () => {
    const user = await createUserWithSession(t.db);
    const { session, order } = await stripeCheckout(user, { 10: 2, 1: 1 });
    fake.complete(session.id);
    const payload = event('checkout.session.completed', fake.sessions.get(session.id)!);
    const header = signed(payload);
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver(payload, header)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));

    const paid = await orderNow(order.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', status: 'pending' });
    // Its PaymentIntent is kept: refunds are made on it and their webhooks name it.
    expect(paid.paymentIntentId).toMatch(/^pi_/);
    expect(paid.paymentIntentId).toBe(fake.sessions.get(session.id)!.payment_intent);
    expect(await countWhere(invoices, order.id)).toBe(1);
    expect(await countWhere(licenses, order.id)).toBe(2);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => n.type).sort()).toEqual(['license_purchase', 'product_order']);
    const mail = await mailTo(t.app, user.email);
    expect(mail).toHaveLength(1);
    const keys = await t.db.select().from(licenses).where(eq(licenses.orderId, order.id));
    for (const k of keys) expect(mail[0]!.text).toContain(k.licenseKey);
    const processed = await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, JSON.parse(payload).id));
    expect(processed).toHaveLength(1);

    // A different event about the same session (Stripe sends several) changes nothing either.
    const later = event('checkout.session.async_payment_succeeded', fake.sessions.get(session.id)!);
    await Promise.all(Array.from({ length: 5 }, () => deliver(later, signed(later))));
    expect(await countWhere(invoices, order.id)).toBe(1);
    expect(await countWhere(licenses, order.id)).toBe(2);
    expect(await mailTo(t.app, user.email)).toHaveLength(1);
  });

  it('does not fulfil when the paid amount differs from the order', async () => {
    const { session, order } = await stripeCheckout(buyer, { 10: 1 });
    fake.complete(session.id);
    const payload = event('checkout.session.completed', fake.sessions.get(session.id)!, { amount_total: 100 });
    expect((await deliver(payload, signed(payload))).statusCode).toBe(200);
    expect((await orderNow(order.id)).paymentStatus).toBe('unpaid');
    expect(await countWhere(licenses, order.id)).toBe(0);
  });

  it('waits for a delayed payment, then fulfils on success', async () => {
    const { session, order } = await stripeCheckout(buyer, { 11: 1 });
    fake.complete(session.id, 'unpaid');
    const completed = event('checkout.session.completed', fake.sessions.get(session.id)!);
    expect((await deliver(completed, signed(completed))).statusCode).toBe(200);
    expect((await orderNow(order.id)).paymentStatus).toBe('unpaid');
    fake.complete(session.id, 'paid');
    const succeeded = event('checkout.session.async_payment_succeeded', fake.sessions.get(session.id)!);
    expect((await deliver(succeeded, signed(succeeded))).statusCode).toBe(200);
    expect((await orderNow(order.id)).paymentStatus).toBe('paid');
    expect(await countWhere(licenses, order.id)).toBe(1);
  });

  it('a failed delayed payment leaves the order unpaid, tells the customer and frees the promotion use', async () => {
    const user = await createUserWithSession(t.db);
    const { promotion, promo } = await insertPromotion(t.db, { code: 'ASYNCFAIL', percentOff: 10, maxRedemptions: 1 });
    const { session, order } = await stripeCheckout(user, { 12: 1 }, promo);
    fake.complete(session.id, 'unpaid');
    const failed = event('checkout.session.async_payment_failed', fake.sessions.get(session.id)!);
    expect((await deliver(failed, signed(failed))).statusCode).toBe(200);
    const after = await orderNow(order.id);
    expect(after.paymentStatus).toBe('failed');
    expect(after.paidAt).toBeNull();
    expect(await countWhere(invoices, order.id)).toBe(0);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => [n.type, n.title])).toEqual([['payment_failed', 'Payment failed']]);
    expect((await t.db.select().from(promotionCodes).where(eq(promotionCodes.id, promotion.id)))[0]!.timesRedeemed).toBe(0);
    expect(await t.db.select().from(promotionRedemptions).where(eq(promotionRedemptions.orderId, order.id))).toHaveLength(0);
    // Delivered again: still one notification.
    await deliver(failed, signed(failed));
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(1);
  });

  it('an expired session ends the order quietly', async () => {
    const user = await createUserWithSession(t.db);
    const { session, order } = await stripeCheckout(user, { 10: 1 });
    fake.expire(session.id);
    const expired = event('checkout.session.expired', fake.sessions.get(session.id)!);
    expect((await deliver(expired, signed(expired))).statusCode).toBe(200);
    expect((await orderNow(order.id)).paymentStatus).toBe('failed');
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(0);
  });

  it('acknowledges event types it does not handle', async () => {
    const payload = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
    expect((await deliver(payload, signed(payload))).statusCode).toBe(200);
  });
});

describe('abandoned Stripe checkouts', () => {
  it('a new checkout expires the customer’s open session at Stripe and gives its promotion use back', async () => {
    const user = await createUserWithSession(t.db);
    const { promotion, promo } = await insertPromotion(t.db, { code: 'STRIPEONCE', amountOffCents: 1000, oncePerCustomer: true, maxRedemptions: 1 });
    const first = await stripeCheckout(user, { 11: 1 }, promo);
    // The customer comes back from Stripe (cancel_url, no event) and confirms again.
    const second = await stripeCheckout(user, { 11: 1 }, promo);
    expect(fake.sessions.get(first.session.id)!.status).toBe('expired');
    expect(fake.requests.some((r) => r.path === `/v1/checkout/sessions/${first.session.id}/expire`)).toBe(true);
    expect((await orderNow(first.order.id)).paymentStatus).toBe('failed');
    expect((await orderNow(second.order.id)).paymentStatus).toBe('unpaid');
    const uses = async () => (await t.db.select().from(promotionCodes).where(eq(promotionCodes.id, promotion.id)))[0]!.timesRedeemed;
    expect(await uses()).toBe(1);
    // Stripe's expired event arrives later: nothing more changes.
    const expired = event('checkout.session.expired', fake.sessions.get(first.session.id)!);
    expect((await deliver(expired, signed(expired))).statusCode).toBe(200);
    expect(await uses()).toBe(1);
    fake.complete(second.session.id);
    const paid = event('checkout.session.completed', fake.sessions.get(second.session.id)!);
    expect((await deliver(paid, signed(paid))).statusCode).toBe(200);
    expect((await orderNow(second.order.id)).paymentStatus).toBe('paid');
    expect(await uses()).toBe(1);
    expect(await t.db.select().from(promotionRedemptions).where(eq(promotionRedemptions.promotionId, promotion.id))).toHaveLength(1);
  });

  it('keeps an order whose session Stripe will not expire (already paid), and counts its once-per-customer use', async () => {
    const user = await createUserWithSession(t.db);
    const { promotion, promo } = await insertPromotion(t.db, { code: 'STRIPEPAID', amountOffCents: 1000, oncePerCustomer: true });
    const first = await stripeCheckout(user, { 11: 1 }, promo);
    // Paid at Stripe, webhook not here yet.
    fake.complete(first.session.id);
    const again = await postCheckout(t.app, user.headers, onePaymentBody(cartOf({ 11: 1 }), { promo }));
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You have already used this promo code');
    expect((await orderNow(first.order.id)).paymentStatus).toBe('unpaid');
    expect((await reconcilePayments(t.ctx, log)).errors).toBe(0);
    expect((await orderNow(first.order.id)).paymentStatus).toBe('paid');
    expect((await t.db.select().from(promotionCodes).where(eq(promotionCodes.id, promotion.id)))[0]!.timesRedeemed).toBe(1);
  });
});

describe('reconciliation with Stripe', () => {
  it('fulfils a paid session whose webhook never arrived, and ends an expired one', async () => {
    // Three customers: a customer's new checkout would expire their own earlier session.
    const user = await createUserWithSession(t.db);
    const lost = await stripeCheckout(user, { 12: 1 });
    const gone = await stripeCheckout(await createUserWithSession(t.db), { 10: 1 });
    const open = await stripeCheckout(await createUserWithSession(t.db), { 11: 1 });
    fake.complete(lost.session.id);
    fake.expire(gone.session.id);

    const report = await reconcilePayments(t.ctx, log);
    expect(report.errors).toBe(0);
    expect(report.fulfilled).toBeGreaterThanOrEqual(1);
    expect(await orderNow(lost.order.id)).toMatchObject({ paymentStatus: 'paid', paymentIntentId: fake.sessions.get(lost.session.id)!.payment_intent });
    expect(await countWhere(licenses, lost.order.id)).toBe(1);
    expect((await mailTo(t.app, user.email)).map((m) => m.subject)).toEqual([`Your LentiBooth receipt for order #${lost.order.id}`]);
    expect((await orderNow(gone.order.id)).paymentStatus).toBe('failed');
    expect((await orderNow(open.order.id)).paymentStatus).toBe('unpaid');

    await reconcilePayments(t.ctx, log);
    expect(await countWhere(invoices, lost.order.id)).toBe(1);
    expect(await mailTo(t.app, user.email)).toHaveLength(1);
  });
});
