import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CATALOGUE } from '@lbs/domain/catalogue';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { products } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('GET /api/catalogue/products', () => {
  it('lists every product on sale with its price in USD, in id order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/catalogue/products' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<{ id: number; key: string; price: number; kind: string; shippable: boolean }>;
    expect(body.map((p) => p.id)).toEqual(CATALOGUE.map((p) => p.id));
    expect(body.find((p) => p.key === 'perforated_paper')).toMatchObject({ id: 1, price: 220, kind: 'accessory', shippable: true });
    expect(body.find((p) => p.key === 'adhesion_roller')?.price).toBe(300);
    expect(body.find((p) => p.key === 'luggage_tag_cutter')?.price).toBe(220);
    expect(body.find((p) => p.id === 13)).toMatchObject({ price: 990, kind: 'license', license_type: 'onetime' });
    expect(Object.keys(body[0]!)).not.toContain('stripe_price_id');
  });

  it('reads the table, so a price change or a withdrawn product shows at once', async () => {
    await t.db.update(products).set({ priceCents: 23950 }).where(eq(products.id, 1));
    await t.db.update(products).set({ active: false }).where(eq(products.id, 3));
    const body = (await t.app.inject({ method: 'GET', url: '/api/catalogue/products' })).json() as Array<{ id: number; price: number }>;
    expect(body.find((p) => p.id === 1)?.price).toBe(239.5);
    expect(body.some((p) => p.id === 3)).toBe(false);
  });
});
