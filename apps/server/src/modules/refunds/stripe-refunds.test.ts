import { and, asc, count, eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRenewal } from '@lbs/domain/cart';
import { LICENSE_TERM_MS } from '@lbs/domain/license-terms';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { cartOf, onePaymentBody, postCheckout } from '../../../test/checkout-fixtures';
import {
  chargeRefundedEvent,
  fakeStripeEnv,
  refundEvent,
  signedStripeEvent,
  startFakeStripe,
  type FakeStripe,
} from '../../../test/fake-stripe-server';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { adminNotifications, creditNotes, licenses, orderLines, orders, paymentEvents, refunds } from '../../db/schema';
import { reconcileRefunds } from './reconcile-refunds';

/*
 * Refunds through Stripe (issue 23, DESIGN §6.2), end to end: the real SDK against the Stripe
 * stand-in, Stripe's signed webhooks posted to /api/payments/webhook. The back office's refund and
 * the webhooks meet on our refund id (metadata) or Stripe's `re_…` id, so whatever order they
 * arrive in, twice or at once, money goes back once, one credit note and one mail.
 */

const WEBHOOK_SECRET = 'whsec_refunds_secret';
const YEARLY = 12;
const MONTHLY = 11;
const ROLLER = 2;

let t: TestApp;
let fake: FakeStripe;
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

type Signed = { payload: string; signature: string };
const deliver = (event: Signed) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
async function delivered(event: Signed) {
  const res = await deliver(event);
  expect(res.statusCode, res.body).toBe(200);
}

/** Checks out through Stripe; unless `pay` is false, the session completes and its webhook fulfils the order. */
async function stripeBuy(user: TestUser, lines: Record<number, number>, opts: { cart?: ReturnType<typeof cartOf>; pay?: boolean } = {}) {
  const res = await postCheckout(t.app, user.headers, onePaymentBody(opts.cart ?? cartOf(lines), { email: user.email }));
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(res.json().url)![1]!;
  if (opts.pay !== false) {
    const session = fake.complete(sessionId);
    await delivered(signedStripeEvent('checkout.session.completed', session, WEBHOOK_SECRET));
  }
  const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  if (opts.pay !== false) expect(order).toMatchObject({ paymentStatus: 'paid', paymentIntentId: fake.sessions.get(sessionId)!.payment_intent });
  return { order: order!, sessionId, paymentIntent: fake.sessions.get(sessionId)!.payment_intent! };
}

const id = () => crypto.randomUUID();
const postRefund = (orderId: number, body: object) =>
  t.app.inject({ method: 'POST', url: `/api/order/admin/${orderId}/refunds`, headers: admin.headers, payload: body });
const postCancel = (orderId: number, body: object) =>
  t.app.inject({ method: 'POST', url: `/api/order/admin/${orderId}/cancel`, headers: admin.headers, payload: body });
const orderById = async (orderId: number) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const linesOf = (orderId: number) => t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
const refundsOf = (orderId: number) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
const creditNotesOf = (orderId: number) => t.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
const refundMails = async (user: TestUser) => (await mailTo(t.app, user.email)).filter((m) => /refund/i.test(m.subject));
const lastCreditNoteNo = async () => Number((await t.db.select({ n: max(creditNotes.creditNoteNo) }).from(creditNotes))[0]!.n ?? 0);
const log = { info() {}, warn() {}, error() {} } as never;
/**
 * The refunds' reconciliation as it runs a few minutes from now (pending refunds younger than a
 * minute are left alone). The payments' reconciliation runs it (payments/local-checkout.test.ts).
 */
const reconcileLater = () => reconcileRefunds(t.ctx, log, new Date(Date.now() + 5 * 60_000));
const stripeRefundCalls = (refundId: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.idempotencyKey === `refund-${refundId}`);

