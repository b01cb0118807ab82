import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUTO_RENEW_MSG } from '@lbs/domain/admin-auto-renew';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { CARD, DAY, insertOpenRenewalOrder, licenseById, orderById, renewingLicense, runJobAt } from '../../../test/renewal-fixtures';
import { adminAudit, adminNotifications, licenses, notifications, renewalChoices, renewalCharges } from '../../db/schema';

/*
 * The owner's view of renewals (issue 39): LICENSES and the customer page show each licence's
 * renewal state and its holder's card; an admin turns renewal off (audited, the customer told),
 * never on; a renewal that failed for good tells the admins once.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

const listAll = (query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/subscriptions/licenses/admin/all', headers: admin.headers, query });
const setAutoRenew = (u: TestUser | null, id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/licenses/${id}/auto-renew`, headers: u?.headers, payload: payload as object });

/** A renewing licence whose renewal order is open with one failed attempt, in grace now. */
async function licenceInGrace(email?: string) {
  const user = await createUserWithSession(t.db, { timeZone: 'Asia/Singapore', ...(email ? { email } : {}) });
  const { license } = await renewingLicense(t, { expiresAt: new Date(Date.now() - DAY), card: CARD.declinesLater, user });
  const { order, graceUntil } = await insertOpenRenewalOrder(t.db, (await licenseById(t.db, license.id))!);
  await t.db.insert(renewalCharges).values({ id: `${order.id}:1`, orderId: order.id, attempt: 1, provider: 'local', status: 'failed', amountCents: order.totalCents, failureCode: 'card_declined', failureMessage: 'Your card was declined.' });
  return { user, license, order, graceUntil };
}

describe('LICENSES and the customer page show the renewal state', () => {
  it('each licence with auto_renew, renewal_due and its holder’s card; the In grace filter finds the one in grace', async () => {
    const renews = await renewingLicense(t, { expiresAt: new Date(Date.now() + 20 * DAY), card: CARD.succeeds });
    const grace = await licenceInGrace();

    const all = (await listAll({ q: renews.user.email })).json();
    expect(all.items).toHaveLength(1);
    expect(all.items[0]).toMatchObject({ auto_renew: true, renewal_due: null, renewal_card: { brand: 'Visa', last4: '4242' } });

    const due = (await listAll({ q: grace.user.email })).json().items[0];
    expect(due).toMatchObject({ auto_renew: true, renewal_card: { last4: '0341' }, renewal_due: { in_grace: true, failure: 'Your card was declined.', grace_until: grace.graceUntil.toISOString() } });

    const inGrace = await listAll({ renewal: 'in_grace' });
    expect(inGrace.statusCode, inGrace.body).toBe(200);
    expect(inGrace.json().items.map((l: { _id: string }) => l._id)).toEqual([grace.license.id]);
    expect((await listAll({ renewal: 'soon' })).statusCode).toBe(400);

    // The customer page's licences carry the same.
    const page = await t.app.inject({ method: 'GET', url: `/api/admin/customers/${grace.user.id}/licenses`, headers: admin.headers });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().items[0]).toMatchObject({ renewal_card: { brand: 'Visa', last4: '0341' }, renewal_due: { in_grace: true } });
  });

  it('a holder without a saved card shows null', async () => {
    const { user } = await renewingLicense(t, { expiresAt: new Date(Date.now() + 20 * DAY), card: null });
    expect((await listAll({ q: user.email })).json().items[0].renewal_card).toBeNull();
  });
});

