import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { cartOf, onePaymentBody, postCheckout } from '../../../test/checkout-fixtures';
import { fakeStripeEnv, signedStripeEvent, startFakeStripe, type FakeStripe } from '../../../test/fake-stripe-server';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { adminNotifications, licenses, orders, refunds } from '../../db/schema';

/*
 * Cancelling an unpaid order paid through Stripe: its Checkout session is expired at Stripe. A
 * payment that completes anyway arrives as Stripe sends it, a signed webhook.
 */

const WEBHOOK_SECRET = 'whsec_test_cancel';

let fake: FakeStripe;
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test', ...fakeStripeEnv(fake, WEBHOOK_SECRET) });
  admin = await createAdminWithSession(t.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function stripeCheckout(user: TestUser, lines: Record<number, number>) {
  const res = await postCheckout(t.app, user.headers, onePaymentBody(cartOf(lines)));
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(res.json().url)![1]!;
  return (await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId)))[0]!;
}
const cancel = (orderId: number) =>
  t.app.inject({ method: 'POST', url: `/api/order/admin/${orderId}/cancel`, headers: admin.headers, payload: { id: crypto.randomUUID(), reason: 'Asked by phone' } });

describe('cancelling a Stripe order', () => {
  it('expires its open Checkout session at Stripe', async () => {
    const user = await createUserWithSession(t.db);
    const order = await stripeCheckout(user, { 11: 1 });
    const res = await cancel(order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.payment_status).toBe('cancelled');
    expect(fake.sessions.get(order.paymentSessionId!)!.status).toBe('expired');
  });

  it('a session Stripe had completed already: its payment, arriving after the cancel, delivers nothing and is refunded', async () => {
    const user = await createUserWithSession(t.db);
    const order = await stripeCheckout(user, { 11: 1 });
    const session = fake.complete(order.paymentSessionId!);
    expect((await cancel(order.id)).statusCode).toBe(200);
    const { payload, signature } = signedStripeEvent('checkout.session.completed', session, WEBHOOK_SECRET);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ paymentStatus: 'refunded' });
    expect(await t.db.select().from(licenses).where(eq(licenses.orderId, order.id))).toHaveLength(0);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ origin: 'late_payment', provider: 'stripe', amountCents: order.totalCents });
    const notices = await t.db.select().from(adminNotifications).where(eq(adminNotifications.subjectUserId, user.id));
    expect(notices.map((n) => n.title)).toContain(`Order #${order.id} was paid after it was cancelled; the payment was refunded automatically`);
  });
});
