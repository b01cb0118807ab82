import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCustomerSearchHit } from '@lbs/domain/customer-page';
import { users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertLicense, insertPaidOrder } from '../../../test/account-fixtures';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { searchTerms } from './search-customers';

let t: TestApp;
let admin: TestUser;
let zoe: TestUser;
let pat: TestUser;
let key: string;
let orderId: number;
let invoiceNo: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db, 'boss@search.test');
  zoe = await createUserWithSession(t.db, { email: 'Zoe.Alvarez@search.test', firstName: 'Zoë' });
  await t.db.update(users).set({ lastName: 'Alvarez' }).where(eq(users.id, zoe.id));
  pat = await createUserWithSession(t.db, { email: 'pat_100%@search.test', firstName: 'Pat' });
  await createUserWithSession(t.db, { email: 'patx100@search.test', firstName: 'Patrick' });
  for (let i = 0; i < 12; i += 1) await createUserWithSession(t.db, { email: `many${String(i).padStart(2, '0')}@search.test`, firstName: 'Many' });
  const bought = await insertPaidOrder(t.db, pat, {});
  orderId = bought.order.id;
  invoiceNo = bought.invoice!.invoiceNo;
  key = (await insertLicense(t.db, zoe, {})).licenseKey;
});
afterAll(() => t.close());

async function search(q: string): Promise<TCustomerSearchHit[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/search?q=${encodeURIComponent(q)}`, headers: admin.headers });
  expect(res.statusCode, q).toBe(200);
  return res.json().items;
}
const who = (hits: TCustomerSearchHit[]) => hits.map((h) => h.email);

describe('GET /admin/search', () => {
  it('answers a stranger 401, a customer 403, and an admin 400 for no text or too much', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/search?q=' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/search?q=', headers: zoe.headers })).statusCode).toBe(403);
    for (const q of ['', 'q=', 'q=%20%20', `q=${'x'.repeat(201)}`, 'q=a&limit=3']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/search?${q}`, headers: admin.headers });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });

  it('finds an email by how it starts, in any case, with % and _ taken literally', async () => {
    expect(await search('ZOE.AL')).toEqual([
      { user_id: zoe.id, email: 'Zoe.Alvarez@search.test', first_name: 'Zoë', last_name: 'Alvarez', match: 'email', matched: 'email' },
    ]);
    expect(who(await search('pat_'))).toEqual(['pat_100%@search.test']);
    expect(who(await search('pat_100%'))).toEqual(['pat_100%@search.test']);
    expect(who(await search('earch.test'))).toEqual([]);
  });

  it('finds a first name, a last name, and "first last", each by how it starts', async () => {
    expect(await search('alva')).toEqual([expect.objectContaining({ user_id: zoe.id, match: 'name', matched: 'name' })]);
    expect(who(await search('ZOË'))).toEqual(['Zoe.Alvarez@search.test']);
    expect(who(await search('zoë alv'))).toEqual(['Zoe.Alvarez@search.test']);
    expect(who(await search('zoë x'))).toEqual([]);
    // Patrick matches by name and by email: listed once, by the email.
    expect((await search('pat')).map((h) => [h.email, h.match])).toEqual([
      ['pat_100%@search.test', 'email'],
      ['patx100@search.test', 'email'],
    ]);
  });

  it('finds an order by its number as the screens show it', async () => {
    for (const q of [`#${orderId}`, `# ${orderId}`, `order ${orderId}`, `Order #${orderId}`, String(orderId)]) {
      expect(await search(q), q).toContainEqual(expect.objectContaining({ user_id: pat.id, match: 'order', matched: `order #${orderId}` }));
    }
    expect((await search(`#${orderId + 1000}`)).filter((h) => h.match === 'order')).toEqual([]);
  });

  it('finds an invoice by its number in every format ever shown, and names it as INV-00…', async () => {
    const shown = `INV-${String(invoiceNo).padStart(6, '0')}`;
    const only = [shown, shown.toLowerCase(), `INV-${invoiceNo}`, `inv ${invoiceNo}`, `Invoice no. ${invoiceNo}`, `Invoice #${invoiceNo}`, `Receipt ${invoiceNo}`, `receipt-${invoiceNo}.pdf`];
    for (const q of only) {
      expect(await search(q), q).toEqual([expect.objectContaining({ user_id: pat.id, match: 'invoice', matched: `invoice ${shown}` })]);
    }
    // '#n' and a bare number were shown for both (the receipt mail said "Invoice #n"): either may match.
    for (const q of [String(invoiceNo), `#${invoiceNo}`]) {
      expect((await search(q)).filter((h) => h.match === 'invoice'), q).toEqual([expect.objectContaining({ user_id: pat.id, matched: `invoice ${shown}` })]);
    }
    // 'order n' is never an invoice's.
    expect((await search(`order ${invoiceNo}`)).filter((h) => h.match === 'invoice')).toEqual([]);
  });

  it('finds a licence key typed in any case or grouping, and names it by its last group', async () => {
    const compact = key.replace(/-/g, '');
    const regrouped = compact.match(/.{1,4}/g)!.join(' ');
    const typos = key.replace(/0/g, 'O').replace(/1/g, 'l');
    for (const q of [key, key.toLowerCase(), compact, regrouped, ` ${typos} `]) {
      expect(await search(q), q).toEqual([
        { user_id: zoe.id, email: zoe.email, first_name: 'Zoë', last_name: 'Alvarez', match: 'license', matched: `license …${key.slice(-5)}` },
      ]);
    }
    expect(await search(key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'))).toEqual([]);
  });

  it('answers at most ten customers', async () => {
    const hits = await search('many');
    expect(hits).toHaveLength(10);
    expect(new Set(hits.map((h) => h.user_id)).size).toBe(10);
  });
});

describe('searchTerms', () => {
  it('reads a number as an order, an invoice or either, and a key only when it can be one', () => {
    const numbers = (q: string) => {
      const { orderId, invoiceNo } = searchTerms(q);
      return { orderId, invoiceNo };
    };
    expect(numbers('#12')).toEqual({ orderId: 12, invoiceNo: 12 });
    expect(numbers('order 12')).toEqual({ orderId: 12, invoiceNo: undefined });
    expect(numbers('INV-0012')).toEqual({ orderId: undefined, invoiceNo: 12 });
    expect(numbers('inv-000012')).toEqual({ orderId: undefined, invoiceNo: 12 });
    expect(numbers('12')).toEqual({ orderId: 12, invoiceNo: 12 });
    expect(numbers('0')).toEqual({ orderId: undefined, invoiceNo: undefined });
    expect(numbers('99999999999')).toEqual({ orderId: undefined, invoiceNo: undefined });
    expect(searchTerms('abcde').keyHash).toBeUndefined();
    expect(searchTerms('Ann Lee')).toMatchObject({ prefix: 'ann lee', firstAndLast: ['ann', 'lee'] });
  });
});
