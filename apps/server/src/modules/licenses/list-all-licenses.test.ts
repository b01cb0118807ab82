import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { licenseAdminStatus, LICENSE_ADMIN_STATUSES } from '@lbs/domain/license-terms';
import type { TLicense } from '@lbs/domain/responses';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { insertLicense } from '../../../test/account-fixtures';
import { boothNames, licenses } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let ann: TestUser;
let bob: TestUser;
const DAY = 24 * 3600 * 1000;
/** Issued an hour apart, oldest first: active, expired, revoked for Ann, active for Bob. */
const issued: Array<typeof licenses.$inferSelect> = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db);
  ann = await createUserWithSession(t.db, { email: `ann.${Date.now()}@booth.example` });
  bob = await createUserWithSession(t.db, { email: `bob.${Date.now()}@events.example` });
  const base = Date.now() - 10 * 3600 * 1000;
  const specs = [
    { user: ann, opts: { type: 'year' as const } },
    { user: ann, opts: { type: 'day' as const, startAt: new Date(Date.now() - 3 * DAY) } },
    { user: ann, opts: { type: 'month' as const, revoked: true } },
    { user: bob, opts: { type: 'onetime' as const, expiresAt: null } },
  ];
  for (const [i, s] of specs.entries()) {
    const row = await insertLicense(t.db, s.user, s.opts);
    const [stamped] = await t.db
      .update(licenses)
      .set({ createdAt: new Date(base + i * 3600 * 1000) })
      .where(eq(licenses.id, row.id))
      .returning();
    issued.push(stamped!);
  }
});
afterAll(() => t.close());

const list = (query: Record<string, string>, u: TestUser | null = admin) =>
  t.app.inject({ method: 'GET', url: '/api/subscriptions/licenses/admin/all', headers: u?.headers, query });
const ids = (body: { items: TLicense[] }) => body.items.map((l) => l._id);

