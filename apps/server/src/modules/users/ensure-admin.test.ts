import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailTokens, sessions, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/password';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { issueEmailToken } from '../auth/email-tokens';
import { createSession } from '../auth/session-store';
import { ensureAdmin } from './ensure-admin';

const log = { info: vi.fn(), warn: vi.fn() } as unknown as Pick<FastifyBaseLogger, 'info' | 'warn'>;

let testDb: TestDatabase;
const db = () => testDb.database.db;
const admins = () => db().select().from(users).where(eq(users.role, 'admin'));

// One database for the file; each test starts from an empty users table.
beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(() => testDb?.close());
beforeEach(async () => {
  await db().delete(users);
});
afterEach(() => {
  vi.restoreAllMocks();
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
