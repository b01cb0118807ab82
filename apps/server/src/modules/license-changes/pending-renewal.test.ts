import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_TERM_MS } from '@lbs/domain/license-terms';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { validate } from '../../../test/license-server-fixtures';
import { insertOpenRenewalOrder, insertPaidLocalSession, licenseById, orderById } from '../../../test/renewal-fixtures';
import { adminNotifications, licenses, localPaymentSessions, orders, refunds } from '../../db/schema';
import { fulfilOrder } from '../payments/fulfil-order';

// Where an admin's verb meets a pending automatic renewal (decision 0021): extending, revoking or
// suspending a licence gives up its open renewal order (a cancelled order, grace cleared), and a
// charge that was in flight and still succeeds is refunded in full without touching the licence.
// The open order is written as the renewal job leaves it (test/renewal-fixtures.ts).

const DAY = 24 * 3600 * 1000;

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1' });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

const adminPost = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: admin.headers, payload });
const revoke = (licenseId: string) =>
  t.app.inject({ method: 'PUT', url: '/api/subscriptions/licenses', headers: admin.headers, payload: { license_id: licenseId, mode: 'revoke' } });

/** A Monthly licence that renews automatically, its term ending at `expiresAt`, with its renewal order prepared. */
async function renewingLicense(user: TestUser, expiresAt: Date) {
  const l = await insertLicense(t.db, user, { type: 'month', startAt: new Date(expiresAt.getTime() - LICENSE_TERM_MS.month!), expiresAt, deviceId: 'booth-r' });
  await t.db.update(licenses).set({ autoRenew: true, renewalPriceCents: 15000 }).where(eq(licenses.id, l.id));
  const { order, graceUntil } = await insertOpenRenewalOrder(t.db, await licenseById(t.db, l.id));
  return { license: await licenseById(t.db, l.id), order, graceUntil };
}

/** Pays an order through the one fulfilment path, as the local provider reports a charge in flight that succeeded. */
async function chargeSucceeds(orderId: number) {
  const order = await orderById(t.db, orderId);
  const session = await insertPaidLocalSession(t.db, orderId, order.totalCents);
  return fulfilOrder(t.ctx, { provider: 'local', sessionId: session, amountCents: order.totalCents, currency: 'usd' });
}

