import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { insertLicense } from '../../../test/account-fixtures';
import { licenseDeviceResets, licenses } from '../../db/schema';

let t: TestApp;
let a: TestUser;
let b: TestUser;
let aCurrent: typeof licenses.$inferSelect;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await buildTestApp();
  a = await createUserWithSession(t.db);
  b = await createUserWithSession(t.db);
  aCurrent = await insertLicense(t.db, a, { type: 'year', deviceId: 'BOOTH-PC-1' });
  await insertLicense(t.db, a, { type: 'day', startAt: new Date(Date.now() - 3 * DAY) });
  await insertLicense(t.db, a, { type: 'month', revoked: true });
});
afterAll(() => t.close());

const get = (u: TestUser, url: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: u.headers, query });
const reset = (u: TestUser, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/subscriptions/licenses/${id}/reset-device`, headers: u.headers });

describe('GET /api/subscriptions/licenses/current', () => {
  it('says whether the caller holds a current licence', async () => {
    expect((await get(a, '/api/subscriptions/licenses/current')).json()).toEqual({ has_license: true, current_count: 1 });
    expect((await get(b, '/api/subscriptions/licenses/current')).json()).toEqual({ has_license: false, current_count: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/subscriptions/licenses/current' })).statusCode).toBe(401);
  });
});

describe('GET /api/subscriptions/licenses?mode=', () => {
  it('lists current licences (not expired, not revoked) and past ones (expired or revoked)', async () => {
    const current = (await get(a, '/api/subscriptions/licenses', { mode: 'CURRENT' })).json();
    expect(current.total).toBe(1);
    expect(current.items[0]).toMatchObject({
      _id: aCurrent.id,
      license_key: aCurrent.licenseKey,
      type: 'year',
      device_number: 'BOOTH-PC-1',
      is_expired: false,
      device_resets_left: 2,
    });
    const past = (await get(a, '/api/subscriptions/licenses', { mode: 'PAST' })).json();
    expect(past.items.map((l: { type: string }) => l.type).sort()).toEqual(['day', 'month']);
    expect(past.items.every((l: { is_expired: boolean; revoked: boolean; device_resets_left: null }) => (l.is_expired || l.revoked) && l.device_resets_left === null)).toBe(true);
    // A revoked key ending next year has been revoked, not expired.
    expect(past.items.find((l: { type: string }) => l.type === 'month')).toMatchObject({ revoked: true, is_expired: false });
  });

  it('gives user B none of A’s licences', async () => {
    for (const mode of ['CURRENT', 'PAST']) {
      expect((await get(b, '/api/subscriptions/licenses', { mode })).json()).toMatchObject({ items: [], total: 0 });
    }
  });

  it('refuses any mode but CURRENT and PAST', async () => {
    expect((await get(a, '/api/subscriptions/licenses', { mode: 'current' })).json().total).toBe(1);
    expect((await get(a, '/api/subscriptions/licenses', { mode: 'SOON' })).statusCode).toBe(400);
    expect((await get(a, '/api/subscriptions/licenses')).statusCode).toBe(400);
  });

  it('takes no email as mode, from a customer or an admin, and names the admin route instead', async () => {
    const admin = await createAdminWithSession(t.db);
    for (const u of [b, admin]) {
      for (const mode of [a.email, ` ${a.email.toUpperCase()} `]) {
        const res = await get(u, '/api/subscriptions/licenses', { mode });
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toContain('/api/subscriptions/licenses/admin/user?email=');
      }
    }
  });

  it('pages ten at a time', async () => {
    const c = await createUserWithSession(t.db);
    for (let i = 0; i < 12; i += 1) await insertLicense(t.db, c, { type: 'month', startAt: new Date(Date.now() - i * 1000) });
    expect((await get(c, '/api/subscriptions/licenses', { mode: 'CURRENT' })).json().items).toHaveLength(10);
    expect((await get(c, '/api/subscriptions/licenses', { mode: 'CURRENT', page: '2' })).json().items).toHaveLength(2);
  });
});

describe('GET /api/subscriptions/licenses/admin/user?email=', () => {
  it('lists every licence of one email address to an admin, current or not', async () => {
    const admin = await createAdminWithSession(t.db);
    const res = await get(admin, '/api/subscriptions/licenses/admin/user', { email: ` ${a.email.toUpperCase()} ` });
    expect(res.json().total).toBe(3);
    expect(res.json().items.map((l: { type: string }) => l.type).sort()).toEqual(['day', 'month', 'year']);
    expect((await get(admin, '/api/subscriptions/licenses/admin/user', { email: b.email })).json()).toMatchObject({ items: [], total: 0 });
    expect((await get(admin, '/api/subscriptions/licenses/admin/user', { email: a.email, page: '0' })).statusCode).toBe(400);
    expect((await get(admin, '/api/subscriptions/licenses/admin/user', { email: 'not-an-email' })).statusCode).toBe(400);
  });

  it('refuses a customer before looking at the query', async () => {
    const res = await get(b, '/api/subscriptions/licenses/admin/user', { email: a.email, page: '0', page_size: 'lots' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: expect.any(String) });
  });
});

describe('POST /api/subscriptions/licenses/{id}/reset-device', () => {
  it('unbinds the device twice in 30 days, then refuses with 429', async () => {
    const l = await insertLicense(t.db, a, { deviceId: 'PC-A' });
    const first = await reset(a, l.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ device_number: null, device_resets_left: 1 });
    await t.db.update(licenses).set({ deviceId: 'PC-B', deviceBoundAt: new Date() }).where(eq(licenses.id, l.id));
    expect((await reset(a, l.id)).json()).toMatchObject({ device_number: null, device_resets_left: 0 });
    await t.db.update(licenses).set({ deviceId: 'PC-C', deviceBoundAt: new Date() }).where(eq(licenses.id, l.id));
    const third = await reset(a, l.id);
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toMatch(/limit/i);
    const [row] = await t.db.select().from(licenses).where(eq(licenses.id, l.id));
    expect(row!.deviceId).toBe('PC-C');
    // Resets older than 30 days no longer count.
    await t.db.update(licenseDeviceResets).set({ createdAt: new Date(Date.now() - 31 * DAY) }).where(eq(licenseDeviceResets.licenseId, l.id));
    expect((await reset(a, l.id)).statusCode).toBe(200);
  });

  it('answers 404 for another user’s licence and leaves it bound', async () => {
    const res = await reset(b, aCurrent.id);
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(licenses).where(eq(licenses.id, aCurrent.id));
    expect(row!.deviceId).toBe('BOOTH-PC-1');
  });

  it('refuses an unbound, expired or revoked licence with 409', async () => {
    const unbound = await insertLicense(t.db, a, {});
    expect((await reset(a, unbound.id)).statusCode).toBe(409);
    const expired = await insertLicense(t.db, a, { type: 'day', startAt: new Date(Date.now() - 2 * DAY), deviceId: 'X' });
    expect((await reset(a, expired.id)).statusCode).toBe(409);
    const revoked = await insertLicense(t.db, a, { deviceId: 'Y', revoked: true });
    expect((await reset(a, revoked.id)).statusCode).toBe(409);
    expect((await reset(a, 'nope')).statusCode).toBe(400);
  });
});
