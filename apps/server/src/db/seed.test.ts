import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CATALOGUE } from '@lbs/domain/catalogue';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from '../lib/password';
import { createSession } from '../modules/auth/session-store';
import { issueEmailToken } from '../modules/auth/email-tokens';
import { openTestDatabase, type TestDatabase } from '../../test/build-test-app';
import { ensureAdmin, seedCatalogue } from './seed';
import { emailTokens, products, sessions, users } from './schema';

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

describe('ensureAdmin with ADMIN_EMAIL naming an account someone registered earlier', () => {
  const email = 'owner@example.com';
  const registrantPassword = 'Registrant-Pw-9!';

  /** What a stranger leaves behind after signing up with the owner's address: no proof, their password. */
  async function registerUnverified() {
    const [u] = await db()
      .insert(users)
      .values({ username: 'squatter', email, isEmailVerified: false, passwordHash: await hashPassword(registrantPassword), pendingEmail: 'squatter@evil.test' })
      .returning();
    await createSession(db(), u!.id);
    await issueEmailToken(db(), { userId: u!.id, email: 'squatter@evil.test', purpose: 'change_email' });
    return { id: u!.id };
  }
  const liveSessions = (userId: number) =>
    db().select().from(sessions).where(eq(sessions.userId, userId)).then((rows) => rows.filter((s) => !s.revokedAt));
  const liveTokens = (userId: number) =>
    db().select().from(emailTokens).where(eq(emailTokens.userId, userId)).then((rows) => rows.filter((r) => !r.usedAt));

  it('without ADMIN_PASSWORD, replaces the registrant’s password with a one-time one, printed once, and ends their sessions and pending change', async () => {
    const squatter = await registerUnverified();
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    await ensureAdmin(db(), { email }, log);
    const [row] = await db().select().from(users).where(eq(users.id, squatter.id));
    expect(row).toMatchObject({ role: 'admin', isEmailVerified: true, pendingEmail: null });
    expect(await verifyPassword(row!.passwordHash, registrantPassword)).toBe(false);
    expect(print).toHaveBeenCalledTimes(1);
    const shown = /Password \(shown once\): (\S+)/.exec(String(print.mock.calls[0]![0]))?.[1];
    expect(await verifyPassword(row!.passwordHash, shown!)).toBe(true);
    expect(await liveSessions(squatter.id)).toEqual([]);
    expect(await liveTokens(squatter.id)).toEqual([]);

    // The next start finds a proven admin and leaves it alone.
    await ensureAdmin(db(), { email }, log);
    expect(print).toHaveBeenCalledTimes(1);
    const [again] = await db().select().from(users).where(eq(users.id, squatter.id));
    expect(again!.passwordHash).toBe(row!.passwordHash);
  });

  it('with ADMIN_PASSWORD, sets that password and still ends the registrant’s sessions', async () => {
    const squatter = await registerUnverified();
    await ensureAdmin(db(), { email, password: 'Configured-Pw-9!' }, log);
    const [row] = await db().select().from(users).where(eq(users.id, squatter.id));
    expect(row).toMatchObject({ role: 'admin', isEmailVerified: true, pendingEmail: null });
    expect(await verifyPassword(row!.passwordHash, 'Configured-Pw-9!')).toBe(true);
    expect(await liveSessions(squatter.id)).toEqual([]);
    expect(await liveTokens(squatter.id)).toEqual([]);
  });

  it('promotes a verified account as it is: its owner proved the address', async () => {
    const [u] = await db()
      .insert(users)
      .values({ username: 'owner', email, isEmailVerified: true, passwordHash: await hashPassword(registrantPassword) })
      .returning();
    const { sessionId } = await createSession(db(), u!.id);
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    await ensureAdmin(db(), { email }, log);
    const [row] = await db().select().from(users).where(eq(users.id, u!.id));
    expect(row!.role).toBe('admin');
    expect(await verifyPassword(row!.passwordHash, registrantPassword)).toBe(true);
    expect((await liveSessions(u!.id)).map((s) => s.id)).toEqual([sessionId]);
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
