import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LicenseClient } from '@lbs/license-client';
import { addRenewal } from '@lbs/domain/cart';
import { LICENSE_TERM_MS } from '@lbs/domain/license-terms';
import { licenses } from '../src/db/schema';
import { buildTestApp, type TestApp } from './build-test-app';
import { cartOf, onePaymentBody, postCheckout } from './checkout-fixtures';
import { createAdminWithSession, createUserWithSession, type TestUser } from './fixtures';
import { freePort } from './server-process';

/*
 * The desktop program's licence client (packages/license-client) against the real licence
 * server, over a real socket: not the client's test double. The server keeps its default
 * PUBLIC_URL (http://localhost:PORT) while the client talks to http://127.0.0.1:PORT, so the
 * leases' issuer is checked the way a booth on the same machine as the shop would check it.
 */

const MONTHLY = 11;
let t: TestApp;
let serverUrl: string;
let admin: TestUser;
let customer: TestUser;
let licenseKey: string;
let licenseId: string;
const dirs: string[] = [];

async function stateDir(tag: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `lbs-client-${tag}-`));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  const port = await freePort();
  t = await buildTestApp({ PORT: String(port) });
  await t.app.listen({ port, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${port}`;
  admin = await createAdminWithSession(t.db);
  customer = await createUserWithSession(t.db);

  // A monthly licence bought the way customers buy one: checkout, then the local pay page.
  const checkout = await postCheckout(t.app, customer.headers, onePaymentBody(cartOf({ [MONTHLY]: 1 }), { email: customer.email }));
  expect(checkout.statusCode, checkout.body).toBe(200);
  const session = /\/dev\/pay\/(lps_[\w-]+)$/.exec(checkout.json().url)![1]!;
  const paid = await t.app.inject({ method: 'POST', url: `/dev/pay/${session}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  expect(paid.statusCode).toBe(303);
  const owned = await customerLicenses();
  expect(owned).toHaveLength(1);
  licenseKey = owned[0]!.license_key;
  licenseId = owned[0]!._id;
});