describe('an admin extending a licence whose renewal is pending', () => {
  it('gives up the open renewal order and its grace, tells the customer, and leaves room for the renewal of the new end', async () => {
    const user = await createUserWithSession(t.db);
    // In grace: the term ended a day ago, the renewal unpaid.
    const { license, order } = await renewingLicense(user, new Date(Date.now() - DAY));
    expect((await validate(t, license.licenseKey, 'booth-r')).json().code).toBe('VALID');

    const res = await adminPost(`/subscriptions/licenses/admin/${license.id}/extend`, { days: 10, reason: 'Outage make-good' });
    expect(res.statusCode, res.body).toBe(200);

    expect(await orderById(t.db, order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled', cancelReason: 'licence extended by an admin', nextChargeAt: null });
    const after = await licenseById(t.db, license.id);
    expect(after.graceUntil).toBeNull();
    expect(after.autoRenew).toBe(true);
    expect(after.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 9 * DAY);
    const [mail] = (await mailTo(t.app, user.email)).filter((m) => m.subject === 'Your LentiBooth license was extended');
    expect(mail!.text).toContain('The automatic renewal that was due is cancelled');

    // The renewal of the new end is a new order (the key is the licence and the end it follows).
    const next = await insertOpenRenewalOrder(t.db, after);
    expect(next.order.id).not.toBe(order.id);
    expect((await orderById(t.db, next.order.id)).renewalTermEnd!.getTime()).toBe(after.expiresAt!.getTime());
  });

  it('says nothing of a renewal when none was pending', async () => {
    const user = await createUserWithSession(t.db);
    const l = await insertLicense(t.db, user, { type: 'month' });
    expect((await adminPost(`/subscriptions/licenses/admin/${l.id}/extend`, { days: 5, reason: 'Courtesy' })).statusCode).toBe(200);
    const [mail] = (await mailTo(t.app, user.email)).filter((m) => m.subject === 'Your LentiBooth license was extended');
    expect(mail!.text).not.toContain('automatic renewal');
  });
});

describe('an admin revoking or suspending a licence whose renewal is pending', () => {
  it('revoking gives up the order (licence revoked); a charge in flight that still succeeds is refunded in full, the admins told, the term untouched', async () => {
    const user = await createUserWithSession(t.db);
    const E = new Date(Date.now() + 2 * DAY);
    const { license, order } = await renewingLicense(user, E);
    expect((await revoke(license.id)).statusCode).toBe(200);
    expect(await orderById(t.db, order.id)).toMatchObject({ status: 'cancelled', cancelReason: 'licence revoked', nextChargeAt: null });
    expect((await licenseById(t.db, license.id)).graceUntil).toBeNull();

    const result = await chargeSucceeds(order.id);
    expect(result.status).toBe('paid_after_cancel');
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ origin: 'late_payment', state: 'succeeded', amountCents: order.totalCents });
    expect(await orderById(t.db, order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: order.totalCents });
    const told = await t.db.select().from(adminNotifications).where(eq(adminNotifications.subjectUserId, user.id));
    expect(told.map((n) => n.title)).toContain(`Order #${order.id} was paid after it was cancelled; the payment was refunded automatically`);
    // Neither extended by the charge nor shortened by its refund: the renewal never delivered.
    const after = await licenseById(t.db, license.id);
    expect(after.expiresAt!.getTime()).toBe(E.getTime());
    expect(after.revokedReason).toBe('admin');
  });

  it('suspending gives up the order (licence suspended), and the late charge is refunded without extending the term', async () => {
    const user = await createUserWithSession(t.db);
    const E = new Date(Date.now() + 2 * DAY);
    const { license, order } = await renewingLicense(user, E);
    expect((await adminPost(`/subscriptions/licenses/admin/${license.id}/suspend`, { reason: 'Chargeback under review' })).statusCode).toBe(200);
    expect(await orderById(t.db, order.id)).toMatchObject({ status: 'cancelled', cancelReason: 'licence suspended' });
    const [session] = await t.db.select().from(localPaymentSessions).where(eq(localPaymentSessions.orderId, order.id));
    expect(session).toBeUndefined();

    expect((await chargeSucceeds(order.id)).status).toBe('paid_after_cancel');
    expect((await orderById(t.db, order.id)).paymentStatus).toBe('refunded');
    expect((await licenseById(t.db, license.id)).expiresAt!.getTime()).toBe(E.getTime());
  });

  it('a licence in grace has not ended: it can be revoked or suspended (not 409), and its renewal is given up', async () => {
    const user = await createUserWithSession(t.db);
    const ended = new Date(Date.now() - DAY);
    const toRevoke = await renewingLicense(user, ended);
    expect((await revoke(toRevoke.license.id)).statusCode).toBe(200);
    expect((await orderById(t.db, toRevoke.order.id)).cancelReason).toBe('licence revoked');

    const toSuspend = await renewingLicense(user, ended);
    const res = await adminPost(`/subscriptions/licenses/admin/${toSuspend.license.id}/suspend`, { reason: 'Under review' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderById(t.db, toSuspend.order.id)).cancelReason).toBe('licence suspended');
    // Grace given up with the order: the licence has ended (and is suspended).
    expect((await licenseById(t.db, toSuspend.license.id)).graceUntil).toBeNull();
  });

  it('a licence past its grace is still refused as ended (409)', async () => {
    const user = await createUserWithSession(t.db);
    const l = await insertLicense(t.db, user, { type: 'month', expiresAt: new Date(Date.now() - 10 * DAY) });
    await t.db.update(licenses).set({ graceUntil: new Date(Date.now() - 3 * DAY) }).where(eq(licenses.id, l.id));
    expect((await revoke(l.id)).statusCode).toBe(409);
    expect((await adminPost(`/subscriptions/licenses/admin/${l.id}/suspend`, { reason: 'Under review' })).statusCode).toBe(409);
  });

  it('leaves paid and other licences’ orders alone', async () => {
    const user = await createUserWithSession(t.db);
    const a = await renewingLicense(user, new Date(Date.now() + 2 * DAY));
    const b = await renewingLicense(user, new Date(Date.now() + 2 * DAY));
    expect((await revoke(a.license.id)).statusCode).toBe(200);
    expect(await orderById(t.db, b.order.id)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', cancelledAt: null });
    const open = await t.db.select().from(orders).where(and(eq(orders.renewalLicenseId, b.license.id), eq(orders.paymentStatus, 'unpaid')));
    expect(open).toHaveLength(1);
  });
});
