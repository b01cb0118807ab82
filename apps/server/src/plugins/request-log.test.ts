import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedCatalogue } from '../db/seed';
import { openTestDatabase, type TestDatabase } from '../../test/build-test-app';
import { insertLicense } from '../../test/account-fixtures';
import { createUserWithSession } from '../../test/fixtures';

/**
 * One JSON line per request (issue 14): request id, route, status, time, and the user when the
 * request knew them; never a session token, a password, a licence key or a link's token.
 */
let db: TestDatabase;
let app: FastifyInstance;
const lines: string[] = [];
const requestLines = () => lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request completed' || l.msg === 'request errored');

beforeAll(async () => {
  db = await openTestDatabase();
  await seedCatalogue(db.database.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', RATE_LIMIT_DISABLED: '1', ...(db.url ? { DATABASE_URL: db.url } : {}) });
  app = await buildApp(config, { database: db.database, serveWeb: false, logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('the request log', () => {
  it('writes one line per request with its id, route, status, time and the signed-in user', async () => {
    const user = await createUserWithSession(db.database.db);
    lines.length = 0;
    const res = await app.inject({ url: `/api/order/user/${user.id}?page=1`, headers: { ...user.headers, 'x-request-id': 'trace-abc.1' } });
    expect(res.statusCode).toBe(200);
    const logged = requestLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      reqId: 'trace-abc.1',
      route: '/api/order/user/:userId',
      userId: user.id,
      res: { statusCode: 200 },
      req: { method: 'GET' },
    });
    expect(typeof logged[0].responseTime).toBe('number');
    expect(lines.length).toBe(1);
  });

  it('says no user for an anonymous call and keeps secrets out: bearer token, password, licence key, link token', async () => {
    const user = await createUserWithSession(db.database.db);
    const licence = await insertLicense(db.database.db, user);
    lines.length = 0;
    await app.inject({ url: '/api/health' });
    await app.inject({ method: 'POST', url: '/api/users/signin', payload: { user: { email: user.email, password: 'Secret-Passw0rd-in-log?' }, recaptchaToken: 'x' } });
    await app.inject({ method: 'POST', url: '/api/licenses/validate', payload: { license_key: licence.licenseKey, device_id: 'booth-log' } });
    await app.inject({ url: '/api/users/verify-email/tok-in-the-url-0123456789abcdef' });
    await app.inject({ url: '/api/users/me', headers: user.headers });
    const logged = requestLines();
    expect(logged.find((l) => l.route === '/api/health')).toMatchObject({ userId: null });
    const text = lines.join('\n');
    expect(text).not.toContain(user.headers.authorization.replace(/^Bearer /, ''));
    expect(text).not.toContain('Secret-Passw0rd-in-log?');
    expect(text.toUpperCase()).not.toContain(licence.licenseKey.toUpperCase());
    expect(text).not.toContain('tok-in-the-url-0123456789abcdef');
  });
});
