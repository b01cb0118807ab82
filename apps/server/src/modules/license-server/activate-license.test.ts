import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_CODE_MESSAGES } from '@lbs/domain/license-server';
import { buildTestApp, mailTo, onPostgres, type TestApp } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { cartOf, onePaymentBody, postCheckout } from '../../../test/checkout-fixtures';
import { createAdminWithSession, createUserWithSession, randomIp, type TestUser } from '../../../test/fixtures';
import { activate, verifyLease } from '../../../test/license-server-fixtures';
import { licenses, orders } from '../../db/schema';
import { hashLicenseKey } from './find-license';

let t: TestApp;
let customer: TestUser;
const DAY = 24 * 3600 * 1000;
const rowOf = async (id: string) => (await t.db.select().from(licenses).where(eq(licenses.id, id)))[0]!;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.test' });
  customer = await createUserWithSession(t.db);
});
afterAll(() => t?.close());

describe('POST /api/licenses/activate', () => {
  it('binds the device and answers the licence and a lease', async () => {
    const l = await insertLicense(t.db, customer, { type: 'year' });
    const ip = randomIp();
    const res = await activate(t, l.licenseKey, 'booth-1', { device_name: 'Booth PC, Marina Bay', app_version: '2.4.1' }, ip);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      valid: true,
      code: 'VALID',
      license: { id: l.id, type: 'year', starts_at: l.startAt.toISOString(), expires_at: l.expiresAt!.toISOString(), device_id: 'booth-1', activate_by: null },
      lease: expect.any(String),
    });
    const { claims } = await verifyLease(t, body.lease);
    expect(claims).toMatchObject({ iss: 'https://shop.test', sub: l.id, typ: 'year', dev: 'booth-1' });
    const row = await rowOf(l.id);
    expect(row).toMatchObject({ deviceId: 'booth-1', deviceName: 'Booth PC, Marina Bay', lastAppVersion: '2.4.1', lastValidatedIp: ip });
    expect(row.deviceBoundAt).not.toBeNull();
  });

  it('shows the activated device in the customer’s overview, where the self-service reset frees it', async () => {
    const owner = await createUserWithSession(t.db);
    const l = await insertLicense(t.db, owner, { type: 'month' });
    expect((await activate(t, l.licenseKey, 'booth-overview', { device_name: 'Old booth' })).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/subscriptions/licenses', query: { mode: 'CURRENT' }, headers: owner.headers });
    expect(list.json().items[0]).toMatchObject({ _id: l.id, device_number: 'booth-overview' });
    const reset = await t.app.inject({ method: 'POST', url: `/api/subscriptions/licenses/${l.id}/reset-device`, headers: owner.headers });
    expect(reset.statusCode).toBe(200);
    expect((await activate(t, l.licenseKey, 'booth-replacement')).statusCode).toBe(200);
    // The old device's name does not stick to the new one.
    expect(await rowOf(l.id)).toMatchObject({ deviceId: 'booth-replacement', deviceName: null });
  });

  it('is idempotent for the same device: one device, bound time kept, version refreshed', async () => {
    const l = await insertLicense(t.db, customer);
    expect((await activate(t, l.licenseKey, 'booth-2', { app_version: '1.0.0' })).statusCode).toBe(200);
    const first = await rowOf(l.id);
    const again = await activate(t, l.licenseKey, 'booth-2', { app_version: '1.1.0' });
    expect(again.statusCode).toBe(200);
    expect(again.json().license.device_id).toBe('booth-2');
    const second = await rowOf(l.id);
    expect(second.deviceBoundAt!.getTime()).toBe(first.deviceBoundAt!.getTime());
    expect(second).toMatchObject({ deviceId: 'booth-2', lastAppVersion: '1.1.0', deviceName: null });
  });

  it('takes the key as a person types it (lower case, spaces, O for 0)', async () => {
    const l = await insertLicense(t.db, customer);
    const typed = ` ${l.licenseKey.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o')} `;
    const res = await activate(t, typed, 'booth-typed');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().license.id).toBe(l.id);
  });

  it('answers an unknown key 404 NOT_FOUND with nothing but the code', async () => {
    const res = await activate(t, 'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567', 'booth-3');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: { code: 'NOT_FOUND', message: LICENSE_CODE_MESSAGES.NOT_FOUND } });
    expect((await activate(t, 'not a key at all', 'booth-3')).json()).toEqual({ detail: { code: 'NOT_FOUND', message: LICENSE_CODE_MESSAGES.NOT_FOUND } });
  });

  it('refuses an expired licence (403 EXPIRED) and a revoked one (403 REVOKED), binding nothing', async () => {
    const expired = await insertLicense(t.db, customer, { type: 'day', startAt: new Date(Date.now() - 2 * DAY) });
    const revoked = await insertLicense(t.db, customer, { revoked: true });
    const e = await activate(t, expired.licenseKey, 'booth-4');
    expect(e.statusCode).toBe(403);
    expect(e.json()).toEqual({ detail: { code: 'EXPIRED', message: LICENSE_CODE_MESSAGES.EXPIRED } });
    const r = await activate(t, revoked.licenseKey, 'booth-4');
    expect(r.statusCode).toBe(403);
    expect(r.json().detail.code).toBe('REVOKED');
    expect((await rowOf(expired.id)).deviceId).toBeNull();
    expect((await rowOf(revoked.id)).deviceId).toBeNull();
  });

  it('refuses a second device with 409 DEVICE_LIMIT_REACHED, without naming the first', async () => {
    const l = await insertLicense(t.db, customer);
    expect((await activate(t, l.licenseKey, 'booth-first')).statusCode).toBe(200);
    const res = await activate(t, l.licenseKey, 'booth-second');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: { code: 'DEVICE_LIMIT_REACHED', message: LICENSE_CODE_MESSAGES.DEVICE_LIMIT_REACHED } });
    expect(res.body).not.toContain('booth-first');
    expect((await rowOf(l.id)).deviceId).toBe('booth-first');
  });

  it('lets exactly one of 20 devices activating at once win', async () => {
    const l = await insertLicense(t.db, customer);
    const devices = Array.from({ length: 20 }, (_, i) => `booth-race-${i}`);
    const results = await Promise.all(devices.map((d) => activate(t, l.licenseKey, d)));
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect((await rowOf(l.id)).deviceId).toBe(winners[0]!.json().license.device_id);
  });

  // The race made certain: the row is held while every activation reaches the database, then let
  // go. Without the row lock, each would have read "no device" and bound its own.
  it.runIf(onPostgres())('holds one winner when all 20 are waiting on the licence row at once (PostgreSQL)', async () => {
    const l = await insertLicense(t.db, customer);
    const watcher = new pg.Client({ connectionString: t.databaseUrl });
    await watcher.connect();
    try {
      let calls: Promise<Awaited<ReturnType<typeof activate>>[]> | undefined;
      await t.db.transaction(async (tx) => {
        await tx.select().from(licenses).where(eq(licenses.id, l.id)).for('update');
        calls = Promise.all(Array.from({ length: 20 }, (_, i) => activate(t, l.licenseKey, `booth-held-${i}`)));
        // Every pooled connection but this one is then blocked on the row.
        for (let waiting = 0; waiting < 9; ) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const { rows } = await watcher.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
          waiting = rows[0].n;
        }
      });
      const results = await calls!;
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    } finally {
      await watcher.end();
    }
  });
});

