import { and, eq, inArray, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { cartOf, onePaymentBody, postCheckout, SG_ADDRESS } from '../../../test/checkout-fixtures';
import { fakeStripeEnv, startFakeStripe, type FakeSession, type FakeStripe } from '../../../test/fake-stripe-server';
import { createAdminWithSession, createUserWithSession, randomIp, type TestUser } from '../../../test/fixtures';
import { adminNotifications, notifications, orders } from '../../db/schema';
import { NOTIFICATION_CHANNEL } from './create-notification';
import { notifyAdmins } from './notify-admins';

/*
 * The back office's notices: the admins are told of a paid order, a declined payment and a
 * contact-form enquiry by one row of their shared feed, once, in the transaction of the event;
 * customers never are. Payments go through the real Stripe webhook against a Stripe-compatible
 * fake, so a replay is a real replay.
 */

const WEBHOOK_SECRET = 'whsec_admin_notices';
const signer = new Stripe('sk_test_signer');
let t: TestApp;
let fake: FakeStripe;
let admins: TestUser[];
let bystander: TestUser;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({
    RATE_LIMIT_DISABLED: '1',
    PUBLIC_URL: 'http://shop.test',
    ...fakeStripeEnv(fake, WEBHOOK_SECRET),
  });
  admins = [await createAdminWithSession(t.db), await createAdminWithSession(t.db)];
  // Any role but the customer's is an admin (spec §3): a 'support' account is told too.
  admins.push(await createUserWithSession(t.db, { role: 'support' }));
  bystander = await createUserWithSession(t.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let eventCounter = 0;
function webhook(type: string, session: FakeSession) {
  const payload = JSON.stringify({
    id: `evt_notice_${++eventCounter}_${Date.now()}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: session },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return () =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
}

async function checkout(buyer: TestUser, lines: Record<number, number>) {
  const res = await postCheckout(t.app, buyer.headers, onePaymentBody(cartOf(lines)));
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(res.json().url)![1]!;
  const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  return { sessionId, order: order! };
}

/** The admins' feed rows whose title names the order. */
async function noticesOf(orderId: number) {
  return t.db.select().from(adminNotifications).where(like(adminNotifications.title, `%order #${orderId} %`));
}

/** No admin gets a notification of their own for the event: their feed is shared. */
async function adminCopies(title: string) {
  const ids = admins.map((a) => a.id);
  return t.db.select().from(notifications).where(and(eq(notifications.title, title), inArray(notifications.userId, ids)));
}

describe('a paid order', () => {
  it('writes one feed row naming the order, the buyer and the amount, about the buyer; the buyer gets only their own', async () => {
    const buyer = await createUserWithSession(t.db);
    const { sessionId, order } = await checkout(buyer, { 12: 2 });
    fake.complete(sessionId);
    expect((await webhook('checkout.session.completed', fake.sessions.get(sessionId)!)()).statusCode).toBe(200);

    const notices = await noticesOf(order.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      type: 'license_purchase',
      title: `New order #${order.id} paid by ${order.email} — $3,000.00`,
      message: '2 × Yearly License. License keys issued and mailed; nothing to ship.',
      subjectUserId: buyer.id,
      isRead: false,
      isDone: false,
    });
    expect(await adminCopies(notices[0]!.title)).toEqual([]);
    const own = await t.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(own.map((n) => n.type)).toEqual(['license_purchase']);
    expect(own[0]!.title).toBe('2 licenses purchased');
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, bystander.id))).toEqual([]);
  });

  it('is announced once when Stripe delivers the webhook again, concurrently and later', async () => {
    const buyer = await createUserWithSession(t.db);
    const { sessionId, order } = await checkout(buyer, { 1: 1, 11: 1 });
    fake.complete(sessionId);
    const deliver = webhook('checkout.session.completed', fake.sessions.get(sessionId)!);
    const first = await Promise.all(Array.from({ length: 5 }, deliver));
    expect(first.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect((await deliver()).statusCode).toBe(200);
    // A different event about the same session, as Stripe also sends.
    expect((await webhook('checkout.session.async_payment_succeeded', fake.sessions.get(sessionId)!)()).statusCode).toBe(200);

    const notices = await noticesOf(order.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.type).toBe('product_order');
    expect(notices[0]!.message).toContain(`To ship to ${SG_ADDRESS.city}, Singapore:`);
  });

  it('signals the admins’ streams and the buyer’s after the commit, and no other customer’s', async () => {
    const buyer = await createUserWithSession(t.db);
    const signals: string[] = [];
    const stop = await t.ctx.database.listen(NOTIFICATION_CHANNEL, (p) => signals.push(p));
    try {
      const { sessionId } = await checkout(buyer, { 10: 1 });
      fake.complete(sessionId);
      await webhook('checkout.session.completed', fake.sessions.get(sessionId)!)();
      const expected = ['admins', String(buyer.id)];
      await expect.poll(() => expected.every((id) => signals.includes(id)), { timeout: 5000 }).toBe(true);
      expect(signals).not.toContain(String(bystander.id));
      for (const a of admins) expect(signals).not.toContain(String(a.id));
    } finally {
      await stop();
    }
  });
});

describe('a declined payment', () => {
  it('tells the admins once, about the buyer, whatever the number of deliveries; an expired checkout tells nobody', async () => {
    const buyer = await createUserWithSession(t.db);
    const { sessionId, order } = await checkout(buyer, { 11: 1 });
    fake.complete(sessionId, 'unpaid');
    const failed = webhook('checkout.session.async_payment_failed', fake.sessions.get(sessionId)!);
    await Promise.all([failed(), failed()]);
    await failed();

    const notices = await noticesOf(order.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      subjectUserId: buyer.id,
      type: 'payment_failed',
      title: `Payment failed for order #${order.id} (${order.email}) — $150.00`,
    });
    // The customer keeps their own wording, once.
    const own = await t.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(own.map((n) => [n.type, n.title])).toEqual([['payment_failed', 'Payment failed']]);

    const quiet = await checkout(buyer, { 10: 1 });
    fake.expire(quiet.sessionId);
    await webhook('checkout.session.expired', fake.sessions.get(quiet.sessionId)!)();
    expect(await noticesOf(quiet.order.id)).toEqual([]);
  });
});

