import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { insertPaidOrder } from '../../../test/account-fixtures';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db);
  alice = await createUserWithSession(t.db, { email: 'alice_100%@inv.test' });
  bob = await createUserWithSession(t.db, { email: 'bob@inv.test' });
});
afterAll(() => t.close());

const get = (url: string, who?: TestUser) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

describe('GET /invoice/admin/all', () => {
  it('answers a stranger 401, a customer 403 before validating, an admin 400 for bad queries', async () => {
    expect((await get('/api/invoice/admin/all?page=0')).statusCode).toBe(401);
    expect((await get('/api/invoice/admin/all?page=0', alice)).statusCode).toBe(403);
    for (const q of ['page=0', 'page_size=101', 'status=paid', 'q=' + 'x'.repeat(201)]) {
      expect((await get(`/api/invoice/admin/all?${q}`, admin)).statusCode, q).toBe(400);
    }
  });

  it("pages everyone's invoices newest first with the buyer, ties by number, and searches number or email", async () => {
    const same = new Date('2031-01-01T00:00:00Z');
    const a1 = (await insertPaidOrder(t.db, alice, { createdAt: new Date('2030-12-01T00:00:00Z') })).invoice!;
    const a2 = (await insertPaidOrder(t.db, alice, { createdAt: same })).invoice!;
    const b1 = (await insertPaidOrder(t.db, bob, { createdAt: same })).invoice!;
    const b2 = (await insertPaidOrder(t.db, bob, { createdAt: new Date('2031-02-01T00:00:00Z') })).invoice!;

    const p1 = (await get('/api/invoice/admin/all?page_size=3', admin)).json();
    const p2 = (await get('/api/invoice/admin/all?page_size=3&page=2', admin)).json();
    expect(p1).toMatchObject({ total: 4, page: 1, page_size: 3 });
    expect([...p1.items, ...p2.items].map((i: { invoice_no: number }) => i.invoice_no)).toEqual([b2.invoiceNo, b1.invoiceNo, a2.invoiceNo, a1.invoiceNo]);
    expect(p1.items[0]).toMatchObject({ email: bob.email, user_id: bob.id, order_id: b2.orderId, invoice_url: expect.any(String) });

    const nos = async (q: string) =>
      (await get(`/api/invoice/admin/all?q=${encodeURIComponent(q)}`, admin)).json().items.map((i: { invoice_no: number }) => i.invoice_no);
    expect(await nos(String(a2.invoiceNo))).toEqual([a2.invoiceNo]);
    // The number as any screen, receipt, mail or CSV shows or showed it.
    const shown = `INV-${String(a2.invoiceNo).padStart(6, '0')}`;
    for (const q of [shown, shown.toLowerCase(), `INV-${a2.invoiceNo}`, `#${a2.invoiceNo}`, `Receipt ${a2.invoiceNo}`]) expect(await nos(q), q).toEqual([a2.invoiceNo]);
    expect(await nos('BOB@')).toEqual([b2.invoiceNo, b1.invoiceNo]);
    expect(await nos('_100%')).toEqual([a2.invoiceNo, a1.invoiceNo]);
    expect(await nos('9999999999999')).toEqual([]);
  });
});
