import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_CODE_MESSAGES } from '@lbs/domain/license-server';
import { buildTestApp, mailTo, onPostgres, type TestApp } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { cartOf, onePaymentBody, postCheckout } from '../../../test/checkout-fixtures';
import { createAdminWithSession, createUserWithSession, randomIp, type TestUser } from '../../../test/fixtures';
import { activate, validate, verifyLease } from '../../../test/license-server-fixtures';
import { licenses, orderLines, orders } from '../../db/schema';
import { activateLicense } from './activate-license';
import { hashLicenseKey } from './find-license';
import { LeaseIssuer } from './lease';

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
    // The fleet view's "lease until": the end of the lease just answered.
    expect(row.leaseExpiresAt!.getTime()).toBe(claims.exp * 1000);
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

  it('refuses a suspended licence (403 SUSPENDED) and one that starts later (403 NOT_YET_VALID with starts_at), binding nothing', async () => {
    const suspended = await insertLicense(t.db, customer, { type: 'month' });
    await t.db.update(licenses).set({ suspendedAt: new Date() }).where(eq(licenses.id, suspended.id));
    const s = await activate(t, suspended.licenseKey, 'booth-s');
    expect(s.statusCode).toBe(403);
    expect(s.json()).toEqual({ detail: { code: 'SUSPENDED', message: LICENSE_CODE_MESSAGES.SUSPENDED } });
    const startAt = new Date(Date.now() + 2 * DAY);
    const later = await insertLicense(t.db, customer, { type: 'month', startAt });
    const f = await activate(t, later.licenseKey, 'booth-f');
    expect(f.statusCode).toBe(403);
    expect(f.json()).toEqual({ detail: { code: 'NOT_YET_VALID', message: LICENSE_CODE_MESSAGES.NOT_YET_VALID, starts_at: startAt.toISOString() } });
    expect((await rowOf(suspended.id)).deviceId).toBeNull();
    expect((await rowOf(later.id)).deviceId).toBeNull();
  });

  it('refuses a second device with 409 DEVICE_LIMIT_REACHED, without naming the first', async () => {
    const l = await insertLicense(t.db, customer);
    expect((await activate(t, l.licenseKey, 'booth-first')).statusCode).toBe(200);
    const res = await activate(t, l.licenseKey, 'booth-second');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: { code: 'DEVICE_LIMIT_REACHED', message: LICENSE_CODE_MESSAGES.DEVICE_LIMIT_REACHED } });
    expect(res.body).not.toContain('booth-first');
    expect((await rowOf(l.id)).deviceId).toBe('booth-first');
    // The second PC will only ever be refused by waiting: the message says how to free the seat.
    expect(res.json().detail.message).toBe(
      'This license is already activated on another device. To use it here, deactivate it on that device, or reset its device in your account, then activate again',
    );
    expect(res.json().detail.message).not.toMatch(/later/i);
  });

  it('refuses a device id with a bidirectional or zero-width character (400), and takes them out of a device name', async () => {
    const l = await insertLicense(t.db, customer);
    for (const id of ['booth\u202Eexe.txt', 'booth\u200B1', '\uFEFFbooth', 'booth\u2066x\u2069']) {
      for (const call of [activate, validate]) {
        const res = await call(t, l.licenseKey, id);
        expect(res.statusCode, JSON.stringify(id)).toBe(400);
        expect(res.json().detail).toMatch(/^body\.device_id: must not contain bidirectional or zero-width characters/);
      }
    }
    expect((await rowOf(l.id)).deviceId).toBeNull();
    // The name (the host name by default) is never the reason a booth stops: cleaned, not refused.
    const res = await activate(t, l.licenseKey, 'booth-names', { device_name: '\u202EBooth\u200B PC\u200D, Marina\u2067 Bay\uFEFF' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(l.id)).deviceName).toBe('Booth PC, Marina Bay');
    expect((await activate(t, l.licenseKey, 'booth-names', { device_name: '\u200B\u200B' })).statusCode).toBe(200);
    expect((await rowOf(l.id)).deviceName ?? '').toBe(''); // as a name of spaces
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
    // A Monthly key started at payment: its first activation moves nothing.
    expect(bought!.activateBy).toBeNull();
    expect(answer.json().license).toMatchObject({ starts_at: bought!.startAt.toISOString(), expires_at: bought!.expiresAt!.toISOString(), activate_by: null });
  });
});