describe('GET /api/subscriptions/licenses/admin/all', () => {
  it('is for admins only', async () => {
    expect((await list({}, null)).statusCode).toBe(401);
    expect((await list({}, ann)).statusCode).toBe(403);
  });

  it('lists every customer’s licences, most recently issued first, paged', async () => {
    const first = (await list({ page_size: '3' })).json();
    expect(first).toMatchObject({ total: 4, page: 1, page_size: 3 });
    expect(ids(first)).toEqual([issued[3]!.id, issued[2]!.id, issued[1]!.id]);
    expect(first.items[0]).toMatchObject({ email: bob.email, type: 'onetime', expire_date: null, is_expired: false, revoked: false });
    const second = (await list({ page_size: '3', page: '2' })).json();
    expect(ids(second)).toEqual([issued[0]!.id]);
  });

  it('filters by status, and each status filter returns exactly the rows the list names so', async () => {
    const all: TLicense[] = (await list({})).json().items;
    for (const status of LICENSE_ADMIN_STATUSES) {
      const filtered = (await list({ status })).json();
      const expected = all.filter((l) => licenseAdminStatus(l) === status).map((l) => l._id);
      expect(ids(filtered).sort(), status).toEqual(expected.sort());
    }
    expect(ids((await list({ status: 'revoked' })).json())).toEqual([issued[2]!.id]);
    expect(ids((await list({ status: 'expired' })).json())).toEqual([issued[1]!.id]);
    expect((await list({ status: 'active' })).json().total).toBe(2);
  });

  it('searches the email anywhere, case-insensitively, together with the status', async () => {
    const byName = (await list({ q: 'ANN.' })).json();
    expect(byName.total).toBe(3);
    expect(byName.items.every((l: TLicense) => l.email === ann.email)).toBe(true);
    expect(ids((await list({ q: 'events.example' })).json())).toEqual([issued[3]!.id]);
    expect(ids((await list({ q: 'booth.example', status: 'active' })).json())).toEqual([issued[0]!.id]);
  });

  it('searches by part of a key, or a whole key typed loosely', async () => {
    const key = issued[1]!.licenseKey;
    expect(ids((await list({ q: key.slice(6, 17).toLowerCase() })).json())).toEqual([issued[1]!.id]);
    const typed = key.replace(/-/g, '').toLowerCase().replace(/0/g, 'o');
    expect(ids((await list({ q: typed })).json())).toEqual([issued[1]!.id]);
  });

  it('finds a licence by its id (the link from ANALYTICS), and by nothing else that id resembles', async () => {
    expect(ids((await list({ q: issued[2]!.id })).json())).toEqual([issued[2]!.id]);
    expect(ids((await list({ q: ` ${issued[2]!.id.toUpperCase()} ` })).json())).toEqual([issued[2]!.id]);
    expect((await list({ q: '00000000-0000-4000-8000-000000000000' })).json().total).toBe(0);
  });

  it('shows each key’s device as its owner names it, its program version and when it was last seen', async () => {
    const seenAt = new Date(Date.now() - 3600 * 1000);
    const [named] = await t.db
      .update(licenses)
      .set({ deviceId: 'ann-booth-1', deviceName: 'DESKTOP-7Q2', lastAppVersion: '3.2.1', lastValidatedAt: seenAt })
      .where(eq(licenses.id, issued[0]!.id))
      .returning();
    await t.db.update(licenses).set({ deviceId: 'bob-booth', deviceName: 'BOB-PC' }).where(eq(licenses.id, issued[3]!.id));
    const row = (id: string, items: TLicense[]) => items.find((l) => l._id === id)!;
    let items: TLicense[] = (await list({})).json().items;
    expect(row(named!.id, items)).toMatchObject({ device_name: 'DESKTOP-7Q2', app_version: '3.2.1', last_seen_at: seenAt.toISOString() });
    expect(row(issued[1]!.id, items)).toMatchObject({ device_name: null, app_version: null, last_seen_at: null });
    // Ann names her booth in the fleet view; Bob's name for a device of the same id is his alone.
    await t.db.insert(boothNames).values([
      { userId: ann.id, deviceId: 'ann-booth-1', name: 'Front entrance' },
      { userId: bob.id, deviceId: 'ann-booth-1', name: 'Not Ann’s' },
    ]);
    items = (await list({})).json().items;
    expect(row(named!.id, items).device_name).toBe('Front entrance');
    expect(row(issued[3]!.id, items).device_name).toBe('BOB-PC');
    // The answer of a write on one licence names the device the same way.
    const revoked = await t.app.inject({ method: 'PUT', url: '/api/subscriptions/licenses', headers: admin.headers, payload: { license_id: named!.id, mode: 'revoke' } });
    expect(revoked.json()).toMatchObject({ _id: named!.id, revoked: true, device_name: 'Front entrance', app_version: '3.2.1' });
  });

  it('flags a key whose device was seen in two places (device_shared_at), as the customer’s fleet view does', async () => {
    const sharedAt = new Date(Date.now() - 2 * 3600 * 1000);
    await t.db.update(licenses).set({ deviceId: 'bob-booth', deviceSharedAt: sharedAt }).where(eq(licenses.id, issued[3]!.id));
    // A flag left from a device the key no longer holds says nothing of it now.
    await t.db.update(licenses).set({ deviceId: null, deviceSharedAt: sharedAt }).where(eq(licenses.id, issued[1]!.id));
    const items: TLicense[] = (await list({})).json().items;
    const row = (id: string) => items.find((l) => l._id === id)!;
    expect(row(issued[3]!.id).device_shared_at).toBe(sharedAt.toISOString());
    expect(row(issued[1]!.id).device_shared_at).toBeNull();
    expect(row(issued[2]!.id).device_shared_at).toBeNull();
    const page = await t.app.inject({ method: 'GET', url: `/api/admin/customers/${bob.id}/licenses`, headers: admin.headers });
    expect(page.json().items[0]).toMatchObject({ _id: issued[3]!.id, device_shared_at: sharedAt.toISOString() });
  });

  it('treats LIKE wildcards as text and refuses unknown parameters and statuses', async () => {
    expect((await list({ q: '%' })).json().total).toBe(0);
    expect((await list({ q: '_' })).json().total).toBe(0);
    expect((await list({ status: 'current' })).statusCode).toBe(400);
    expect((await list({ mode: 'ALL' })).statusCode).toBe(400);
  });

  it('shows a generated licence first and a revoked one as revoked (not expired: it ends next month)', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/licenses',
      headers: admin.headers,
      payload: { email: bob.email, mode: 'month' },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json()._id as string;
    expect(ids((await list({})).json())[0]).toBe(id);
    expect((await t.app.inject({ method: 'PUT', url: '/api/subscriptions/licenses', headers: admin.headers, payload: { license_id: id, mode: 'revoke' } })).statusCode).toBe(200);
    const revoked = (await list({ status: 'revoked' })).json();
    expect(ids(revoked)).toContain(id);
    expect(revoked.items.find((l: TLicense) => l._id === id)).toMatchObject({ revoked: true, is_expired: false });
  });
});
