import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { insertPaidOrder, SAMPLE_SHIPPING } from '../../../test/account-fixtures';

let t: TestApp;
let a: TestUser;
let b: TestUser;
let shippedId: number;

beforeAll(async () => {
  t = await buildTestApp();
  a = await createUserWithSession(t.db);
  b = await createUserWithSession(t.db);
  for (let i = 0; i < 10; i += 1) await insertPaidOrder(t.db, a, { createdAt: new Date(Date.UTC(2024, 0, i + 1)) });
  const { order } = await insertPaidOrder(t.db, a, {
    lines: [
      { productId: 1, quantity: 3 },
      { productId: 13, quantity: 1 },
    ],
    shipping: SAMPLE_SHIPPING,
    shippingCents: 3000,
    status: 'shipped',
    trackNum: 'SG123456789',
    trackUrl: 'https://track.example/SG123456789',
    carrierName: 'SingPost',
    estimateDate: '2025-07-01',
  });
  shippedId = order.id;
  // A checkout that was never paid is not an order the customer placed.
  await insertPaidOrder(t.db, a, { paymentStatus: 'unpaid' });
  await insertPaidOrder(t.db, b);
});
afterAll(() => t.close());

const list = (u: TestUser, userId: number, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/order/user/${userId}`, headers: u.headers, query });

describe('GET /api/order/user/{userId}', () => {
  it('pages the user’s paid orders, newest first, with lines, shipping and tracking', async () => {
    const res = await list(a, a.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(11);
    expect(body.items).toHaveLength(10);
    expect(body.items[0]).toMatchObject({
      order_id: shippedId,
      status: 'shipped',
      shipping_info: { name: 'Ana Tan', city: 'Singapore', country: 'SG' },
      products: [
        { name: 'Perforated Paper (4x6”)', quantity: 3 },
        { name: 'One Time Setup', quantity: 1 },
      ],
      track_num: 'SG123456789',
      track_url: 'https://track.example/SG123456789',
      carrier_name: 'SingPost',
      estimate_date: '2025-07-01',
      total: 660 + 990 + 30,
    });
    const p2 = (await list(a, a.id, { page: '2' })).json();
    expect(p2.items).toHaveLength(1);
    expect(p2.items[0].products).toEqual([{ order_line_id: expect.any(Number), product_id: 12, name: 'Yearly License', quantity: 1, price: 1500, refunded_quantity: 0 }]);
  });

  it('refuses another user’s id with 403 and lists none of A’s orders for B', async () => {
    const res = await list(b, a.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: expect.any(String) });
    const own = (await list(b, b.id)).json();
    expect(own.total).toBe(1);
    expect(own.items.map((o: { order_id: number }) => o.order_id)).not.toContain(shippedId);
  });

  it('lets an admin read a user’s orders; refuses visitors and bad ids', async () => {
    const admin = await createAdminWithSession(t.db);
    expect((await list(admin, a.id)).json().total).toBe(11);
    expect((await t.app.inject({ method: 'GET', url: `/api/order/user/${a.id}` })).statusCode).toBe(401);
    expect((await list(a, -1)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/order/user/me', headers: a.headers })).statusCode).toBe(400);
  });
});
