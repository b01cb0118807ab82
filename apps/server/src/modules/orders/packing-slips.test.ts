import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProduct } from '@lbs/domain/catalogue';
import type { TestApp } from '../../../test/build-test-app';
import { buildAdminTestApp } from '../../../test/admin-test-app';
import type { TestUser } from '../../../test/fixtures';
import { insertPaidOrder, SAMPLE_SHIPPING } from '../../../test/account-fixtures';
import { pdfTextLines } from '../../../test/pdf-text';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ({ t, admin, customer } = await buildAdminTestApp());
});
afterAll(() => t.close());

const get = (u: TestUser | null, url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: u?.headers });

/** The pages of a pdfkit file: each starts a /Type /Page object. */
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

const parcel = async (lines: Array<{ productId: number; quantity: number }>) =>
  (await insertPaidOrder(t.db, customer, { lines, shipping: SAMPLE_SHIPPING, shippingCents: 2100, status: 'processing' })).order;

describe('packing slips', () => {
  it('are the admin’s: 401 for a stranger, 403 for a customer, before validation', async () => {
    expect((await get(null, '/order/admin/packing-slips.pdf?ids=x')).statusCode).toBe(401);
    expect((await get(customer, '/order/admin/packing-slips.pdf?ids=x')).statusCode).toBe(403);
    expect((await get(customer, '/order/admin/1/packing-slip.pdf')).statusCode).toBe(403);
  });

  it('show an order’s lines, quantities, ship-to address, number and day, and no price', async () => {
    const order = await parcel([
      { productId: 2, quantity: 3 },
      { productId: 1, quantity: 1 },
    ]);
    const res = await get(admin, `/order/admin/${order.id}/packing-slip.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="packing-slip-${order.id}.pdf"`);
    expect(pageCount(res.rawPayload)).toBe(1);
    const text = pdfTextLines(res.rawPayload);
    const joined = text.join('\n');
    expect(text).toContain('PACKING SLIP');
    expect(text).toContain(`#${order.id}`);
    for (const id of [1, 2]) expect(text).toContain(findProduct(id)!.name);
    expect(text).toContain('3');
    expect(text).toContain('4 items in all');
    for (const part of [SAMPLE_SHIPPING.name, SAMPLE_SHIPPING.address, 'Singapore, Singapore, 018989', 'Singapore']) expect(text).toContain(part);
    // No money anywhere: no currency sign, no decimal amount, none of the order's figures.
    expect(joined).not.toMatch(/\$|USD|\d+\.\d{2}/);
    // Compared as whole words, the day it was placed left out: a figure's digits may turn up inside
    // the customer's random email ('…b2122@…' holds the shipping's 21; CI, 2026-11-27) or the date.
    const words = text.filter((line) => !/^\d{1,2} [A-Z][a-z]{2} \d{4}$/.test(line)).join(' ').split(/[^\w.@#]+/);
    expect(words).toContain('3'); // a quantity, so the words are what the slip shows
    for (const cents of [order.subtotalCents, order.totalCents, order.shippingCents]) expect(words).not.toContain(String(cents / 100));
  });

  it('put several orders in one file, a page each, in the order asked', async () => {
    const a = await parcel([{ productId: 3, quantity: 2 }]);
    const b = await parcel([{ productId: 2, quantity: 1 }]);
    const res = await get(admin, `/order/admin/packing-slips.pdf?ids=${b.id},${a.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="packing-slips.pdf"');
    expect(pageCount(res.rawPayload)).toBe(2);
    const text = pdfTextLines(res.rawPayload);
    expect(text.indexOf(`#${b.id}`)).toBeLessThan(text.indexOf(`#${a.id}`));
    expect(text.filter((l) => l === 'PACKING SLIP')).toHaveLength(2);
    expect(text.join('\n')).not.toMatch(/\$|\d+\.\d{2}/);
    // Exactly once: an order asked for twice (a selection gathered across pages and searches, a
    // link pasted again) is still one slip, so no parcel is packed twice.
    const twice = await get(admin, `/order/admin/packing-slips.pdf?ids=${a.id},${b.id},${a.id}`);
    expect(twice.statusCode).toBe(200);
    expect(pageCount(twice.rawPayload)).toBe(2);
    expect(pdfTextLines(twice.rawPayload).filter((l) => l === 'PACKING SLIP')).toHaveLength(2);
  });

  it('answer 404 naming unknown or unpaid orders, and 400 past 100 ids or for ids that are not ids', async () => {
    const a = await parcel([{ productId: 2, quantity: 1 }]);
    const unpaid = (await insertPaidOrder(t.db, customer, { paymentStatus: 'unpaid', shipping: SAMPLE_SHIPPING })).order;
    const missing = await get(admin, `/order/admin/packing-slips.pdf?ids=${a.id},999999,${unpaid.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(`Orders #999999, #${unpaid.id} not found`);
    expect((await get(admin, '/order/admin/999999/packing-slip.pdf')).statusCode).toBe(404);
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    const tooMany = await get(admin, `/order/admin/packing-slips.pdf?ids=${many}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toMatch(/at most 100/);
    for (const ids of ['', '1,,2', '0', '1;2', '-1', 'abc']) expect((await get(admin, `/order/admin/packing-slips.pdf?ids=${ids}`)).statusCode, ids).toBe(400);
    // 100 is allowed (they are unknown here, so 404, not 400).
    expect((await get(admin, `/order/admin/packing-slips.pdf?ids=${Array.from({ length: 100 }, (_, i) => 900_000 + i).join(',')}`)).statusCode).toBe(404);
  });
});
