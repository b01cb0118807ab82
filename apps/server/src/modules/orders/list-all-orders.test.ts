import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { insertPaidOrder, SAMPLE_SHIPPING } from '../../../test/account-fixtures';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ BUSINESS_TIME_ZONE: 'Asia/Singapore' });
  admin = await createAdminWithSession(t.db);
  alice = await createUserWithSession(t.db, { email: 'alice@ord.test' });
  bob = await createUserWithSession(t.db, { email: 'bob@ord.test' });
});
afterAll(() => t.close());

const get = (url: string, who?: TestUser) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const ids = async (query: string) =>
  (await get(`/api/order/admin/all?page_size=100&${query}`, admin)).json().items.map((o: { order_id: number }) => o.order_id);

describe('GET /order/admin/all', () => {
  it('answers a stranger 401, a customer 403 before validating, an admin 400 for bad queries', async () => {
    expect((await get('/api/order/admin/all?status=nope')).statusCode).toBe(401);
    expect((await get('/api/order/admin/all?status=nope', alice)).statusCode).toBe(403);
    for (const q of ['status=nope', 'from=2031-02-30', 'to=yesterday', 'from=2031-03-02&to=2031-03-01', 'page=0', 'extra=1']) {
      const res = await get(`/api/order/admin/all?${q}`, admin);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().detail, q).toEqual(expect.any(String));
    }
  });

  it('pages paid orders of everyone newest first with lines and owner, ties by id, and filters', async () => {
    const same = new Date('2031-03-01T15:00:00Z'); // 23:00 on 1 March in Singapore
    const o1 = (await insertPaidOrder(t.db, alice, { createdAt: same, shipping: { ...SAMPLE_SHIPPING, name: 'Zoë Quill' } })).order;
    const o2 = (await insertPaidOrder(t.db, bob, { createdAt: same, status: 'shipped' })).order;
    const o3 = (await insertPaidOrder(t.db, alice, { createdAt: new Date('2031-03-01T17:00:00Z'), status: 'shipped' })).order; // 2 March there
    await insertPaidOrder(t.db, bob, { paymentStatus: 'unpaid', createdAt: new Date('2031-03-05T00:00:00Z') });

    const p1 = (await get('/api/order/admin/all?page_size=2', admin)).json();
    const p2 = (await get('/api/order/admin/all?page_size=2&page=2', admin)).json();
    expect(p1).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect([...p1.items, ...p2.items].map((o: { order_id: number }) => o.order_id)).toEqual([o3.id, o2.id, o1.id]);
    expect(p1.items[0]).toMatchObject({ user_id: alice.id, email: alice.email, payment_status: 'paid', products: [expect.objectContaining({ quantity: 1 })] });

    expect(await ids('status=shipped')).toEqual([o3.id, o2.id]);
    expect(await ids('status=delivered')).toEqual([]);
    expect(await ids(`q=${o2.id}`)).toEqual([o2.id]);
    // As the back office shows it: '#1042'.
    expect(await ids(`q=${encodeURIComponent(`#${o2.id}`)}`)).toEqual([o2.id]);
    expect(await ids('q=ALICE@ORD')).toEqual([o3.id, o1.id]);
    expect(await ids(`q=${encodeURIComponent('zoë q')}`)).toEqual([o1.id]);
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids('from=2031-03-02')).toEqual([o3.id]);
    expect(await ids('to=2031-03-01')).toEqual([o2.id, o1.id]);
    expect(await ids('from=2031-03-01&to=2031-03-01&status=shipped&q=bob')).toEqual([o2.id]);
  });

  it('finds any order by its number whatever its payment state, and lists a payment state on request (issue 37)', async () => {
    const carol = await createUserWithSession(t.db, { email: 'carol@ord.test' });
    const at = new Date('2032-06-01T00:00:00Z');
    const of = async (paymentStatus: 'unpaid' | 'paid' | 'partially_refunded' | 'refunded' | 'failed' | 'cancelled') =>
      (await insertPaidOrder(t.db, carol, { paymentStatus, createdAt: at })).order.id;
    const unpaid = await of('unpaid');
    const failed = await of('failed');
    const cancelled = await of('cancelled');
    const paid = await of('paid');
    const partly = await of('partially_refunded');
    const refunded = await of('refunded');
    // "4001" → the abandoned checkout itself, not "No orders found".
    expect(await ids(`q=${unpaid}`)).toEqual([unpaid]);
    expect(await ids(`q=${encodeURIComponent(`#${failed}`)}`)).toEqual([failed]);
    // The default list, and a search by email, stay the paid orders.
    expect(await ids('q=carol@ord')).toEqual([refunded, partly, paid]);
    expect(await ids('from=2032-06-01&to=2032-06-01')).toEqual([refunded, partly, paid]);
    const byPayment = async (p: string) => ids(`payment=${p}&q=carol@ord`);
    expect(await byPayment('unpaid')).toEqual([unpaid]);
    expect(await byPayment('paid')).toEqual([paid]);
    expect(await byPayment('partially_refunded')).toEqual([partly]);
    expect(await byPayment('refunded')).toEqual([refunded]);
    expect(await byPayment('cancelled')).toEqual([cancelled]);
    expect(await byPayment('failed')).toEqual([failed]);
    const page = (await get('/api/order/admin/all?payment=unpaid&page_size=1', admin)).json();
    expect(page).toMatchObject({ page: 1, page_size: 1, items: [expect.objectContaining({ payment_status: 'unpaid' })] });
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect((await get('/api/order/admin/all?payment=nope', admin)).statusCode).toBe(400);
  });

  it('takes a business day whole, from its first instant up to (not including) the next business midnight', async () => {
    // 10 April 2031 in Singapore runs from 16:00 UTC on the 9th to 16:00 UTC on the 10th.
    const at = async (iso: string) => (await insertPaidOrder(t.db, alice, { createdAt: new Date(iso) })).order.id;
    await at('2031-04-09T15:59:59.999Z');
    const first = await at('2031-04-09T16:00:00.000Z');
    const last = await at('2031-04-10T15:59:59.999Z');
    await at('2031-04-10T16:00:00.000Z'); // business midnight: 00:00 on 11 April there
    expect(await ids('from=2031-04-10&to=2031-04-10')).toEqual([last, first]);
  });
});
