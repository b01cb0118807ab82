import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertLicense, insertPaidOrder } from '../../../test/account-fixtures';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { activate, deactivate, validate } from '../../../test/license-server-fixtures';
import { licenses, orderLines } from '../../db/schema';
import { renewLicense } from './renew-license';
import { resetLicenseDevice } from './reset-license-device';
import { takeBackLicenses } from './take-back-licenses';
import { hashLicenseKey } from '../license-server/find-license';

// Validation answers from the licence row it keeps in memory (license-row-cache.ts). Each test
// has the row kept first (a licence written straight to the database, as seeded, then checked
// once), makes one of the product's writes, and checks again: without licensesChanged in that
// write, the second check would answer from the old row.

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let customer: TestUser;
let admin: TestUser;

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
async function keptLicense(device: string | null, opts: Parameters<typeof insertLicense>[2] = {}) {
  const l = await insertLicense(t.db, customer, { deviceId: device, ...opts });
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

describe('every licence write drops the kept row at once', () => {
  it('revoke', async () => {
    const l = await keptLicense('booth-w1');
    const res = await t.app.inject({ method: 'PUT', url: '/api/subscriptions/licenses', headers: admin.headers, payload: { mode: 'revoke', license_id: l.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await codeOf(l.licenseKey, 'booth-w1')).toBe('REVOKED');
  });

  it('suspend and reinstate', async () => {
    const l = await keptLicense('booth-w2');
    expect((await adminPost(`/subscriptions/licenses/admin/${l.id}/suspend`, { reason: 'Unpaid invoice' })).statusCode).toBe(200);
    expect(await codeOf(l.licenseKey, 'booth-w2')).toBe('SUSPENDED');
    expect(await codeOf(l.licenseKey, 'booth-w2')).toBe('SUSPENDED');
    expect((await adminPost(`/subscriptions/licenses/admin/${l.id}/reinstate`, {})).statusCode).toBe(200);
    expect(await codeOf(l.licenseKey, 'booth-w2')).toBe('VALID');
  });

  it('extend', async () => {
    const l = await keptLicense('booth-w3', { type: 'month', startAt: new Date(Date.now() - 40 * DAY), expiresAt: new Date(Date.now() + 20_000) });
    const res = await adminPost(`/subscriptions/licenses/admin/${l.id}/extend`, { days: 30, reason: 'Goodwill' });
    expect(res.statusCode, res.body).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 21_000);
    expect(await codeOf(l.licenseKey, 'booth-w3')).toBe('VALID');
  });

  it("device reset, the customer's and the admin's", async () => {
    const own = await keptLicense('booth-w4');
    await t.db.transaction((tx) => resetLicenseDevice(tx, own.id, { customerId: customer.id }, new Date()));
    expect(await codeOf(own.licenseKey, 'booth-w4')).toBe('NOT_ACTIVATED');
    const helped = await keptLicense('booth-w5');
    expect((await adminPost(`/subscriptions/licenses/admin/${helped.id}/reset-device`)).statusCode).toBe(200);
    expect(await codeOf(helped.licenseKey, 'booth-w5')).toBe('NOT_ACTIVATED');
  });

  it('activate and deactivate', async () => {
    const l = await keptLicense(null);
    expect(await codeOf(l.licenseKey, 'booth-w6')).toBe('NOT_ACTIVATED');
    expect((await activate(t, l.licenseKey, 'booth-w6')).statusCode).toBe(200);
    expect(await codeOf(l.licenseKey, 'booth-w6')).toBe('VALID');
    expect((await deactivate(t, l.licenseKey, 'booth-w6')).statusCode).toBe(200);
    expect(await codeOf(l.licenseKey, 'booth-w6')).toBe('NOT_ACTIVATED');
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

  it('renewal', async () => {
    const l = await keptLicense('booth-w8', { type: 'month', startAt: new Date(Date.now() - 40 * DAY), expiresAt: new Date(Date.now() - HOUR) });
    expect(await codeOf(l.licenseKey, 'booth-w8')).toBe('EXPIRED');
    const renewed = await t.db.transaction((tx) => renewLicense(tx, { licenseId: l.id, userId: customer.id, type: 'month', paidAt: new Date() }));
    expect(renewed).not.toBeNull();
    expect(await codeOf(l.licenseKey, 'booth-w8')).toBe('VALID');
  });

  it('refund (the key revoked)', async () => {
    const { order } = await insertPaidOrder(t.db, customer, { lines: [{ productId: 12, quantity: 1 }] });
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const l = await keptLicense('booth-w9', { type: 'year', orderId: order.id });
    await t.db.transaction((tx) => takeBackLicenses(tx, order, [{ orderLineId: line!.id, quantity: 1 }], new Date()));
    expect(await codeOf(l.licenseKey, 'booth-w9')).toBe('REVOKED');
  });
});
