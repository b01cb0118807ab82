import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertLicense, insertPaidOrder } from '../../../test/account-fixtures';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { activate, deactivate, validate } from '../../../test/license-server-fixtures';
import { adminAudit, licenses, notifications, orderLines, outbox, renewalChoices } from '../../db/schema';
import { renewLicense } from './renew-license';
import { resetLicenseDevice } from './reset-license-device';
import { takeBackLicenses } from './take-back-licenses';
import { turnAutoRenew } from './turn-auto-renew';
import { hashLicenseKey } from '../license-server/find-license';

// The licensing wing's verbs, by behaviour. Validation answers from the licence row it keeps in
// memory (license-server/license-row-cache.ts): each test has the row kept first (a licence written
// straight to the database, as seeded, then checked once), performs one verb as the product does
// (its route, or its caller's transaction), and checks again that validation answers what the
// database now says, and that the verb audited and told the customer as it should: an admin's
// verb writes one audit row, one notification and one mail; the booth's own verbs, the customer's
// reset, renewal and a refund's take-back write none here (the receipt and the refund tell the
// customer themselves). On PostgreSQL, test/two-processes.test.ts checks the verbs answered from a
// second process.

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let customer: TestUser;
let admin: TestUser;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1' });
  customer = await createUserWithSession(t.db);
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

const kept = (key: string) => t.ctx.licenseRows.has(hashLicenseKey(key));
const codeOf = async (key: string, device: string) => (await validate(t, key, device)).json().code as string;
const adminPost = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: admin.headers, payload });

/** A licence bound to `device` and checked once, so its row is kept. */
async function keptLicense(device: string | null, opts: Parameters<typeof insertLicense>[2] = {}, user: TestUser = customer) {
  const l = await insertLicense(t.db, user, { deviceId: device, ...opts });
  await codeOf(l.licenseKey, device ?? 'any-booth');
  expect(kept(l.licenseKey)).toBe(true);
  return l;
}

describe('the licence row kept for validation', () => {
  it('is read once: a second check answers from memory (a write that bypasses licensesChanged is not seen)', async () => {
    const l = await keptLicense('booth-k1');
    await t.db.update(licenses).set({ revokedAt: new Date() }).where(eq(licenses.id, l.id));
    expect(await codeOf(l.licenseKey, 'booth-k1')).toBe('VALID');
  });

  it('never keeps the answer: a kept row expires and starts with the clock', async () => {
    const ends = await keptLicense('booth-k2', { type: 'month', startAt: new Date(Date.now() - DAY), expiresAt: new Date(Date.now() + 20_000) });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 21_000);
    expect(kept(ends.licenseKey)).toBe(true);
    expect(await codeOf(ends.licenseKey, 'booth-k2')).toBe('EXPIRED');
    vi.useRealTimers();

    const starts = await keptLicense('booth-k3', { type: 'month', startAt: new Date(Date.now() + 20_000) });
    expect(await codeOf(starts.licenseKey, 'booth-k3')).toBe('NOT_YET_VALID');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 21_000);
    expect(kept(starts.licenseKey)).toBe(true);
    expect(await codeOf(starts.licenseKey, 'booth-k3')).toBe('VALID');
  });

  it('signs with the key object made once, not one per check', async () => {
    const l = await keptLicense('booth-k5');
    const makeKey = vi.spyOn(crypto, 'createPrivateKey');
    for (let i = 0; i < 3; i++) expect((await validate(t, l.licenseKey, 'booth-k5')).json().lease).toEqual(expect.any(String));
    expect(makeKey).not.toHaveBeenCalled();
    makeKey.mockRestore();
  });

  it('is kept through the batched last-seen write (it does not signal)', async () => {
    const l = await keptLicense('booth-k4');
    await t.ctx.licenseChecks.flush();
    expect((await t.db.select().from(licenses).where(eq(licenses.id, l.id)))[0]!.lastValidatedAt).not.toBeNull();
    expect(kept(l.licenseKey)).toBe(true);
  });
});

/** What a verb left besides the licence row: its audit rows, the owner's notifications and mails. */
async function toldAndAudited(licenseId: string, user: TestUser) {
  const audit = await t.db
    .select({ action: adminAudit.action, label: adminAudit.label, subject: adminAudit.subjectUserId })
    .from(adminAudit)
    .where(and(eq(adminAudit.targetType, 'license'), eq(adminAudit.targetId, licenseId)));
  const told = await t.db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, user.id));
  const mails = await t.db
    .select({ subject: sql<string>`${outbox.payload}->>'subject'` })
    .from(outbox)
    .where(sql`${outbox.kind} = 'mail' and ${outbox.payload}->>'to' = ${user.email}`);
  return { audit, told: told.map((n) => n.title), mails: mails.map((m) => m.subject) };
}

/** A customer of their own, so what a verb told is all that they were told. */
const freshOwner = async () => (owner = await createUserWithSession(t.db));

