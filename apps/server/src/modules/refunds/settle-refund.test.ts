import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { cartOf, onePaymentBody, postCheckout } from '../../../test/checkout-fixtures';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { adminNotifications, creditNotes, licenses, orderLines, orders, refunds } from '../../db/schema';
import { createRefund } from './create-refund';
import type { RefundProvider } from './refund-provider';
import { PROVIDER_REFUND_REASON, settleProviderRefund } from './settle-refund';

/*
 * settleProviderRefund is where the API's answer, the provider's webhooks and reconciliation meet:
 * whichever comes first settles the refund, the others change nothing.
 */

const YEARLY = 12;
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

const sessionOf = (url: string) => /\/dev\/pay\/(lps_[\w-]+)$/.exec(url)![1]!;
async function paidOrder(user: TestUser, lines: Record<number, number>) {
  const res = await postCheckout(t.app, user.headers, onePaymentBody(cartOf(lines), { email: user.email }));
  const session = sessionOf(res.json().url);
  await t.app.inject({ method: 'POST', url: `/dev/pay/${session}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  return (await t.db.select().from(orders).where(eq(orders.paymentSessionId, session)))[0]!;
}
const actor = () => ({ id: admin.id, email: admin.email, ip: null });
/** A provider that answers later (Stripe's pending refunds): the webhook settles them. */
const answersPending = (providerRefundId: string): RefundProvider => ({ refund: async () => ({ state: 'pending', providerRefundId }) });

describe('settleProviderRefund', () => {
  it('a webhook settles a pending refund once; the API answer and repeats after it change nothing', async () => {
    const user = await createUserWithSession(t.db);
    const order = await paidOrder(user, { [YEARLY]: 1 });
    const id = crypto.randomUUID();
    const pending = await createRefund(t.ctx, actor(), order.id, { id, mode: 'amount', amount: 20, reason: 'Goodwill' }, { provider: answersPending('re_race_1') });
    expect(pending).toMatchObject({ state: 'pending', credit_note: null });
    const report = { provider: 'local' as const, providerRefundId: 're_race_1', amountCents: 2000, currency: 'usd', state: 'succeeded' as const };
    const results = await Promise.all([
      settleProviderRefund(t.ctx, report),
      settleProviderRefund(t.ctx, { ...report, refundId: id }),
      settleProviderRefund(t.ctx, { ...report, refundId: id, eventId: 'evt_2' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['succeeded', 'unchanged', 'unchanged']);
    expect(await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id))).toHaveLength(1);
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ refundedCents: 2000, paymentStatus: 'partially_refunded' });
    // A late failure report for a refund that succeeded changes nothing either.
    expect((await settleProviderRefund(t.ctx, { ...report, state: 'failed', failureReason: 'late' })).status).toBe('unchanged');
    expect((await mailTo(t.app, user.email)).filter((m) => /refund/i.test(m.subject))).toHaveLength(1);
  });

  it('a pending refund the provider later fails is failed, and nothing else changes', async () => {
    const user = await createUserWithSession(t.db);
    const order = await paidOrder(user, { [YEARLY]: 1 });
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const id = crypto.randomUUID();
    await createRefund(t.ctx, actor(), order.id, { id, mode: 'lines', lines: [{ order_line_id: line!.id, quantity: 1 }], reason: 'x' }, { provider: answersPending('re_fail_1') });
    const r = await settleProviderRefund(t.ctx, { provider: 'local', providerRefundId: 're_fail_1', amountCents: order.totalCents, currency: 'usd', state: 'failed', failureReason: 'expired_or_canceled_card' });
    expect(r.status).toBe('failed');
    expect((await t.db.select().from(refunds).where(eq(refunds.id, id)))[0]).toMatchObject({ state: 'failed', failureReason: 'expired_or_canceled_card' });
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ refundedCents: 0, paymentStatus: 'paid' });
    expect((await t.db.select().from(licenses).where(eq(licenses.orderId, order.id)))[0]!.revokedAt).toBeNull();
  });

  it('a refund made at the provider alone (webhook only) is written and settled like ours, and the admins are told', async () => {
    const user = await createUserWithSession(t.db);
    const order = await paidOrder(user, { [YEARLY]: 2 });
    await t.db.update(orders).set({ paymentIntentId: `pi_dash_${order.id}` }).where(eq(orders.id, order.id));
    const report = {
      provider: 'local' as const,
      providerRefundId: `re_dash_${order.id}`,
      paymentIntentId: `pi_dash_${order.id}`,
      amountCents: order.totalCents,
      currency: 'usd',
      state: 'succeeded' as const,
    };
    expect((await settleProviderRefund(t.ctx, report)).status).toBe('succeeded');
    expect((await settleProviderRefund(t.ctx, report)).status).toBe('unchanged');
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row).toMatchObject({ origin: 'provider', kind: 'lines', reason: PROVIDER_REFUND_REASON, state: 'succeeded', amountCents: order.totalCents, actorId: null });
    const keys = await t.db.select().from(licenses).where(eq(licenses.orderId, order.id)).orderBy(asc(licenses.createdAt));
    expect(keys.map((k) => k.revokedReason)).toEqual(['refunded', 'refunded']);
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ paymentStatus: 'refunded' });
    const notices = await t.db.select().from(adminNotifications).where(eq(adminNotifications.subjectUserId, user.id));
    expect(notices.some((n) => n.title.includes('at the payment provider'))).toBe(true);
    expect((await settleProviderRefund(t.ctx, { ...report, providerRefundId: 're_other', paymentIntentId: 'pi_nobody' })).status).toBe('unknown_order');
  });
});