afterAll(async () => {
  await t?.close();
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function customerLicenses() {
  const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/licenses', query: { mode: 'CURRENT' }, headers: customer.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Array<{ _id: string; license_key: string; device_number: string | null; expire_date: string }> }).items;
}

async function adminGet<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

type EventPage = { total: number; items: Array<{ filename: string | null; file_type: string | null; processing_time: number | null; device_address: string; ip_address: string | null; error_message?: string | null }> };

describe('the licence client against the real licence server', () => {
  const DEVICE = 'booth-integration-1';
  let client: LicenseClient;
  let dir: string;

  it('activates the bought key: the lease is stored and verifies against the server’s JWKS', async () => {
    dir = await stateDir('a');
    client = new LicenseClient({ serverUrl, stateDir: dir, deviceId: DEVICE });
    const activated = await client.activate(licenseKey, { deviceName: 'Booth 3, Marina Bay', appVersion: '2.4.0' });
    expect(activated).toMatchObject({ status: 'valid', usable: true, code: 'VALID' });
    expect(activated.license).toMatchObject({ id: licenseId, type: 'month', device_id: DEVICE });

    const [row] = await t.db.select().from(licenses).where(eq(licenses.id, licenseId));
    expect(row).toMatchObject({ deviceId: DEVICE, deviceName: 'Booth 3, Marina Bay', lastAppVersion: '2.4.0' });
    expect(activated.lease).toMatchObject({ sub: licenseId, typ: 'month', dev: DEVICE, lic_exp: Math.floor(row!.expiresAt!.getTime() / 1000) });
    // The server signs with its own PUBLIC_URL (localhost) while the client called 127.0.0.1.
    expect(t.ctx.config.publicUrl).toMatch(/^http:\/\/localhost:\d+$/);
    expect(activated.lease!.iss).toBe(t.ctx.config.publicUrl);

    // The stored lease is the server's, and any JOSE library verifies it with the published keys.
    const stored = await client.storedLicense();
    expect(stored).toMatchObject({ license_key: licenseKey, device_id: DEVICE, denied: null });
    const jwks = (await (await fetch(`${serverUrl}/api/licenses/jwks.json`)).json()) as JSONWebKeySet;
    const { payload, protectedHeader } = await jwtVerify(stored!.lease!, createLocalJWKSet(jwks), {
      algorithms: ['EdDSA'],
      typ: 'lease+jwt',
      issuer: t.ctx.config.publicUrl,
    });
    expect(payload).toMatchObject({ sub: licenseId, dev: DEVICE });
    expect(jwks.keys.map((k) => k.kid)).toContain(protectedHeader.kid);
    // The client cached the same keys for offline checks.
    const cached = JSON.parse(await fs.readFile(path.join(dir, 'jwks.json'), 'utf8'));
    expect(cached.servers[serverUrl].keys).toEqual(jwks.keys);

    // Offline, the lease alone says the licence is usable.
    await expect(client.status()).resolves.toMatchObject({ status: 'offline-grace', code: 'LEASE_VALID', usable: true });
    // The customer's overview lists the device.
    expect((await customerLicenses())[0]!.device_number).toBe(DEVICE);
  });

  it('validates online with a fresh lease; another device is refused while this one holds the key', async () => {
    const before = (await client.storedLicense())!.lease;
    await new Promise((r) => setTimeout(r, 1100)); // a later iat, so the lease differs
    const check = await client.validate();
    expect(check).toMatchObject({ status: 'valid', code: 'VALID', usable: true });
    const after = (await client.storedLicense())!.lease;
    expect(after).not.toBe(before);
    expect(check.lease!.iat).toBeGreaterThan(0);

    const other = new LicenseClient({ serverUrl, stateDir: await stateDir('b'), deviceId: 'booth-integration-2' });
    const refused = await other.activate(licenseKey);
    expect(refused).toMatchObject({ status: 'denied', code: 'DEVICE_LIMIT_REACHED', usable: false });
    await expect(other.storedLicense()).resolves.toBeNull();
    const mismatch = await other.validate({ licenseKey });
    expect(mismatch).toMatchObject({ status: 'denied', code: 'DEVICE_MISMATCH' });
  });

  it('sends queued usage; the events land in the back office’s lists, once each', async () => {
    const t0 = Date.now() - 60_000;
    await client.recordUsage([
      { kind: 'success', file_type: 'jpg', filename: 'IMG_0042.jpg', processing_time: 3.25, timestamp: new Date(t0) },
      { kind: 'success', file_type: 'png', filename: 'guest-17.png', processing_time: 1.5, timestamp: new Date(t0 + 1000) },
    ]);
    await client.recordUsage({ kind: 'error', file_type: 'heic', filename: 'IMG_9.heic', error_message: 'Unsupported colour profile', timestamp: new Date(t0 + 2000) });
    // Keep a copy of the queue, to send it again as a booth retrying after a lost answer would.
    const queued = path.join(dir, 'usage');
    const files = await fs.readdir(queued);
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(2);
    const copies = await Promise.all(files.map(async (f) => [f, await fs.readFile(path.join(queued, f))] as const));

    const flushed = await client.flushUsage();
    expect(flushed).toMatchObject({ status: 'sent', sent: 3, accepted: 3, duplicates: 0, remaining: 0, dropped: [] });

    const events = await adminGet<EventPage>('/api/analytics/events?page=1&page_size=10');
    expect(events.total).toBe(2);
    expect(events.items.map((e) => e.filename)).toEqual(['guest-17.png', 'IMG_0042.jpg']);
    expect(events.items[1]).toMatchObject({ file_type: 'jpg', processing_time: 3.25, device_address: DEVICE, ip_address: '127.0.0.1' });
    const errors = await adminGet<EventPage>('/api/analytics/errors?page=1&page_size=10');
    expect(errors.total).toBe(1);
    expect(errors.items[0]).toMatchObject({ file_type: 'heic', error_message: 'Unsupported colour profile', device_address: DEVICE });
    const summary = await adminGet<{ total_usage: number; average_time: number }>('/api/analytics/usage/summary?period=last_7_days');
    expect(summary.total_usage).toBe(2);
    expect(summary.average_time).toBeCloseTo((3.25 + 1.5) / 2, 5);

    // The same events again: the server counts them as duplicates and stores nothing new.
    for (const [f, bytes] of copies) await fs.writeFile(path.join(queued, f), bytes);
    const again = await client.flushUsage();
    expect(again).toMatchObject({ status: 'sent', accepted: 0, duplicates: 3, remaining: 0 });
    expect((await adminGet<EventPage>('/api/analytics/events?page=1&page_size=10')).total).toBe(2);
  });

  it('deactivates up to the limit: the fourth deactivation in 30 days is refused and the licence stays here', async () => {
    for (let i = 1; i <= 3; i++) {
      const off = await client.deactivate();
      expect(off, `deactivation ${i}`).toMatchObject({ status: 'deactivated', code: 'DEACTIVATED' });
      await expect(client.storedLicense()).resolves.toBeNull();
      expect((await customerLicenses())[0]!.device_number).toBeNull();
      const on = await client.activate(licenseKey);
      expect(on, `activation ${i + 1}`).toMatchObject({ status: 'valid', code: 'VALID' });
    }
    const limited = await client.deactivate();
    expect(limited.status).toBe('limit-reached');
    expect(limited.code).toBe('DEACTIVATION_LIMIT');
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    // Nothing changed: the seat and the lease are still this device's.
    await expect(client.storedLicense()).resolves.toMatchObject({ license_key: licenseKey, device_id: DEVICE });
    await expect(client.status()).resolves.toMatchObject({ status: 'offline-grace', usable: true });
    expect((await customerLicenses())[0]!.device_number).toBe(DEVICE);
  });

  it('learns of a revocation at the next validation: denied, the lease removed, usage after it refused', async () => {
    const hour = 3600_000;
    await client.recordUsage({ kind: 'success', file_type: 'jpg', filename: 'before-revoke.jpg', processing_time: 2, timestamp: new Date(Date.now() - 2 * hour) });
    await client.recordUsage({ kind: 'success', file_type: 'jpg', filename: 'after-revoke.jpg', processing_time: 2 });
    const revoked = await t.app.inject({ method: 'PUT', url: '/api/subscriptions/licenses', headers: admin.headers, payload: { license_id: licenseId, mode: 'revoke' } });
    expect(revoked.statusCode, revoked.body).toBe(200);
    // As if bought three hours ago and revoked an hour ago: the second event happened after it.
    await t.db.update(licenses).set({ startAt: new Date(Date.now() - 3 * hour), revokedAt: new Date(Date.now() - hour) }).where(eq(licenses.id, licenseId));

    // Offline, the lease still holds until it expires (that is what a lease is for)...
    await expect(client.status()).resolves.toMatchObject({ status: 'offline-grace', usable: true });
    // ...but the next validation learns of the revocation.
    const check = await client.validate();
    expect(check).toMatchObject({ status: 'denied', code: 'REVOKED', usable: false });
    const stored = await client.storedLicense();
    expect(stored).toMatchObject({ license_key: licenseKey, lease: null, denied: { code: 'REVOKED' } });
    await expect(client.status()).resolves.toMatchObject({ status: 'denied', code: 'REVOKED', usable: false });

    // Events belong to the time they happened: the one before the revocation is stored, the
    // one after it is refused for good (OUTSIDE_TERM) and dropped.
    const flushed = await client.flushUsage();
    expect(flushed).toMatchObject({ status: 'sent', accepted: 1, remaining: 0 });
    expect(flushed.dropped).toMatchObject([{ code: 'OUTSIDE_TERM', count: 1 }]);
    const events = await adminGet<EventPage>('/api/analytics/events?page=1&page_size=10');
    expect(events.items.map((e) => e.filename)).toContain('before-revoke.jpg');
    expect(events.items.map((e) => e.filename)).not.toContain('after-revoke.jpg');

    // Re-activating the revoked key is refused too.
    await expect(client.activate(licenseKey)).resolves.toMatchObject({ status: 'denied', code: 'REVOKED' });
  });

  it('a renewed key: the client sees the new end date in the licence and the lease', async () => {
    // A second licence, renewed through the checkout's renewal line, for the same device flow.
    const buyer = await createUserWithSession(t.db);
    const pay = async (body: unknown) => {
      const res = await postCheckout(t.app, buyer.headers, body);
      expect(res.statusCode, res.body).toBe(200);
      const session = /\/dev\/pay\/(lps_[\w-]+)$/.exec(res.json().url)![1]!;
      const paid = await t.app.inject({ method: 'POST', url: `/dev/pay/${session}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      expect(paid.statusCode).toBe(303);
    };
    await pay(onePaymentBody(cartOf({ [MONTHLY]: 1 }), { email: buyer.email }));
    const [bought] = await t.db.select().from(licenses).where(eq(licenses.userId, buyer.id));
    const booth = new LicenseClient({ serverUrl, stateDir: await stateDir('c'), deviceId: 'booth-renewed' });
    const first = await booth.activate(bought!.licenseKey);
    expect(first.status).toBe('valid');
    expect(first.lease!.lic_exp).toBe(Math.floor(bought!.expiresAt!.getTime() / 1000));

    await pay(onePaymentBody(addRenewal(cartOf({}), MONTHLY, { id: bought!.id, key: bought!.licenseKey }), { email: buyer.email }));
    const renewed = await booth.validate();
    expect(renewed.status).toBe('valid');
    const newEnd = bought!.expiresAt!.getTime() + LICENSE_TERM_MS.month!;
    expect(Date.parse(renewed.license!.expires_at!)).toBe(newEnd);
    expect(renewed.lease!.lic_exp).toBe(Math.floor(newEnd / 1000));
    expect(renewed.license!.device_id).toBe('booth-renewed');
  });
});