/** An admin's verb: one audit row, labelled with the key's end and the owner, and the owner told once. */
async function expectAdminVerb(licenseId: string, action: string, title: string, subject: string) {
  const { audit, told, mails } = await toldAndAudited(licenseId, owner);
  expect(audit).toEqual([{ action, label: expect.stringContaining(owner.email), subject: owner.id }]);
  expect(told).toEqual([title]);
  expect(mails).toEqual([subject]);
}

/** A verb that tells no one and audits nothing here. */
async function expectSilentVerb(licenseId: string, user: TestUser) {
  expect(await toldAndAudited(licenseId, user)).toEqual({ audit: [], told: [], mails: [] });
}

describe('each verb: validation answers what the database says, and the verb audits and tells as it should', () => {
  it('revoke (admin)', async () => {
    const l = await keptLicense('booth-w1', {}, await freshOwner());
    const res = await t.app.inject({ method: 'PUT', url: '/api/subscriptions/licenses', headers: admin.headers, payload: { mode: 'revoke', license_id: l.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await codeOf(l.licenseKey, 'booth-w1')).toBe('REVOKED');
    await expectAdminVerb(l.id, 'license.revoked', 'License revoked', 'Your LentiBooth license was revoked');
  });

  it('suspend and reinstate (admin)', async () => {
    const l = await keptLicense('booth-w2', {}, await freshOwner());
    expect((await adminPost(`/subscriptions/licenses/admin/${l.id}/suspend`, { reason: 'Unpaid invoice' })).statusCode).toBe(200);
    expect(await codeOf(l.licenseKey, 'booth-w2')).toBe('SUSPENDED');
    expect(await codeOf(l.licenseKey, 'booth-w2')).toBe('SUSPENDED');
    await expectAdminVerb(l.id, 'license.suspended', 'License suspended', 'Your LentiBooth license was suspended');
    expect((await adminPost(`/subscriptions/licenses/admin/${l.id}/reinstate`, {})).statusCode).toBe(200);
    expect(await codeOf(l.licenseKey, 'booth-w2')).toBe('VALID');
    const { audit, told } = await toldAndAudited(l.id, owner);
    expect(audit.map((a) => a.action)).toEqual(['license.suspended', 'license.reinstated']);
    expect(told).toEqual(['License suspended', 'License reinstated']);
  });

  it('extend (admin)', async () => {
    const l = await keptLicense('booth-w3', { type: 'month', startAt: new Date(Date.now() - 40 * DAY), expiresAt: new Date(Date.now() + 20_000) }, await freshOwner());
    const res = await adminPost(`/subscriptions/licenses/admin/${l.id}/extend`, { days: 30, reason: 'Goodwill' });
    expect(res.statusCode, res.body).toBe(200);
    await expectAdminVerb(l.id, 'license.extended', 'License extended', 'Your LentiBooth license was extended');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 21_000);
    expect(await codeOf(l.licenseKey, 'booth-w3')).toBe('VALID');
  });

  it("device reset: the customer's (counted, tells no one) and the admin's (not counted, audited and told)", async () => {
    const own = await keptLicense('booth-w4', {}, await freshOwner());
    const res = await t.app.inject({ method: 'POST', url: `/api/subscriptions/licenses/${own.id}/reset-device`, headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().device_resets_left).toBe(1);
    expect(await codeOf(own.licenseKey, 'booth-w4')).toBe('NOT_ACTIVATED');
    await expectSilentVerb(own.id, owner);
    const helped = await keptLicense('booth-w5', {}, await freshOwner());
    expect((await adminPost(`/subscriptions/licenses/admin/${helped.id}/reset-device`)).statusCode).toBe(200);
    expect(await codeOf(helped.licenseKey, 'booth-w5')).toBe('NOT_ACTIVATED');
    await expectAdminVerb(helped.id, 'license.device_reset', 'License device reset', 'Your LentiBooth license can be activated on a new device');
  });

  it("a customer's reset through the verb in its caller's transaction", async () => {
    const own = await keptLicense('booth-w4b');
    await t.db.transaction((tx) => resetLicenseDevice(tx, own.id, { customerId: customer.id }, new Date()));
    expect(await codeOf(own.licenseKey, 'booth-w4b')).toBe('NOT_ACTIVATED');
  });

  it('the booth binds and frees its device (tells no one)', async () => {
    const l = await keptLicense(null, {}, await freshOwner());
    expect(await codeOf(l.licenseKey, 'booth-w6')).toBe('NOT_ACTIVATED');
    expect((await activate(t, l.licenseKey, 'booth-w6')).statusCode).toBe(200);
    expect(await codeOf(l.licenseKey, 'booth-w6')).toBe('VALID');
    expect((await deactivate(t, l.licenseKey, 'booth-w6')).statusCode).toBe(200);
    expect(await codeOf(l.licenseKey, 'booth-w6')).toBe('NOT_ACTIVATED');
    await expectSilentVerb(l.id, owner);
  });

  it('issue by an admin: the key works at once, one audit row, the owner told', async () => {
    await freshOwner();
    const res = await t.app.inject({ method: 'POST', url: '/api/subscriptions/licenses', headers: admin.headers, payload: { email: owner.email, mode: 'month' } });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(licenses).where(eq(licenses.userId, owner.id));
    expect((await activate(t, row!.licenseKey, 'booth-w10')).statusCode).toBe(200);
    expect(await codeOf(row!.licenseKey, 'booth-w10')).toBe('VALID');
    await expectAdminVerb(row!.id, 'license.generated', 'License issued', 'Your LentiBooth license key');
  });

  it('a Daily pass started by its first activation', async () => {
    const activateBy = new Date(Date.now() + 300 * DAY);
    const pass = await insertLicense(t.db, customer, { type: 'day', expiresAt: activateBy });
    await t.db.update(licenses).set({ activateBy, unstartedTermHours: 24 }).where(eq(licenses.id, pass.id));
    expect(await codeOf(pass.licenseKey, 'booth-w7')).toBe('NOT_ACTIVATED');
    expect(kept(pass.licenseKey)).toBe(true);
    expect((await activate(t, pass.licenseKey, 'booth-w7')).statusCode).toBe(200);
    const body = (await validate(t, pass.licenseKey, 'booth-w7')).json();
    expect(body).toMatchObject({ code: 'VALID', license: { activate_by: null } });
  });

  it('renewal, and a refund of it taking back the term it added (neither tells here)', async () => {
    const l = await keptLicense('booth-w8', { type: 'month', startAt: new Date(Date.now() - 40 * DAY), expiresAt: new Date(Date.now() - HOUR) }, await freshOwner());
    expect(await codeOf(l.licenseKey, 'booth-w8')).toBe('EXPIRED');
    const paidAt = new Date();
    const renewed = await t.db.transaction((tx) => renewLicense(tx, { licenseId: l.id, userId: owner.id, type: 'month', paidAt }));
    expect(renewed).not.toBeNull();
    expect(await codeOf(l.licenseKey, 'booth-w8')).toBe('VALID');

    const { order } = await insertPaidOrder(t.db, owner, { lines: [{ productId: 11, quantity: 1 }] });
    const [line] = await t.db
      .update(orderLines)
      .set({ renewsLicenseId: l.id, renewedFrom: paidAt, renewedUntil: renewed!.expiresAt })
      .where(eq(orderLines.orderId, order.id))
      .returning();
    const taken = await t.db.transaction((tx) => takeBackLicenses(tx, order, [{ orderLineId: line!.id, quantity: 1 }], new Date()));
    expect(taken.shortened).toHaveLength(1);
    expect(taken.revoked).toEqual([]);
    expect(await codeOf(l.licenseKey, 'booth-w8')).toBe('EXPIRED');
    await expectSilentVerb(l.id, owner);
  });

  it("automatic renewal turned on and off by its holder (the booth's answer unchanged; tells no one, audits nothing)", async () => {
    const l = await keptLicense('booth-w11', { type: 'month' }, await freshOwner());
    const holder = { id: l.id, userId: owner.id };
    const consent = { on: true as const, words: 'Renew automatically: …', language: 'en', priceCents: 15000 };
    const on = await t.db.transaction((tx) => turnAutoRenew(tx, holder, { actor: 'customer' }, consent, new Date()));
    expect(on).toMatchObject({ autoRenew: true, renewalPriceCents: 15000 });
    expect(await codeOf(l.licenseKey, 'booth-w11')).toBe('VALID');
    const off = await t.db.transaction((tx) => turnAutoRenew(tx, holder, { actor: 'customer' }, { on: false, reason: 'turned off by its holder' }, new Date()));
    expect(off.autoRenew).toBe(false);
    expect(await codeOf(l.licenseKey, 'booth-w11')).toBe('VALID');
    const choices = await t.db.select().from(renewalChoices).where(eq(renewalChoices.licenseId, l.id)).orderBy(renewalChoices.id);
    expect(choices.map((c) => [c.autoRenew, c.actor, c.words, c.reason])).toEqual([
      [true, 'customer', consent.words, null],
      [false, 'customer', null, 'turned off by its holder'],
    ]);
    await expectSilentVerb(l.id, owner);
  });

  it('refund (the key revoked)', async () => {
    const { order } = await insertPaidOrder(t.db, customer, { lines: [{ productId: 12, quantity: 1 }] });
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const l = await keptLicense('booth-w9', { type: 'year', orderId: order.id });
    await t.db.transaction((tx) => takeBackLicenses(tx, order, [{ orderLineId: line!.id, quantity: 1 }], new Date()));
    expect(await codeOf(l.licenseKey, 'booth-w9')).toBe('REVOKED');
  });
});
