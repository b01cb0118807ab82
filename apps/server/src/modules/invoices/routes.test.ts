import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { insertPaidOrder, SAMPLE_SHIPPING } from '../../../test/account-fixtures';
import { invoiceNoFromReceiptUrl } from './receipt-url';

let t: TestApp;
let a: TestUser;
let b: TestUser;
let aInvoiceNo: number;

beforeAll(async () => {
  t = await buildTestApp();
  a = await createUserWithSession(t.db);
  b = await createUserWithSession(t.db);
  const { invoice } = await insertPaidOrder(t.db, a, {
    lines: [
      { productId: 12, quantity: 1 },
      { productId: 2, quantity: 2 },
    ],
    shipping: SAMPLE_SHIPPING,
    shippingCents: 2500,
    discountCents: 15000,
    promoCode: 'SAVE10',
  });
  aInvoiceNo = invoice!.invoiceNo;
  for (let i = 0; i < 11; i += 1) await insertPaidOrder(t.db, a, { createdAt: new Date(Date.UTC(2024, 0, i + 1)) });
  await insertPaidOrder(t.db, b);
});
afterAll(() => t.close());

const get = (u: TestUser, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/invoice', headers: u.headers, query });
const receipt = (u: TestUser, receipt_url: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/invoice/generate-receipt-pdf', headers: u.headers, payload: { receipt_url } });

describe('GET /api/invoice', () => {
  it('pages the caller’s own invoices, newest first', async () => {
    const res = await get(a);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(12);
    expect(body.items).toHaveLength(10);
    expect(body.items[0]).toMatchObject({
      invoice_no: aInvoiceNo,
      order_id: expect.any(Number),
      invoice_url: `/api/invoice/${aInvoiceNo}/receipt`,
      total: 1500 + 600 - 150 + 25,
    });
    expect((await get(a, { page: '2' })).json().items).toHaveLength(2);
  });

  it('shows user B none of A’s invoices', async () => {
    const body = (await get(b)).json();
    expect(body.total).toBe(1);
    expect(body.items.map((i: { invoice_no: number }) => i.invoice_no)).not.toContain(aInvoiceNo);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/invoice' })).statusCode).toBe(401);
  });
});

describe('POST /api/invoice/generate-receipt-pdf', () => {
  it('renders the receipt PDF from the server’s invoice data', async () => {
    for (const url of [`/api/invoice/${aInvoiceNo}/receipt`, `https://shop.example/api/invoice/${aInvoiceNo}/receipt`, String(aInvoiceNo)]) {
      const res = await receipt(a, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const bytes = res.rawPayload;
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const shown = `INV-${String(aInvoiceNo).padStart(6, '0')}`;
      expect(bytes.toString('latin1')).toContain(`Receipt ${shown}`);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${shown}.pdf"`);
    }
  });

  it('answers 404 for another user’s invoice and for a missing one, the same way', async () => {
    const other = await receipt(b, `/api/invoice/${aInvoiceNo}/receipt`);
    const missing = await receipt(b, '/api/invoice/999999/receipt');
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });

  it('lets an admin download any receipt', async () => {
    const admin = await createAdminWithSession(t.db);
    expect((await receipt(admin, String(aInvoiceNo))).statusCode).toBe(200);
  });

  it('refuses a URL that names no invoice of ours, without fetching it', async () => {
    for (const bad of ['http://169.254.169.254/latest/meta-data', 'file:///etc/passwd', '/api/invoice/abc/receipt', '']) {
      const res = await receipt(a, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect((await receipt(a, 42)).statusCode).toBe(400);
  });

  it('also serves the receipt at its invoice_url', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/invoice/${aInvoiceNo}/receipt`, headers: a.headers });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect((await t.app.inject({ method: 'GET', url: `/api/invoice/${aInvoiceNo}/receipt`, headers: b.headers })).statusCode).toBe(404);
  });
});

describe('invoiceNoFromReceiptUrl', () => {
  it('reads only our own receipt path or a bare number', () => {
    expect(invoiceNoFromReceiptUrl('/api/invoice/7/receipt')).toBe(7);
    expect(invoiceNoFromReceiptUrl(' 1002 ')).toBe(1002);
    expect(() => invoiceNoFromReceiptUrl('/api/invoice/7/receipt/../../x')).toThrow();
    expect(() => invoiceNoFromReceiptUrl('/api/order/7')).toThrow();
  });
});
