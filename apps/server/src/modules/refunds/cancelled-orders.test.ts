import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_MSG } from '@lbs/domain/carriers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { cartOf, onePaymentBody, postCheckout } from '../../../test/checkout-fixtures';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { adminAudit, orderLines, orders } from '../../db/schema';
import { cancelOrder } from './cancel-order';
import type { RefundProvider } from './refund-provider';
import { settleRefund } from './settle-refund';

// Issue 37: a cancelled paid order read "Processing / Refunded", sat under the Processing filter and
// could not be told from work to do. It reads cancelled everywhere and leaves every work queue;
// cancelling while its refund is pending; unchanged when that refund fails (decision 0020).

const ROLLER = 2;
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1' });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

const sessionOf = (url: string) => /\/dev\/pay\/(lps_[\w-]+)$/.exec(url)![1]!;
/** A paid order that ships, taken into work (processing). */
async function processingOrder(user: TestUser) {
  const res = await postCheckout(t.app, user.headers, onePaymentBody(cartOf({ [ROLLER]: 1 }), { email: user.email }));
  const session = sessionOf(res.json().url);
  await t.app.inject({ method: 'POST', url: `/dev/pay/${session}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  const [order] = await t.db.update(orders).set({ status: 'processing' }).where(eq(orders.paymentSessionId, session)).returning();
  return order!;
}
const get = (url: string, headers = admin.headers) => t.app.inject({ method: 'GET', url, headers });
const idsOf = (res: { json(): { items: Array<{ order_id: number }> } }) => res.json().items.map((o) => o.order_id);
const shipped = (orderId: number) =>
  t.app.inject({ method: 'POST', url: '/api/order/admin/ship', headers: admin.headers, payload: { orders: [{ order_id: orderId, carrier: 'ups', track_num: '1Z999' }] } });
const actor = () => ({ id: admin.id, email: admin.email, ip: null });
const pendingProvider: RefundProvider = { refund: async (r) => ({ state: 'pending', providerRefundId: `lre_${r.refundId}` }) };

/** Where an order shows, as the admin's lists, the filters and the customer's list read it. */
async function seen(user: TestUser, orderId: number) {
  const all = (await get('/api/order/admin/all?page_size=100')).json().items as Array<{ order_id: number; status: string }>;
  const mine = (await get(`/api/order/user/${user.id}`, user.headers)).json().items as Array<{ order_id: number; status: string }>;
  const page = (await get(`/api/admin/customers/${user.id}/orders`)).json().items as Array<{ order_id: number; status: string }>;
  return {
    admin: all.find((o) => o.order_id === orderId)?.status,
    customer: mine.find((o) => o.order_id === orderId)?.status,
    customerPage: page.find((o) => o.order_id === orderId)?.status,
    processing: idsOf(await get('/api/order/admin/all?status=processing&page_size=100')).includes(orderId),
    cancelled: idsOf(await get('/api/order/admin/all?status=cancelled&page_size=100')).includes(orderId),
  };
}

describe('a cancelled order', () => {
  it('a cancelled paid order reads cancelled everywhere and leaves the Processing filter and shipping', async () => {
    const user = await createUserWithSession(t.db);
    const order = await processingOrder(user);
    const res = await t.app.inject({ method: 'POST', url: `/api/order/admin/${order.id}/cancel`, headers: admin.headers, payload: { id: crypto.randomUUID(), reason: 'Event cancelled' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    expect(await seen(user, order.id)).toEqual({ admin: 'cancelled', customer: 'cancelled', customerPage: 'cancelled', processing: false, cancelled: true });
    const ship = await shipped(order.id);
    expect(ship.json().results[0]).toMatchObject({ outcome: 'refused', detail: SHIPPING_MSG.cancelled });
    const edit = await t.app.inject({ method: 'PUT', url: `/api/order/${order.id}`, headers: admin.headers, payload: { status: 'shipped', track_num: 'x' } });
    expect(edit.statusCode).toBe(409);
  });

  it('reads cancelling while its refund is pending, cannot ship, and becomes cancelled when it succeeds', async () => {
    const user = await createUserWithSession(t.db);
    const order = await processingOrder(user);
    const refundId = crypto.randomUUID();
    const answer = await cancelOrder(t.ctx, actor(), order.id, { id: refundId, reason: 'Event cancelled' }, { provider: pendingProvider });
    expect(answer.order.status).toBe('cancelling');
    expect((await seen(user, order.id)).admin).toBe('cancelling');
    expect((await seen(user, order.id)).customer).toBe('cancelling');
    expect((await shipped(order.id)).json().results[0]).toMatchObject({ outcome: 'refused', detail: SHIPPING_MSG.cancelling });
    await settleRefund(t.ctx, { id: refundId, provider: 'local', amountCents: order.totalCents, currency: 'usd' }, { state: 'succeeded', providerRefundId: `lre_${refundId}` });
    expect((await seen(user, order.id)).admin).toBe('cancelled');
  });

  it('is unchanged when its refund fails', async () => {
    const user = await createUserWithSession(t.db);
    const order = await processingOrder(user);
    const refundId = crypto.randomUUID();
    await cancelOrder(t.ctx, actor(), order.id, { id: refundId, reason: 'Event cancelled' }, { provider: pendingProvider });
    await settleRefund(t.ctx, { id: refundId, provider: 'local', amountCents: order.totalCents, currency: 'usd' }, { state: 'failed', providerRefundId: null, failureReason: 'Card closed' });
    expect(await seen(user, order.id)).toMatchObject({ admin: 'processing', customer: 'processing', processing: true, cancelled: false });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'processing', paymentStatus: 'paid', cancelledAt: null });
  });

  it('an unpaid order cancelled reads cancelled', async () => {
    const user = await createUserWithSession(t.db);
    const res = await postCheckout(t.app, user.headers, onePaymentBody(cartOf({ [ROLLER]: 1 }), { email: user.email }));
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionOf(res.json().url)));
    const cancel = await t.app.inject({ method: 'POST', url: `/api/order/admin/${order!.id}/cancel`, headers: admin.headers, payload: { id: crypto.randomUUID(), reason: 'Abandoned' } });
    expect(cancel.json().order).toMatchObject({ status: 'cancelled', payment_status: 'cancelled' });
    expect((await seen(user, order!.id)).customerPage).toBe('cancelled');
  });
});

describe('refund and cancel audit rows', () => {
  it('carry the admin’s client address, as ACTIVITY shows it', async () => {
    const user = await createUserWithSession(t.db);
    const refunded = await processingOrder(user);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, refunded.id));
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/order/admin/${refunded.id}/refunds`,
      headers: admin.headers,
      remoteAddress: '203.0.113.7',
      payload: { id: crypto.randomUUID(), mode: 'lines', lines: [{ order_line_id: line!.id, quantity: 1 }], reason: 'Damaged' },
    });
    expect(refund.json().state).toBe('succeeded');
    const cancelled = await processingOrder(user);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/order/admin/${cancelled.id}/cancel`,
      headers: admin.headers,
      remoteAddress: '203.0.113.8',
      payload: { id: crypto.randomUUID(), reason: 'Event cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    const ipOf = async (action: string, orderId: number) =>
      (await t.db.select({ ip: adminAudit.ip }).from(adminAudit).where(and(eq(adminAudit.action, action), eq(adminAudit.targetId, String(orderId)))))[0]?.ip;
    expect(await ipOf('order.refunded', refunded.id)).toBe('203.0.113.7');
    expect(await ipOf('order.cancelled', cancelled.id)).toBe('203.0.113.8');
  });
});
