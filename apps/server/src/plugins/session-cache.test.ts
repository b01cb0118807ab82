import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { sessions, users } from '../db/schema';
import { createSession } from '../modules/auth/session-store';
import { buildTestApp, onPostgres, type TestApp } from '../../test/build-test-app';
import { createUserWithSession, signUpAndLogin } from '../../test/fixtures';
import { SESSION_CACHE_TTL_MS } from './session-cache';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const me = (app: FastifyInstance, headers: { authorization: string }) => app.inject({ method: 'GET', url: '/api/users/me', headers });

// Well inside the cache's TTL: seeing a change within it proves the change was signalled.
const SIGNAL_BOUND_MS = SESSION_CACHE_TTL_MS / 2;
async function eventually(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > SIGNAL_BOUND_MS) throw new Error(`not seen within ${SIGNAL_BOUND_MS} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return Date.now() - started;
}

describe('session cache', () => {
  it('answers a session from memory after the first lookup', async () => {
    const u = await createUserWithSession(t.db);
    expect((await me(t.app, u.headers)).statusCode).toBe(200);
    // A change no trigger signals (nothing real ever rewrites a token hash): only memory still knows the token.
    await t.db.update(sessions).set({ tokenHash: 'rewritten' }).where(eq(sessions.userId, u.id));
    const res = await me(t.app, u.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(u.id);
  });

  it('signing out ends the session at the very next request', async () => {
    const u = await signUpAndLogin(t.app);
    expect((await me(t.app, u.headers)).statusCode).toBe(200);
    expect((await me(t.app, u.headers)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/users/signout', headers: u.headers });
    expect(out.statusCode).toBe(204);
    expect((await me(t.app, u.headers)).statusCode).toBe(401);
  });

  it("changing the password ends the account's other sessions at once", async () => {
    const u = await signUpAndLogin(t.app);
    const other = await createSession(t.db, u.id);
    const otherHeaders = { authorization: `Bearer ${other.token}` };
    expect((await me(t.app, otherHeaders)).statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      headers: u.headers,
      payload: { email: u.email, new_pwd: 'Another-Horse-7-Battery!', current_pwd: u.password },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(t.app, otherHeaders)).statusCode).toBe(401);
    expect((await me(t.app, u.headers)).statusCode).toBe(200);
  });

  it('a revocation made outside this app (another process, psql) is seen well within the cache lifetime', async () => {
    const u = await createUserWithSession(t.db);
    expect((await me(t.app, u.headers)).statusCode).toBe(200);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, u.id));
    await eventually(async () => (await me(t.app, u.headers)).statusCode === 401);
  });

  it('a change to the user row (a role change) is seen well within the cache lifetime', async () => {
    const u = await createUserWithSession(t.db);
    expect((await me(t.app, u.headers)).json().role).toBe('user');
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, u.id));
    await eventually(async () => (await me(t.app, u.headers)).json().role === 'admin');
  });

  it.runIf(onPostgres())('a sign-out in one process is honoured by another on the same database', async () => {
    const second = await openDatabase({ url: t.databaseUrl });
    const other = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: t.databaseUrl }), {
      database: second,
      serveWeb: false,
    });
    try {
      const u = await createUserWithSession(t.db);
      expect((await me(other, u.headers)).statusCode).toBe(200);
      expect(other.ctx.sessions.size).toBeGreaterThan(0);
      expect((await t.app.inject({ method: 'POST', url: '/api/users/signout', headers: u.headers })).statusCode).toBe(204);
      await eventually(async () => (await me(other, u.headers)).statusCode === 401);
      // Each app listens on its own connection, as two processes would.
      const { rows } = (await t.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'LISTEN lbs_sessions'`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