describe('a Daily pass', () => {
  /** Buys one Daily License (product 10) through the local checkout; answers the licence row. */
  async function buyDailyPass(buyer: TestUser) {
    const checkout = await postCheckout(t.app, buyer.headers, onePaymentBody(cartOf({ 10: 1 }), { email: buyer.email }));
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = /\/dev\/pay\/(lps_[\w-]+)$/.exec(checkout.json().url)![1]!;
    const paid = await t.app.inject({ method: 'POST', url: `/dev/pay/${session}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.statusCode).toBe(303);
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, session));
    const [pass] = await t.db.select().from(licenses).where(eq(licenses.orderId, order!.id));
    return pass!;
  }

  /** Pays a renewal of `pass`; answers the paid order. */
  async function renewPass(buyer: TestUser, pass: { id: string }) {
    const body = onePaymentBody(cartOf({ 10: 1 }), { email: buyer.email });
    body.products[0]!.renews = pass.id;
    const checkout = await postCheckout(t.app, buyer.headers, body);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = /\/dev\/pay\/(lps_[\w-]+)$/.exec(checkout.json().url)![1]!;
    const paid = await t.app.inject({ method: 'POST', url: `/dev/pay/${session}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.statusCode).toBe(303);
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, session));
    return order!;
  }

  it('does not start at payment: unused until its first activation, to be activated within 12 months', async () => {
    const buyer = await createUserWithSession(t.db);
    const before = new Date();
    const pass = await buyDailyPass(buyer);
    expect(pass.activateBy).not.toBeNull();
    expect(pass.unstartedTermHours).toBe(24);
    // An unused pass ends on its activate-by date: every "is current" check sees it so.
    expect(pass.expiresAt!.getTime()).toBe(pass.activateBy!.getTime());
    const twelveMonths = new Date(pass.startAt);
    twelveMonths.setUTCMonth(twelveMonths.getUTCMonth() + 12);
    expect(pass.activateBy!.getTime()).toBe(twelveMonths.getTime());
    expect(pass.startAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    // The receipt says so, rather than a "valid until" a day after payment.
    const receipt = (await mailTo(t.app, buyer.email)).find((m) => m.text.includes(pass.licenseKey))!;
    expect(receipt.text).toContain('Starts on first activation');
    expect(receipt.text).toMatch(/Activate by/);
    expect(receipt.text).not.toMatch(/Valid until/);
  });

  it('starts its 24 hours at the first activation, with a lease running to their end', async () => {
    const buyer = await createUserWithSession(t.db);
    const pass = await buyDailyPass(buyer);
    // Days later, at the event.
    await t.db.update(licenses).set({ startAt: new Date(Date.now() - 5 * DAY) }).where(eq(licenses.id, pass.id));
    const before = Date.now();
    const res = await activate(t, pass.licenseKey, 'booth-pass');
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(pass.id);
    expect(row.startAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.expiresAt!.getTime() - row.startAt.getTime()).toBe(DAY);
    expect(row).toMatchObject({ activateBy: null, unstartedTermHours: null, deviceId: 'booth-pass', reminderStage: 2 });
    expect(res.json().license).toMatchObject({ starts_at: row.startAt.toISOString(), expires_at: row.expiresAt!.toISOString(), activate_by: null });
    const { claims } = await verifyLease(t, res.json().lease);
    expect(claims.nbf).toBe(Math.floor(row.startAt.getTime() / 1000));
    expect(claims.exp).toBe(Math.floor(row.expiresAt!.getTime() / 1000));
    // Written in the update that started the pass, from the term it started.
    expect(row.leaseExpiresAt!.getTime()).toBe(claims.exp * 1000);
    // Activating again on the same device does not move its start.
    expect((await activate(t, pass.licenseKey, 'booth-pass')).statusCode).toBe(200);
    expect((await rowOf(pass.id)).startAt.getTime()).toBe(row.startAt.getTime());
  });

  it('bought days before the event, runs its 24 hours from the activation at the event, not from payment', async () => {
    const buyer = await createUserWithSession(t.db);
    const pass = await buyDailyPass(buyer);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, pass.orderId!));
    const paidAt = order!.paidAt!;
    // The booth's first call, 5 days and 3 hours after payment: the route's service with that `now`
    // (a whole second, as a lease counts time).
    const at = new Date(Math.floor((paidAt.getTime() + 5 * DAY + 3 * 3600_000) / 1000) * 1000);
    const end = new Date(at.getTime() + DAY);
    const leases = new LeaseIssuer(t.ctx.licenseKeys, { issuer: t.ctx.config.publicUrl, allowanceHours: t.ctx.config.offlineAllowanceHours });
    const answer = await activateLicense(t.db, leases, { license_key: pass.licenseKey, device_id: 'booth-event' }, { ip: randomIp() }, at);
    expect(answer.license).toMatchObject({ starts_at: at.toISOString(), expires_at: end.toISOString(), activate_by: null });
    const row = await rowOf(pass.id);
    expect({ startAt: row.startAt.toISOString(), expiresAt: row.expiresAt?.toISOString(), leaseExpiresAt: row.leaseExpiresAt?.toISOString() }).toEqual({
      startAt: at.toISOString(),
      expiresAt: end.toISOString(),
      leaseExpiresAt: end.toISOString(),
    });
    expect(row).toMatchObject({ activateBy: null, unstartedTermHours: null, deviceId: 'booth-event' });
    // The lease the booth keeps runs from the activation to the pass's end: usable all through the event.
    const { claims } = await verifyLease(t, answer.lease, { currentDate: new Date(at.getTime() + DAY - 60_000) });
    expect({ nbf: claims.nbf, exp: claims.exp }).toEqual({ nbf: Math.floor(at.getTime() / 1000), exp: Math.floor(end.getTime() / 1000) });
  });

  it('runs 48 hours from its first activation when renewed before it started', async () => {
    const buyer = await createUserWithSession(t.db);
    const pass = await buyDailyPass(buyer);
    await renewPass(buyer, pass);
    const renewed = await rowOf(pass.id);
    expect(renewed).toMatchObject({ unstartedTermHours: 48, activateBy: pass.activateBy, expiresAt: pass.expiresAt });
    const res = await activate(t, pass.licenseKey, 'booth-48');
    expect(res.statusCode).toBe(200);
    const started = await rowOf(pass.id);
    expect(started.expiresAt!.getTime() - started.startAt.getTime()).toBe(2 * DAY);
    // Its lease covers both days (the Daily allowance, 24 h, is at least the pass's own length):
    // a booth offline for the whole event does not stop half way.
    const { claims } = await verifyLease(t, res.json().lease);
    expect(claims.exp).toBe(claims.lic_exp);
    expect(claims.exp).toBe(Math.floor(started.expiresAt!.getTime() / 1000));
  });

  it('renewed after it was used and ended, is an unused pass again, started by its device’s next activation', async () => {
    const buyer = await createUserWithSession(t.db);
    const pass = await buyDailyPass(buyer);
    expect((await activate(t, pass.licenseKey, 'booth-used')).statusCode).toBe(200);
    // Last month's event: started and ended, its device still bound.
    const used = { startAt: new Date(Date.now() - 30 * DAY), expiresAt: new Date(Date.now() - 29 * DAY), reminderStage: 3 };
    await t.db.update(licenses).set(used).where(eq(licenses.id, pass.id));

    const order = await renewPass(buyer, pass);
    const paidAt = order.paidAt!;
    const activateBy = new Date(paidAt);
    activateBy.setUTCMonth(activateBy.getUTCMonth() + 12);
    const renewed = await rowOf(pass.id);
    expect(renewed).toMatchObject({ startAt: paidAt, activateBy, expiresAt: activateBy, unstartedTermHours: 24, deviceId: 'booth-used', reminderStage: 0 });
    // No "renewed until" on the receipt: the pass has no end until it starts.
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line!.renewedUntil).toBeNull();
    const receipt = (await mailTo(t.app, buyer.email)).find((m) => m.text.includes(`now runs for 24 hours from its first activation`))!;
    expect(receipt.text).toContain(pass.licenseKey);
    expect(receipt.text).not.toMatch(/Renewed until/);

    // Days later its device checks in: told to activate, not given a lease that would use the pass unstarted.
    const check = await validate(t, pass.licenseKey, 'booth-used');
    expect(check.json()).toMatchObject({ valid: false, code: 'NOT_ACTIVATED', license: { activate_by: activateBy.toISOString() } });
    expect(check.json().lease).toBeUndefined();
    // Another device cannot take it: the binding was kept.
    expect((await activate(t, pass.licenseKey, 'booth-other')).json().detail.code).toBe('DEVICE_LIMIT_REACHED');

    const before = Date.now();
    const res = await activate(t, pass.licenseKey, 'booth-used');
    expect(res.statusCode, res.body).toBe(200);
    const started = await rowOf(pass.id);
    expect(started.startAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(started.expiresAt!.getTime() - started.startAt.getTime()).toBe(DAY);
    expect(started).toMatchObject({ activateBy: null, unstartedTermHours: null, deviceId: 'booth-used' });
    expect((await validate(t, pass.licenseKey, 'booth-used')).json()).toMatchObject({ valid: true, code: 'VALID' });
  });

  it('renewed after it lapsed unused, is a new unused pass of 24 hours from that payment', async () => {
    const buyer = await createUserWithSession(t.db);
    const pass = await buyDailyPass(buyer);
    const lapsed = new Date(Date.now() - DAY);
    await t.db.update(licenses).set({ activateBy: lapsed, expiresAt: lapsed, unstartedTermHours: 48 }).where(eq(licenses.id, pass.id));
    await renewPass(buyer, pass);
    const renewed = await rowOf(pass.id);
    expect(renewed.unstartedTermHours).toBe(24);
    expect(renewed.activateBy!.getTime()).toBe(renewed.expiresAt!.getTime());
    expect(renewed.activateBy!.getTime() - Date.now()).toBeGreaterThan(360 * DAY);
    expect((await activate(t, pass.licenseKey, 'booth-relapsed')).statusCode).toBe(200);
  });

  it('expires unused once its activate-by date has passed', async () => {
    const buyer = await createUserWithSession(t.db);
    const pass = await buyDailyPass(buyer);
    const lapsed = new Date(Date.now() - 1000);
    await t.db.update(licenses).set({ activateBy: lapsed, expiresAt: lapsed }).where(eq(licenses.id, pass.id));
    const res = await activate(t, pass.licenseKey, 'booth-late');
    expect(res.statusCode).toBe(403);
    expect(res.json().detail.code).toBe('EXPIRED');
  });
});