describe('a contact-form enquiry', () => {
  const send = (name: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/contact',
      remoteAddress: randomIp(),
      headers,
      payload: { name, email: 'rina@example.co.id', phone: '+62 21 555 0101', company: 'Jakarta Booths', message: 'A quote for 10,000 sheets, please.' },
    });

  it("writes one feed row, about nobody from a stranger, and no customer's or admin's own notification", async () => {
    expect((await send('Rina Wijaya')).statusCode).toBe(201);
    const title = 'New enquiry from Rina Wijaya (Jakarta Booths)';
    const rows = await t.db.select().from(adminNotifications).where(eq(adminNotifications.title, title));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'contact_message', subjectUserId: null });
    expect(await t.db.select().from(notifications).where(eq(notifications.title, title))).toEqual([]);
  });

  it('names the signed-in sender as the customer it is about', async () => {
    const sender = await createUserWithSession(t.db);
    expect((await send('Signed In', sender.headers)).statusCode).toBe(201);
    const [row] = await t.db.select().from(adminNotifications).where(eq(adminNotifications.title, 'New enquiry from Signed In (Jakarta Booths)'));
    expect(row).toMatchObject({ subjectUserId: sender.id });
  });
});

describe('notifyAdmins', () => {
  it('writes one feed row for all admins, and nothing if the transaction rolls back', async () => {
    const title = `probe ${Date.now()}`;
    await t.db
      .transaction(async (tx) => {
        expect(await notifyAdmins(tx, { type: 'contact_message', title, message: 'm' })).toEqual(expect.any(String));
        tx.rollback();
      })
      .catch(() => {});
    expect(await t.db.select().from(adminNotifications).where(eq(adminNotifications.title, title))).toEqual([]);

    const id = await t.db.transaction((tx) => notifyAdmins(tx, { type: 'contact_message', title, message: 'm', subjectUserId: bystander.id }));
    const rows = await t.db.select().from(adminNotifications).where(eq(adminNotifications.title, title));
    expect(rows).toEqual([expect.objectContaining({ id, subjectUserId: bystander.id, isRead: false, isDone: false })]);
    expect(await adminCopies(title)).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.title, title))).toEqual([]);
  });
});