describe('a back-office refund through Stripe', () => {
  it('refunds on the PaymentIntent, then its webhooks change nothing more: one refund, one credit note, one mail', async () => {
    const user = await createUserWithSession(t.db);
    const { order, paymentIntent } = await stripeBuy(user, { [YEARLY]: 2 });
    const [line] = await linesOf(order.id);
    await mailTo(t.app, user.email);
    const refundId = id();
    const res = await postRefund(order.id, { id: refundId, mode: 'lines', lines: [{ order_line_id: line!.id, quantity: 1 }], reason: 'One key too many' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: refundId, state: 'succeeded', amount: 1500, origin: 'admin', credit_note: expect.stringMatching(/^CN-\d+$/) });

    const [call] = stripeRefundCalls(refundId);
    expect(call!.body).toEqual({ payment_intent: paymentIntent, amount: '150000', metadata: { refund_id: refundId, order_id: String(order.id) }, reason: 'requested_by_customer' });
    const [atStripe] = fake.refundsOf(paymentIntent);
    const [row] = await refundsOf(order.id);
    expect(row).toMatchObject({ id: refundId, state: 'succeeded', provider: 'stripe', providerRefundId: atStripe!.id });
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 150000 });

    // Stripe's webhooks about it arrive afterwards, one of them twice.
    const created = refundEvent('refund.created', atStripe!, WEBHOOK_SECRET);
    await delivered(created);
    await delivered(created);
    await delivered(chargeRefundedEvent(fake, paymentIntent, WEBHOOK_SECRET));
    await delivered(refundEvent('refund.updated', atStripe!, WEBHOOK_SECRET));

    expect(fake.refundsOf(paymentIntent)).toHaveLength(1);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 150000 });
    expect(await refundMails(user)).toHaveLength(1);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, JSON.parse(created.payload).id))).toHaveLength(1);
  });

  it('a webhook that arrives before Stripe’s answer settles the refund; the answer then changes nothing', async () => {
    const user = await createUserWithSession(t.db);
    const { order, paymentIntent } = await stripeBuy(user, { [YEARLY]: 1 });
    await mailTo(t.app, user.email);
    const held = fake.holdNextRefund();
    const refundId = id();
    const answer = postRefund(order.id, { id: refundId, mode: 'amount', amount: 1500, reason: 'Raced' });
    const refund = await held.created;
    // The refund exists at Stripe; its webhooks reach us while our request still waits for the answer.
    await Promise.all([delivered(refundEvent('refund.created', refund, WEBHOOK_SECRET)), delivered(chargeRefundedEvent(fake, paymentIntent, WEBHOOK_SECRET))]);
    expect((await refundsOf(order.id))[0]).toMatchObject({ id: refundId, state: 'succeeded', providerRefundId: refund.id });
    held.release();
    const res = await answer;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: refundId, state: 'succeeded' });
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 150000 });
    expect(await refundMails(user)).toHaveLength(1);
  });

  it('a doubled click (the same refund id twice at once) refunds once at Stripe', async () => {
    const user = await createUserWithSession(t.db);
    const { order, paymentIntent } = await stripeBuy(user, { [YEARLY]: 1, [ROLLER]: 1 });
    const body = { id: id(), mode: 'amount', amount: 200, reason: 'Goodwill' };
    const [a, b] = await Promise.all([postRefund(order.id, body), postRefund(order.id, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().id).toBe(body.id);
    expect(b.json().id).toBe(body.id);
    // The last answer may still be pending if it settles first; the row is settled once.
    expect(fake.refundsOf(paymentIntent)).toHaveLength(1);
    expect(stripeRefundCalls(body.id).length).toBeGreaterThanOrEqual(1);
    expect(await refundsOf(order.id)).toMatchObject([{ id: body.id, state: 'succeeded', amountCents: 20000 }]);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect((await orderById(order.id)).refundedCents).toBe(20000);
  });

  it('a refund Stripe fails is shown failed and changes nothing else; the next one takes the next credit note number', async () => {
    const user = await createUserWithSession(t.db);
    const { order, paymentIntent } = await stripeBuy(user, { [YEARLY]: 1 });
    await mailTo(t.app, user.email);
    const before = await lastCreditNoteNo();
    fake.nextRefunds({ status: 'failed', failureReason: 'expired_or_canceled_card' });
    const failed = await postRefund(order.id, { id: id(), mode: 'amount', amount: 100, reason: 'Card gone' });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ state: 'failed', credit_note: null, failure_reason: expect.stringMatching(/expired or was cancelled/) });
    // Stripe's own word on it arrives too.
    const [atStripe] = fake.refundsOf(paymentIntent);
    await delivered(refundEvent('refund.failed', atStripe!, WEBHOOK_SECRET));
    // Refused outright (a 4xx): failed too, no refund at Stripe.
    fake.nextRefunds({ status: 'error', httpStatus: 402, message: 'Your card was declined.', code: 'card_declined' });
    const refused = await postRefund(order.id, { id: id(), mode: 'amount', amount: 100, reason: 'Declined' });
    expect(refused.json()).toMatchObject({ state: 'failed', failure_reason: 'Your card was declined.' });

    expect(await orderById(order.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 0 });
    expect(await creditNotesOf(order.id)).toHaveLength(0);
    expect(await refundMails(user)).toHaveLength(0);
    expect(await lastCreditNoteNo()).toBe(before);
    expect((await t.db.select().from(licenses).where(eq(licenses.orderId, order.id)))[0]!.revokedAt).toBeNull();

    const ok = await postRefund(order.id, { id: id(), mode: 'amount', amount: 100, reason: 'Now it works' });
    expect(ok.json()).toMatchObject({ state: 'succeeded', credit_note: `CN-${before + 1}` });
  });

  it('a pending refund is settled later by refund.updated (and one that fails later by refund.failed)', async () => {
    const user = await createUserWithSession(t.db);
    const { order, paymentIntent } = await stripeBuy(user, { [YEARLY]: 1 });
    await mailTo(t.app, user.email);
    fake.nextRefunds({ status: 'pending' }, { status: 'pending' });
    const first = await postRefund(order.id, { id: id(), mode: 'amount', amount: 300, reason: 'Slow bank' });
    expect(first.json()).toMatchObject({ state: 'pending', credit_note: null });
    const second = await postRefund(order.id, { id: id(), mode: 'amount', amount: 200, reason: 'Slow bank again' });
    expect(second.json()).toMatchObject({ state: 'pending' });
    const [one, two] = fake.refundsOf(paymentIntent);
    await delivered(refundEvent('refund.created', one!, WEBHOOK_SECRET));
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 0 });
    expect(await creditNotesOf(order.id)).toHaveLength(0);

    await delivered(refundEvent('refund.updated', fake.settleRefund(one!.id, 'succeeded'), WEBHOOK_SECRET));
    await delivered(refundEvent('refund.failed', fake.settleRefund(two!.id, 'failed', 'declined'), WEBHOOK_SECRET));
    const rows = await refundsOf(order.id);
    expect(rows.find((r) => r.id === first.json().id)).toMatchObject({ state: 'succeeded' });
    expect(rows.find((r) => r.id === second.json().id)).toMatchObject({ state: 'failed', failureReason: "The card's bank declined the refund." });
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 30000 });
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect(await refundMails(user)).toHaveLength(1);
  });

  it('a renewal line refunded through Stripe takes back only the term it added', async () => {
    const user = await createUserWithSession(t.db);
    const { order: first } = await stripeBuy(user, { [MONTHLY]: 1 });
    const [key] = await t.db.select().from(licenses).where(eq(licenses.orderId, first.id));
    const before = key!.expiresAt!;
    const { order: renewal, paymentIntent } = await stripeBuy(user, {}, { cart: addRenewal(cartOf({}), MONTHLY, { id: key!.id, key: key!.licenseKey }) });
    const renewed = (await t.db.select().from(licenses).where(eq(licenses.id, key!.id)))[0]!;
    expect(renewed.expiresAt!.getTime()).toBe(before.getTime() + LICENSE_TERM_MS.month!);
    const [line] = await linesOf(renewal.id);
    const res = await postRefund(renewal.id, { id: id(), mode: 'lines', lines: [{ order_line_id: line!.id, quantity: 1 }], reason: 'Renewed by mistake' });
    expect(res.json()).toMatchObject({ state: 'succeeded' });
    expect(fake.refundsOf(paymentIntent)).toMatchObject([{ amount: renewal.totalCents, status: 'succeeded' }]);
    const after = (await t.db.select().from(licenses).where(eq(licenses.id, key!.id)))[0]!;
    expect(after.expiresAt!.getTime()).toBe(before.getTime());
    expect(after.revokedAt).toBeNull();
    expect(await orderById(renewal.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: renewal.totalCents });
  });
});

