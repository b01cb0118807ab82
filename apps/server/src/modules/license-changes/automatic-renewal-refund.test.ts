import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_TERM_MS, truncateKey } from '@lbs/domain/license-terms';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { insertLicense, insertPaidOrder } from '../../../test/account-fixtures';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { insertOpenRenewalOrder, insertPaidLocalSession, licenseById, orderById } from '../../../test/renewal-fixtures';
import { licenses, notifications, orderLines, orders, renewalChoices } from '../../db/schema';
import { fulfilOrder } from '../payments/fulfil-order';

// A refund of an automatic renewal (decision 0021) takes back the term it paid for, as a manual
// renewal's refund does, and turns the licence's renewal off: the customer who asks for that money
// back is not charged the next term. The refund's one mail and notification say so.

const DAY = 24 * 3600 * 1000;

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

const postRefund = (orderId: number, body: object) =>
  t.app.inject({ method: 'POST', url: `/api/order/admin/${orderId}/refunds`, headers: admin.headers, payload: body });
const refundMails = async (email: string) => (await mailTo(t.app, email)).filter((m) => /refund/i.test(m.subject));

/** A Monthly licence that renews automatically, its term ending at E, renewed by its automatic renewal order (paid). */
async function renewedAutomatically(user: TestUser, E: Date) {
  const l = await insertLicense(t.db, user, { type: 'month', startAt: new Date(E.getTime() - LICENSE_TERM_MS.month!), expiresAt: E, deviceId: 'booth-a' });
  await t.db.update(licenses).set({ autoRenew: true, renewalPriceCents: 15000 }).where(eq(licenses.id, l.id));
  const { order } = await insertOpenRenewalOrder(t.db, await licenseById(t.db, l.id));
  const session = await insertPaidLocalSession(t.db, order.id, order.totalCents);
  const paid = await fulfilOrder(t.ctx, { provider: 'local', sessionId: session, amountCents: order.totalCents, currency: 'usd' });
  expect(paid.status).toBe('fulfilled');
  const renewed = await licenseById(t.db, l.id);
  expect(renewed.expiresAt!.getTime()).toBe(E.getTime() + LICENSE_TERM_MS.month!);
  const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  return { license: renewed, order: await orderById(t.db, order.id), line: line! };
}

describe('refunding an automatic renewal', () => {
  it('takes back its term, turns renewal off (recorded, system), and tells the customer in the refund’s one mail and notification', async () => {
    const user = await createUserWithSession(t.db, { firstName: 'Rafa' });
    const E = new Date(Date.now() + 2 * DAY);
    const { license, order, line } = await renewedAutomatically(user, E);
    await mailTo(t.app, user.email);

    const res = await postRefund(order.id, { id: crypto.randomUUID(), mode: 'lines', lines: [{ order_line_id: line.id, quantity: 1 }], reason: 'Did not want it renewed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state).toBe('succeeded');

    const after = await licenseById(t.db, license.id);
    expect(after.expiresAt!.getTime()).toBe(E.getTime());
    expect(after).toMatchObject({ autoRenew: false, revokedAt: null, deviceId: 'booth-a' });
    const choices = await t.db.select().from(renewalChoices).where(eq(renewalChoices.licenseId, license.id));
    expect(choices).toHaveLength(1);
    expect(choices[0]).toMatchObject({ autoRenew: false, actor: 'system', orderId: order.id, userId: user.id });

    const mails = await refundMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`key ${truncateKey(license.licenseKey)} no longer renews automatically`);
    expect(mails[0]!.text).toContain('keeps the term paid before the refunded renewal');
    const notes = await t.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.title, `Refund for order #${order.id}`)));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toContain('no longer renews automatically');
  });

  it('gives up the next renewal order if one was already prepared', async () => {
    const user = await createUserWithSession(t.db);
    const { license, order, line } = await renewedAutomatically(user, new Date(Date.now() + DAY));
    // The renewal of the new end was prepared meanwhile.
    const next = await insertOpenRenewalOrder(t.db, license);
    const res = await postRefund(order.id, { id: crypto.randomUUID(), mode: 'lines', lines: [{ order_line_id: line.id, quantity: 1 }], reason: 'Refunded' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderById(t.db, next.order.id)).toMatchObject({ status: 'cancelled', cancelReason: 'licence refunded' });
    expect(await licenseById(t.db, license.id)).toMatchObject({ autoRenew: false, graceUntil: null });
  });

  it('a refunded key that renewed is revoked and stops renewing, its pending renewal given up', async () => {
    const user = await createUserWithSession(t.db);
    const { order: purchase } = await insertPaidOrder(t.db, user, { lines: [{ productId: 11, quantity: 1 }], withInvoice: false });
    await insertPaidLocalSession(t.db, purchase.id, purchase.totalCents);
    const l = await insertLicense(t.db, user, { type: 'month', orderId: purchase.id, expiresAt: new Date(Date.now() + 2 * DAY) });
    await t.db.update(licenses).set({ autoRenew: true }).where(eq(licenses.id, l.id));
    const { order: pending } = await insertOpenRenewalOrder(t.db, await licenseById(t.db, l.id));
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, purchase.id));
    const res = await postRefund(purchase.id, { id: crypto.randomUUID(), mode: 'lines', lines: [{ order_line_id: line!.id, quantity: 1 }], reason: 'Refunded' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state).toBe('succeeded');
    expect(await licenseById(t.db, l.id)).toMatchObject({ revokedReason: 'refunded', autoRenew: false, graceUntil: null });
    expect(await orderById(t.db, pending.id)).toMatchObject({ status: 'cancelled', cancelReason: 'licence refunded' });
  });

  it('a manual renewal’s refund leaves automatic renewal as it was', async () => {
    const user = await createUserWithSession(t.db);
    const E = new Date(Date.now() + 2 * DAY);
    const { license, order, line } = await renewedAutomatically(user, E);
    // The same order, as a cart's manual renewal (no renewal_term_end).
    await t.db.update(orders).set({ renewalTermEnd: null, renewalLicenseId: null }).where(eq(orders.id, order.id));
    const res = await postRefund(order.id, { id: crypto.randomUUID(), mode: 'lines', lines: [{ order_line_id: line.id, quantity: 1 }], reason: 'Refunded' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await licenseById(t.db, license.id);
    expect(after.expiresAt!.getTime()).toBe(E.getTime());
    expect(after.autoRenew).toBe(true);
    expect(await t.db.select().from(renewalChoices).where(eq(renewalChoices.licenseId, license.id))).toHaveLength(0);
  });
});
