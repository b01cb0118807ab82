import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertLicense, insertPaidOrder } from '../../../test/account-fixtures';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { listCustomerInvoices } from './list-customer-invoices';
import { listCustomerLicenses } from './list-customer-licenses';
import { listCustomerNotifications } from './list-customer-notifications';
import { listCustomerOrders } from './list-customer-orders';
import { listCustomerTimeline } from './list-customer-timeline';

let t: TestApp;
let admin: TestUser;
let carol: TestUser;
let dave: TestUser;

const day = (n: number) => new Date(Date.UTC(2030, 0, 1) + n * 86_400_000);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db);
  carol = await createUserWithSession(t.db, { email: 'carol@cust.test', firstName: 'Carol' });
  dave = await createUserWithSession(t.db, { email: 'dave@cust.test' });
  // Carol: 12 orders on 12 days (two of them not paid), a licence per paid order, 12 notifications.
  for (let i = 0; i < 12; i += 1) {
    const paymentStatus = i === 3 ? 'failed' : i === 7 ? 'unpaid' : 'paid';
    const { order } = await insertPaidOrder(t.db, carol, { createdAt: day(i), paymentStatus });
    if (paymentStatus === 'paid') await insertLicense(t.db, carol, { startAt: day(i), orderId: order.id, deviceId: i === 0 ? 'booth-a' : null });
  }
  await t.db.insert(notifications).values([...Array(12).keys()].map((i) => ({ userId: carol.id, type: 'order_status_update', title: `N${i}`, message: 'm', createdAt: day(i) })));
  // Dave's rows must never show on Carol's page.
  await insertPaidOrder(t.db, dave, { createdAt: day(5) });
});
afterAll(() => t.close());

const get = (url: string, who?: TestUser) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const LISTS = ['orders', 'invoices', 'licenses', 'notifications', 'timeline'] as const;

describe('the customer routes’ guards', () => {
  it('answer a stranger 401 and a customer 403 before validating anything', async () => {
    for (const url of ['/api/admin/customers/x', '/api/admin/customers/1?page=0', ...LISTS.map((l) => `/api/admin/customers/0/${l}?page=0`), '/api/admin/search?q=']) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, carol)).statusCode, url).toBe(403);
    }
  });

  it('answer 400 with a detail for bad ids and pages, 404 for an unknown customer', async () => {
    for (const url of ['/api/admin/customers/abc', '/api/admin/customers/0', '/api/admin/customers/99999999999', '/api/admin/customers/1.5']) {
      const res = await get(url, admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail, url).toEqual(expect.any(String));
    }
    for (const list of LISTS) {
      for (const q of ['page=0', 'page=-1', 'page=x', 'page_size=101', 'page_size=0', 'sort=asc']) {
        const res = await get(`/api/admin/customers/${carol.id}/${list}?${q}`, admin);
        expect(res.statusCode, `${list}?${q}`).toBe(400);
        expect(res.json().detail).toEqual(expect.any(String));
      }
      const missing = await get(`/api/admin/customers/2147483647/${list}`, admin);
      expect(missing.statusCode, list).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Customer not found' });
    }
    expect((await get('/api/admin/customers/2147483647', admin)).json()).toEqual({ detail: 'Customer not found' });
  });
});

describe('GET /admin/customers/:id', () => {
  it('answers the profile, verification, sign-up, time zone, total spent and counts', async () => {
    const res = await get(`/api/admin/customers/${carol.id}`, admin);
    expect(res.statusCode).toBe(200);
    const paid = await t.db.query.orders.findMany({ where: (o, { and, eq }) => and(eq(o.userId, carol.id), eq(o.paymentStatus, 'paid')) });
    expect(res.json()).toEqual({
      id: carol.id,
      email: 'carol@cust.test',
      username: 'carol',
      first_name: 'Carol',
      last_name: '',
      role: 'user',
      photo_url: null,
      is_email_verified: true,
      email_verified_at: null,
      pending_email: null,
      created_at: expect.stringMatching(/Z$/),
      time_zone: 'Asia/Singapore',
      total_spent_cents: paid.reduce((s, o) => s + o.totalCents, 0),
      currency: 'usd',
      counts: { orders: 12, invoices: 10, licenses: 10, notifications: 12 },
    });
    expect(paid).toHaveLength(10);
  });
});

