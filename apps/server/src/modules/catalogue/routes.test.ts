import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CATALOGUE } from '@lbs/domain/catalogue';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { buildTestApp, onPostgres, type TestApp } from '../../../test/build-test-app';
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

  it('follows the table, so a price change or a withdrawn product shows without a restart', async () => {
    await t.db.update(products).set({ priceCents: 23950 }).where(eq(products.id, 1));
    await t.db.update(products).set({ active: false }).where(eq(products.id, 3));
    const body = await eventually(t.app, (b) => b.find((p) => p.id === 1)?.price === 239.5);
    expect(body.find((p) => p.id === 1)?.price).toBe(239.5);
    expect(body.some((p) => p.id === 3)).toBe(false);
  });

  it('answers from memory until the products table signals a change', async () => {
    // Earlier changes' signals must not land inside the check below. Signals arrive in commit order,
    // but a reload may show this marker before the marker's own signal is delivered, so give that
    // signal a moment to arrive after the marker shows.
    await t.db.update(products).set({ priceCents: 30100 }).where(eq(products.id, 2));
    await eventually(t.app, (b) => b.find((p) => p.id === 2)?.price === 301);
    await new Promise((r) => setTimeout(r, 300));
    const before = await list(t.app);
    // With the signal switched off, a change is not seen: the answer comes from memory.
    await t.db.execute(sql`alter table products disable trigger products_signal_change`);
    try {
      await t.db.update(products).set({ priceCents: 11100 }).where(eq(products.id, 2));
      await new Promise((r) => setTimeout(r, 100));
      expect((await list(t.app)).find((p) => p.id === 2)?.price).toBe(before.find((p) => p.id === 2)?.price);
    } finally {
      await t.db.execute(sql`alter table products enable trigger products_signal_change`);
    }
    await t.db.update(products).set({ priceCents: 11200 }).where(eq(products.id, 2));
    await eventually(t.app, (b) => b.find((p) => p.id === 2)?.price === 112);
  });

  it.runIf(onPostgres())('a change made through one process is served by another on the same database', async () => {
    const second = await openDatabase({ url: t.databaseUrl });
    const other = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: t.databaseUrl }), {
      database: second,
      serveWeb: false,
    });
    try {
      await list(other);
      await t.db.update(products).set({ priceCents: 4200 }).where(eq(products.id, 10));
      await eventually(other, (b) => b.find((p) => p.id === 10)?.price === 42);
    } finally {
      await other.close();
      await second.close();
    }
  });
});

type Listed = Array<{ id: number; price: number }>;
async function list(app: FastifyInstance): Promise<Listed> {
  const res = await app.inject({ method: 'GET', url: '/api/catalogue/products' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json() as Listed;
}

// The change is signalled on commit; on PostgreSQL the signal reaches the listening connection a
// moment later. A bounded wait, not a sleep: a cache that missed the signal never gets there.
async function eventually(app: FastifyInstance, seen: (body: Listed) => boolean): Promise<Listed> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const body = await list(app);
    if (seen(body)) return body;
    if (Date.now() > deadline) throw new Error(`the change was not served within 2 s: ${JSON.stringify(body.map((p) => [p.id, p.price]))}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