describe('PUT /api/admin/licenses/:id/auto-renew', () => {
  it('refuses a stranger (401) and a customer (403) before the body; an unknown licence is 404', async () => {
    const { user, license } = await renewingLicense(t, { expiresAt: new Date(Date.now() + 20 * DAY) });
    expect((await setAutoRenew(null, license.id, { nonsense: 1 })).statusCode).toBe(401);
    expect((await setAutoRenew(user, license.id, { auto_renew: false })).statusCode).toBe(403);
    expect((await setAutoRenew(admin, license.id, { auto_renew: 'no' })).statusCode).toBe(400);
    expect((await setAutoRenew(admin, '00000000-0000-4000-8000-000000000000', { auto_renew: false })).statusCode).toBe(404);
    expect((await setAutoRenew(admin, 'not-a-uuid', { auto_renew: false })).statusCode).toBe(400);
    expect((await licenseById(t.db, license.id)).autoRenew).toBe(true);
  });

  it('never turns renewal on: 403 with the reason, nothing changed', async () => {
    const { license } = await renewingLicense(t, { expiresAt: new Date(Date.now() + 20 * DAY) });
    await t.db.update(licenses).set({ autoRenew: false }).where(eq(licenses.id, license.id));
    const res = await setAutoRenew(admin, license.id, { auto_renew: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(ADMIN_AUTO_RENEW_MSG.onIsHolders);
    expect((await licenseById(t.db, license.id)).autoRenew).toBe(false);
    expect(await t.db.select().from(renewalChoices).where(eq(renewalChoices.licenseId, license.id))).toHaveLength(0);
  });

  it('turns a renewing licence off: a renewal_choices row by the admin, one audit row, the customer told once; the paid term is kept', async () => {
    const end = new Date(Date.now() + 20 * DAY);
    const { user, license } = await renewingLicense(t, { expiresAt: end });
    const res = await setAutoRenew(admin, license.id, { auto_renew: false, reason: 'Asked by phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: license.id, auto_renew: false, expire_date: end.toISOString(), renewal_card: { last4: '4242' } });
    expect(await t.db.select().from(renewalChoices).where(eq(renewalChoices.licenseId, license.id))).toMatchObject([
      { autoRenew: false, actor: 'admin', adminId: admin.id, reason: 'Asked by phone' },
    ]);
    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, license.id));
    expect(audit).toMatchObject([{ action: 'license.auto_renew_stopped', actorId: admin.id, subjectUserId: user.id }]);
    expect(audit[0]!.before).toMatchObject({ auto_renew: true });
    expect(audit[0]!.after).toMatchObject({ auto_renew: false, reason: 'Asked by phone' });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('Asked by phone');
    const mail = await mailTo(t.app, user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/Automatic renewal .* turned off/);
    expect(mail[0]!.text).toContain('http://shop.test/');

    // Again: already off, nothing more written or told.
    expect((await setAutoRenew(admin, license.id, { auto_renew: false })).statusCode).toBe(200);
    expect(await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, license.id))).toHaveLength(1);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(1);
  });

  it('in grace: the open renewal order is cancelled and the licence ends now', async () => {
    const { user, license, order } = await licenceInGrace();
    const res = await setAutoRenew(admin, license.id, { auto_renew: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ auto_renew: false, renewal_due: null, is_expired: true });
    expect(await orderById(t.db, order.id)).toMatchObject({ status: 'cancelled', cancelReason: 'automatic renewal turned off' });
    expect((await licenseById(t.db, license.id)).graceUntil).toBeNull();
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told.map((n) => n.type)).toEqual(['license_expired']);
    expect(told[0]!.message).toContain('has now ended');
  });
});

describe('a renewal that failed for good', () => {
  it('tells the admins once, in the same pass that ends the grace', async () => {
    const { user, license, graceUntil } = await licenceInGrace();
    const feed = () => t.db.select().from(adminNotifications).where(and(eq(adminNotifications.subjectUserId, user.id), eq(adminNotifications.type, 'payment_failed')));
    expect(await feed()).toHaveLength(0);
    try {
      const report = await runJobAt(t, new Date(graceUntil.getTime() + 1000));
      expect(report.graceEnded).toBeGreaterThanOrEqual(1);
      await runJobAt(t, new Date(graceUntil.getTime() + DAY));
    } finally {
      t.ctx.clock.setOffset(0);
    }
    const told = await feed();
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toContain(user.email);
    expect(told[0]!.message).toContain('ended');
    expect((await licenseById(t.db, license.id)).autoRenew).toBe(false);
  });
});