describe('the customer’s lists', () => {
  it('page orders newest first, every payment state, the first and the last page', async () => {
    const first = (await get(`/api/admin/customers/${carol.id}/orders?page_size=5`, admin)).json();
    const last = (await get(`/api/admin/customers/${carol.id}/orders?page_size=5&page=3`, admin)).json();
    expect(first).toMatchObject({ total: 12, page: 1, page_size: 5 });
    expect(last).toMatchObject({ total: 12, page: 3, page_size: 5 });
    expect(first.items.map((o: { created_at: string }) => o.created_at)).toEqual([11, 10, 9, 8, 7].map((i) => day(i).toISOString()));
    expect(last.items.map((o: { created_at: string }) => o.created_at)).toEqual([1, 0].map((i) => day(i).toISOString()));
    expect(first.items[0]).toMatchObject({ user_id: carol.id, products: [expect.objectContaining({ quantity: 1 })] });
    expect(first.items.find((o: { created_at: string }) => o.created_at === day(7).toISOString()).payment_status).toBe('unpaid');
    expect((await get(`/api/admin/customers/${carol.id}/orders?page=4&page_size=5`, admin)).json()).toMatchObject({ items: [], total: 12, page: 4 });
  });

  it('page invoices, licences with their devices, and notifications, newest first', async () => {
    const inv = (await get(`/api/admin/customers/${carol.id}/invoices?page_size=4&page=3`, admin)).json();
    expect(inv).toMatchObject({ total: 10, page: 3 });
    expect(inv.items.map((i: { created_at: string }) => i.created_at)).toEqual([1, 0].map((i) => day(i).toISOString()));
    expect(inv.items[0]).toMatchObject({ user_id: carol.id, email: carol.email, invoice_url: expect.any(String) });

    const lic = (await get(`/api/admin/customers/${carol.id}/licenses?page_size=9&page=2`, admin)).json();
    expect(lic).toMatchObject({ total: 10, page: 2 });
    expect(lic.items).toHaveLength(1);
    expect(lic.items[0]).toMatchObject({ device_number: 'booth-a', create_date: day(0).toISOString(), device_name: null, app_version: null, last_seen_at: null });

    const notes = (await get(`/api/admin/customers/${carol.id}/notifications?page_size=3`, admin)).json();
    expect(notes.items.map((n: { title: string }) => n.title)).toEqual(['N11', 'N10', 'N9']);
    expect(notes.total).toBe(12);
  });

  it('show nothing of another customer', async () => {
    const orders = (await get(`/api/admin/customers/${dave.id}/orders`, admin)).json();
    expect(orders).toMatchObject({ total: 1 });
    expect((await get(`/api/admin/customers/${dave.id}/licenses`, admin)).json()).toMatchObject({ items: [], total: 0 });
    expect((await get(`/api/admin/customers/${admin.id}/timeline`, admin)).json().items.map((e: { kind: string }) => e.kind)).toEqual(['signed_up']);
  });

  it('read a page in the same few statements whatever its size (no query per row)', async () => {
    const lists = { listCustomerOrders, listCustomerInvoices, listCustomerLicenses, listCustomerNotifications, listCustomerTimeline };
    for (const [name, list] of Object.entries(lists)) {
      for (const page of [1, 2]) {
        const counted = countingDb(t.db);
        const { items } = await list(counted.db, carol.id, { page, page_size: 10 });
        expect(items.length, name).toBeGreaterThanOrEqual(page === 1 ? 10 : 0);
        // The customer check, the count, the rows, and one query each for the page's lines,
        // device resets, device names or open automatic renewals.
        expect(counted.statements(), `${name} page ${page}`).toBeLessThanOrEqual(6);
      }
    }
  });
});

/** The database, counting the statements started through it (each select, insert, execute...). */
function countingDb(db: Db): { db: Db; statements: () => number } {
  let n = 0;
  const starts = new Set(['select', 'selectDistinct', 'insert', 'update', 'delete', 'execute']);
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (starts.has(String(prop))) n += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, statements: () => n };
}