describe('an order paid before PaymentIntents were stored', () => {
  it('finds its PaymentIntent from the Checkout session, keeps it, and its dashboard refunds are found by it afterwards', async () => {
    const user = await createUserWithSession(t.db);
    const { order, sessionId, paymentIntent } = await stripeBuy(user, { [YEARLY]: 1 });
    await t.db.update(orders).set({ paymentIntentId: null }).where(eq(orders.id, order.id));
    const res = await postRefund(order.id, { id: id(), mode: 'amount', amount: 10, reason: 'Legacy order' });
    expect(res.json()).toMatchObject({ state: 'succeeded' });
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`)).toBe(true);
    expect(fake.refundsOf(paymentIntent)).toMatchObject([{ amount: 1000, metadata: { refund_id: res.json().id } }]);
    expect((await orderById(order.id)).paymentIntentId).toBe(paymentIntent);
    const dashboard = fake.refundInDashboard(paymentIntent, 500);
    await delivered(refundEvent('refund.created', dashboard, WEBHOOK_SECRET));
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 1500 });
  });
});

describe('a refund made in the Stripe dashboard (webhook only)', () => {
  it('ends in the same state as one made in the back office', async () => {
    const user = await createUserWithSession(t.db);
    const viaDashboard = await stripeBuy(user, { [YEARLY]: 2 });
    const viaBackOffice = await stripeBuy(user, { [YEARLY]: 2 });
    await mailTo(t.app, user.email);

    const refund = fake.refundInDashboard(viaDashboard.paymentIntent, 150000);
    expect(refund.metadata).toEqual({});
    // charge.refunded without its refunds listed (as Stripe sends it today): they are asked of Stripe.
    await Promise.all([
      delivered(refundEvent('refund.created', refund, WEBHOOK_SECRET)),
      delivered(chargeRefundedEvent(fake, viaDashboard.paymentIntent, WEBHOOK_SECRET, { expandRefunds: false })),
    ]);
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === '/v1/refunds' && r.body.charge === fake.paymentIntents.get(viaDashboard.paymentIntent)!.charge)).toBe(true);
    await postRefund(viaBackOffice.order.id, { id: id(), mode: 'amount', amount: 1500, reason: 'Same amount' });

    const dashboardOrder = await orderById(viaDashboard.order.id);
    const backOfficeOrder = await orderById(viaBackOffice.order.id);
    expect(dashboardOrder).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 150000 });
    expect(backOfficeOrder).toMatchObject({ paymentStatus: dashboardOrder.paymentStatus, refundedCents: dashboardOrder.refundedCents });
    const [row] = await refundsOf(viaDashboard.order.id);
    expect(row).toMatchObject({ origin: 'provider', state: 'succeeded', providerRefundId: refund.id, amountCents: 150000, provider: 'stripe' });
    expect(await refundsOf(viaDashboard.order.id)).toHaveLength(1);
    expect(await creditNotesOf(viaDashboard.order.id)).toHaveLength(1);
    expect(await creditNotesOf(viaBackOffice.order.id)).toHaveLength(1);
    expect(await refundMails(user)).toHaveLength(2);
    const notices = await t.db.select().from(adminNotifications).where(eq(adminNotifications.subjectUserId, user.id));
    expect(notices.filter((n) => n.title.includes('at the payment provider'))).toHaveLength(1);

    // The rest, in the dashboard too: refunded in full.
    const rest = fake.refundInDashboard(viaDashboard.paymentIntent);
    await delivered(chargeRefundedEvent(fake, viaDashboard.paymentIntent, WEBHOOK_SECRET));
    await delivered(refundEvent('refund.created', rest, WEBHOOK_SECRET));
    expect(await orderById(viaDashboard.order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: dashboardOrder.totalCents });
    expect(await refundsOf(viaDashboard.order.id)).toHaveLength(2);
    expect(await creditNotesOf(viaDashboard.order.id)).toHaveLength(2);
  });

  it('a refund for a payment we do not know is acknowledged and writes nothing', async () => {
    const notOurs = { ...fake.refundInDashboard((await stripeBuy(await createUserWithSession(t.db), { [ROLLER]: 1 })).paymentIntent, 100), payment_intent: 'pi_not_ours' };
    const refundsBefore = Number((await t.db.select({ n: count() }).from(refunds))[0]!.n);
    const res = await deliver(signedStripeEvent('refund.created', notOurs, WEBHOOK_SECRET));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(Number((await t.db.select({ n: count() }).from(refunds))[0]!.n)).toBe(refundsBefore);
  });
});

describe('cancelling a Stripe order', () => {
  it('expires its open session at Stripe; a payment completing after the cancel is refunded automatically and the admins told', async () => {
    const user = await createUserWithSession(t.db);
    const { order, sessionId } = await stripeBuy(user, { [YEARLY]: 1 }, { pay: false });
    const res = await postCancel(order.id, { id: id(), reason: 'Customer changed their mind' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund: null, order: { payment_status: 'cancelled' } });
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
    expect(fake.sessions.get(sessionId)!.status).toBe('expired');

    // The customer's payment went through at Stripe meanwhile, and its webhook arrives after the cancel.
    const session = fake.complete(sessionId);
    await delivered(signedStripeEvent('checkout.session.completed', session, WEBHOOK_SECRET));
    const [atStripe] = fake.refundsOf(session.payment_intent!);
    expect(atStripe).toMatchObject({ amount: order.totalCents, status: 'succeeded', metadata: { order_id: String(order.id) } });
    const [row] = await refundsOf(order.id);
    expect(row).toMatchObject({ origin: 'late_payment', state: 'succeeded', providerRefundId: atStripe!.id, amountCents: order.totalCents });
    expect(atStripe!.metadata.refund_id).toBe(row!.id);
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: order.totalCents });
    expect(await t.db.select().from(licenses).where(eq(licenses.orderId, order.id))).toHaveLength(0);
    const notices = await t.db.select().from(adminNotifications).where(eq(adminNotifications.subjectUserId, user.id));
    expect(notices.some((n) => n.title.includes('paid after it was cancelled'))).toBe(true);
    // Its webhooks and the same completion again change nothing more.
    await delivered(refundEvent('refund.created', atStripe!, WEBHOOK_SECRET));
    await delivered(signedStripeEvent('checkout.session.completed', session, WEBHOOK_SECRET));
    expect(fake.refundsOf(session.payment_intent!)).toHaveLength(1);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect(await t.db.select().from(refunds).where(and(eq(refunds.orderId, order.id)))).toHaveLength(1);
  });
});

describe('reconciliation of Stripe refunds', () => {
  it('a refund whose request failed (Stripe 5xx) stays pending, and reconciliation refunds it once under the same key', async () => {
    const user = await createUserWithSession(t.db);
    const { order, paymentIntent } = await stripeBuy(user, { [YEARLY]: 1 });
    const boom = { status: 'error', httpStatus: 500, message: 'An unknown error occurred' } as const;
    fake.nextRefunds(boom, boom, boom);
    const refundId = id();
    const res = await postRefund(order.id, { id: refundId, mode: 'amount', amount: 50, reason: 'Stripe was down' });
    expect(res.json()).toMatchObject({ id: refundId, state: 'pending' });
    expect(fake.refundsOf(paymentIntent)).toHaveLength(0);
    await reconcileLater();
    await reconcileLater();
    expect(fake.refundsOf(paymentIntent)).toHaveLength(1);
    expect(new Set(stripeRefundCalls(refundId).map((r) => r.idempotencyKey))).toEqual(new Set([`refund-${refundId}`]));
    expect(await refundsOf(order.id)).toMatchObject([{ id: refundId, state: 'succeeded' }]);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
  });

  it('a pending refund whose webhooks were lost is asked about, never made again', async () => {
    const user = await createUserWithSession(t.db);
    const { order, paymentIntent } = await stripeBuy(user, { [YEARLY]: 1 });
    fake.nextRefunds({ status: 'pending' });
    const ours = await postRefund(order.id, { id: id(), mode: 'amount', amount: 70, reason: 'Slow bank' });
    expect(ours.json()).toMatchObject({ state: 'pending' });
    // Made in the dashboard, still pending: its webhook writes it as pending.
    const dashboard = fake.refundInDashboard(paymentIntent, 3000, 'pending');
    await delivered(refundEvent('refund.created', dashboard, WEBHOOK_SECRET));
    expect(await refundsOf(order.id)).toHaveLength(2);
    expect((await refundsOf(order.id)).every((r) => r.state === 'pending')).toBe(true);

    await reconcileLater();
    expect(fake.refundsOf(paymentIntent)).toHaveLength(2);
    expect((await refundsOf(order.id)).every((r) => r.state === 'pending')).toBe(true);

    // Both settle at Stripe; their webhooks never come.
    fake.settleRefund(fake.refundsOf(paymentIntent)[0]!.id, 'succeeded');
    fake.settleRefund(dashboard.id, 'succeeded');
    await reconcileLater();
    expect(fake.refundsOf(paymentIntent)).toHaveLength(2);
    expect((await refundsOf(order.id)).map((r) => r.state)).toEqual(['succeeded', 'succeeded']);
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 7000 + 3000 });
    expect(await creditNotesOf(order.id)).toHaveLength(2);
  });
});