describe('keys from every way a licence is made', () => {
  it('have their hash stored, equal to the one lookups use', async () => {
    const l = await insertLicense(t.db, customer);
    expect((await rowOf(l.id)).keyHash).toBe(hashLicenseKey(l.licenseKey));
  });

  it('activate when an admin generated the key', async () => {
    const admin = await createAdminWithSession(t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/subscriptions/licenses', headers: admin.headers, payload: { email: customer.email, mode: 'onetime' } });
    expect(res.statusCode, res.body).toBe(201);
    const answer = await activate(t, res.json().license_key, 'booth-admin');
    expect(answer.statusCode, answer.body).toBe(200);
    // An admin's onetime key never expires: the licence says so, and the lease still ends (the
    // setup kit's offline allowance, 7 days).
    expect(answer.json().license.expires_at).toBeNull();
    const { claims } = await verifyLease(t, answer.json().lease);
    expect(claims.lic_exp).toBeNull();
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
  });

  it('activate when the key was bought and paid for', async () => {
    const buyer = await createUserWithSession(t.db);
    const checkout = await postCheckout(t.app, buyer.headers, onePaymentBody(cartOf({ 11: 1 }), { email: buyer.email }));
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = /\/dev\/pay\/(lps_[\w-]+)$/.exec(checkout.json().url)![1]!;
    const paid = await t.app.inject({ method: 'POST', url: `/dev/pay/${session}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.statusCode).toBe(303);
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, session));
    const [bought] = await t.db.select().from(licenses).where(eq(licenses.orderId, order!.id));
    expect((await mailTo(t.app, buyer.email)).some((m) => m.text.includes(bought!.licenseKey))).toBe(true);
    const answer = await activate(t, bought!.licenseKey, 'booth-bought');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().license).toMatchObject({ id: bought!.id, device_id: 'booth-bought' });
  });
});
