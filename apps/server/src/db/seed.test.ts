import { eq } from 'drizzle-orm';
import { CATALOGUE } from '@lbs/domain/catalogue';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/build-test-app';
import { seedCatalogue } from './seed';
import { products } from './schema';

let testDb: TestDatabase;
const db = () => testDb.database.db;

// One database for the file; each test starts from an empty products table.
beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(() => testDb?.close());
beforeEach(async () => {
  await db().delete(products);
});

describe('seedCatalogue', () => {
  it('stores every catalogue product with its price in cents, and can run again', async () => {
    await seedCatalogue(db());
    await seedCatalogue(db());
    const rows = await db().select().from(products).orderBy(products.id);
    expect(rows.map((r) => r.id)).toEqual(CATALOGUE.map((p) => p.id));
    for (const p of CATALOGUE) {
      const row = rows.find((r) => r.id === p.id)!;
      expect(row).toMatchObject({
        key: p.key,
        name: p.name,
        priceCents: Math.round(p.price * 100),
        kind: p.kind,
        licenseType: p.licenseType ?? null,
        shippable: p.shippable,
      });
    }
    // DESIGN §4: the figures the whole shop charges from.
    const cents = Object.fromEntries(rows.map((r) => [r.key, r.priceCents]));
    expect(cents).toMatchObject({
      daily_license: 4000,
      monthly_license: 15000,
      yearly_license: 150000,
      one_time_setup: 99000,
    });
  });

  it('puts back a price changed in the database', async () => {
    await seedCatalogue(db());
    await db().update(products).set({ priceCents: 1 }).where(eq(products.id, CATALOGUE[0]!.id));
    await seedCatalogue(db());
    const [row] = await db().select().from(products).where(eq(products.id, CATALOGUE[0]!.id));
    expect(row!.priceCents).toBe(Math.round(CATALOGUE[0]!.price * 100));
  });
});
