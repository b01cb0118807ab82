import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CATALOGUE } from '@lbs/domain/catalogue';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../lib/password';
import { openTestDatabase, type TestDatabase } from '../../test/build-test-app';
import { ensureAdmin, seedCatalogue } from './seed';
import { products, users } from './schema';

const log = { info: vi.fn(), warn: vi.fn() } as unknown as Pick<FastifyBaseLogger, 'info' | 'warn'>;

let testDb: TestDatabase;
const db = () => testDb.database.db;
const admins = () => db().select().from(users).where(eq(users.role, 'admin'));

// One database for the file; each test starts from empty users and products tables.
beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(() => testDb?.close());
beforeEach(async () => {
  await db().delete(users);
  await db().delete(products);
});
afterEach(() => {
  vi.restoreAllMocks();
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

describe('ensureAdmin', () => {
  const email = 'Boss@Example.com';
  const password = 'Correct-Horse-9!';

  it('creates the configured admin, verified, with that password, and is idempotent', async () => {
    await ensureAdmin(db(), { email, password }, log);
    await ensureAdmin(db(), { email, password }, log);
    const rows = await admins();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'boss@example.com',
      role: 'admin',
      isEmailVerified: true,
    });
    expect(await verifyPassword(rows[0]!.passwordHash!, password)).toBe(true);
  });

  it('promotes an existing account and resets its password to the configured one', async () => {
    await db()
      .insert(users)
      .values({ username: 'boss', email: 'boss@example.com', passwordHash: 'not-a-hash' });
    await ensureAdmin(db(), { email, password }, log);
    const rows = await db().select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'admin', isEmailVerified: true });
    expect(await verifyPassword(rows[0]!.passwordHash!, password)).toBe(true);
  });

  it('with nothing configured, creates exactly one admin on an empty database and prints its password once', async () => {
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    await ensureAdmin(db(), {}, log);
    await ensureAdmin(db(), {}, log);
    const rows = await admins();
    expect(rows).toHaveLength(1);
    expect(print).toHaveBeenCalledTimes(1);
    const printed = String(print.mock.calls[0]![0]);
    expect(printed).toContain(rows[0]!.email);
    const shown = /Password \(shown once\): (\S+)/.exec(printed)?.[1];
    expect(shown).toBeTruthy();
    expect(await verifyPassword(rows[0]!.passwordHash!, shown!)).toBe(true);
  });

  it('with nothing configured, leaves a database that already has an admin alone', async () => {
    await ensureAdmin(db(), { email, password }, log);
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    await ensureAdmin(db(), {}, log);
    expect(await admins()).toHaveLength(1);
    expect(print).not.toHaveBeenCalled();
  });
});

describe('ensureAdmin on a shop that already has customers', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(() => t.close());

  it('creates no generated admin when the database is not empty', async () => {
    const db = t.database.db;
    await db.insert(users).values({ username: 'c', email: 'customer@example.com' });
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    await ensureAdmin(db, {}, { info: () => {}, warn: () => {} });
    expect(print).not.toHaveBeenCalled();
    print.mockRestore();
    const admins = (await db.select().from(users)).filter((u) => u.role !== 'user');
    expect(admins).toHaveLength(0);
  });
});
