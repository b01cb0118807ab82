import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { cartOf, insertPromotion, onePaymentBody, postCheckout, SG_ADDRESS } from '../../../test/checkout-fixtures';
import { createAdminWithSession, createUserWithSession } from '../../../test/fixtures';
import { adminNotifications, invoices, licenses, notifications, orders, paymentEvents, promotionCodes, promotionRedemptions } from '../../db/schema';
import { fulfilOrder } from './fulfil-order';
import { markLocalSessionPaid } from './local-provider';

/*
 * fulfilOrder has two guards against fulfilling one payment twice: the order row, locked and
 * checked for 'paid', and the fulfilment record in payment_events (one per payment session).
 * Each test below is passed by one guard alone, so removing either one fails a test; on
 * PostgreSQL the concurrent case also fails when the row lock and the record are both gone.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
});
afterAll(() => t?.close());

/** A customer's charged local session (two yearly licences, a promo code), not fulfilled yet. */
async function chargedSession(code: string) {
  const user = await createUserWithSession(t.db);
  const { promotion, promo } = await insertPromotion(t.db, { code, percentOff: 10 });
  const res = await postCheckout(t.app, user.headers, onePaymentBody(cartOf({ 12: 2 }), { promo }));
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = /\/dev\/pay\/(lps_[\w-]+)$/.exec(res.json().url)![1]!;
  expect(await markLocalSessionPaid(t.db, sessionId)).toBe(true);
  const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  return { user, promotionId: promotion.id, sessionId, orderId: order!.id };
}

const fulfil = (sessionId: string) => fulfilOrder(t.ctx, { provider: 'local', sessionId });

/** Everything one fulfilment produces, counted, to compare with exactly one fulfilment's worth. */
async function produced(s: Awaited<ReturnType<typeof chargedSession>>) {
  const rows = async (table: typeof invoices | typeof licenses | typeof promotionRedemptions) =>
    (await t.db.select().from(table).where(eq(table.orderId, s.orderId))).length;
  const notes = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, s.user.id), eq(notifications.type, 'license_purchase')));
  const [promotion] = await t.db.select().from(promotionCodes).where(eq(promotionCodes.id, s.promotionId));
  return {
    invoices: await rows(invoices),
    licenses: await rows(licenses),
    redemptions: await rows(promotionRedemptions),
    notifications: notes.length,
    receipts: (await mailTo(t.app, s.user.email)).length,
    promotionUses: promotion!.timesRedeemed,
  };
}
const ONCE = { invoices: 1, licenses: 2, redemptions: 1, notifications: 1, receipts: 1, promotionUses: 1 };

describe('fulfilment of one payment happens once', () => {
  it('whether the payment is reported concurrently or again later', async () => {
    const s = await chargedSession('ONCE-ONLY');
    const racing = await Promise.all(Array.from({ length: 6 }, () => fulfil(s.sessionId)));
    const later = [await fulfil(s.sessionId), await fulfil(s.sessionId)];
    const statuses = [...racing, ...later].map((r) => r.status);
    expect(statuses.filter((status) => status === 'fulfilled')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'already_fulfilled')).toHaveLength(7);
    expect(await produced(s)).toEqual(ONCE);
  });

  it('the paid order refuses a replay by itself, without the fulfilment record', async () => {
    const s = await chargedSession('ORDER-GUARD');
    expect((await fulfil(s.sessionId)).status).toBe('fulfilled');
    await t.db.delete(paymentEvents).where(eq(paymentEvents.id, `fulfil:local:${s.sessionId}`));
    expect(await fulfil(s.sessionId)).toEqual({ status: 'already_fulfilled', orderId: s.orderId });
    expect(await produced(s)).toEqual(ONCE);
  });

  it('the fulfilment record refuses a replay of the session by itself, whatever the order row says', async () => {
    const s = await chargedSession('EVENT-GUARD');
    expect((await fulfil(s.sessionId)).status).toBe('fulfilled');
    // As if the order row had been rewritten since (a restore, a status change by hand).
    await t.db.update(orders).set({ paymentStatus: 'unpaid' }).where(eq(orders.id, s.orderId));
    expect(await fulfil(s.sessionId)).toEqual({ status: 'already_fulfilled', orderId: s.orderId });
    expect(await produced(s)).toEqual(ONCE);
  });
});

describe('a paid order to ship', () => {
  it('tells the buyer and the admins\' feed the same destination, city and country by name', async () => {
    const admin = await createAdminWithSession(t.db);
    const buyer = await createUserWithSession(t.db);
    const shipping = { ...SG_ADDRESS, address: '1 Jalan Ampang', city: 'Kuala Lumpur', state: 'Kuala Lumpur', zip: '50450', country: 'MY' };
    const res = await postCheckout(t.app, buyer.headers, onePaymentBody(cartOf({ 1: 1 }), { shipping }));
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = /\/dev\/pay\/(lps_[\w-]+)$/.exec(res.json().url)![1]!;
    expect(await markLocalSessionPaid(t.db, sessionId)).toBe(true);
    expect((await fulfil(sessionId)).status).toBe('fulfilled');

    const [toBuyer] = await t.db.select().from(notifications).where(and(eq(notifications.userId, buyer.id), eq(notifications.type, 'product_order')));
    expect(toBuyer!.message).toContain('is paid and will be shipped to Kuala Lumpur, Malaysia. We will email you');
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, admin.id))).toEqual([]);
    const [toAdmin] = await t.db.select().from(adminNotifications).where(eq(adminNotifications.subjectUserId, buyer.id));
    expect(toAdmin!.message).toContain('To ship to Kuala Lumpur, Malaysia: set its status');
  });
});
