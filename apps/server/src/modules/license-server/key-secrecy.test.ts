import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { seedCatalogue } from '../../db/seed';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { createUserWithSession, randomIp } from '../../../test/fixtures';

/** The key is the desktop program's credential: no log line may carry it, whatever happens. */
let db: TestDatabase;
let app: FastifyInstance;
const lines: string[] = [];
const call = (path: string, payload: object) => app.inject({ method: 'POST', url: `/api${path}`, payload, remoteAddress: randomIp() });

beforeAll(async () => {
  db = await openTestDatabase();
  await seedCatalogue(db.database.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace', ...(db.url ? { DATABASE_URL: db.url } : {}) });
  app = await buildApp(config, { database: db.database, serveWeb: false, logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('licence keys in the log', () => {
  it('never appear: not on success, not on refusal, not on a failed body, not on a database error', async () => {
    const owner = await createUserWithSession(db.database.db);
    const l = await insertLicense(db.database.db, owner);
    const key = l.licenseKey;
    expect((await call('/licenses/activate', { license_key: key, device_id: 'booth-s' })).statusCode).toBe(200);
    expect((await call('/licenses/validate', { license_key: key.toLowerCase(), device_id: 'booth-s' })).statusCode).toBe(200);
    expect((await call('/licenses/activate', { license_key: key, device_id: 'booth-other' })).statusCode).toBe(409);
    expect((await call('/licenses/validate', { license_key: key, device_id: 'booth-s', surplus: key })).statusCode).toBe(400);
    expect((await call('/analytics/usage', { license_key: key, device_id: 'booth-s', events: [{ event_id: key, kind: 'nope' }], surplus: key })).statusCode).toBe(400);
    // A bad event alone is that event's refusal (INVALID) in a 202, not a failed body.
    expect((await call('/analytics/usage', { license_key: key, device_id: 'booth-s', events: [{ event_id: key, kind: 'nope' }] })).statusCode).toBe(202);
    // Every write to the licence now fails, as a broken constraint or a bug might.
    await db.database.db.execute(sql.raw(`alter table licenses add constraint lbs_test_no_version check (last_app_version is null) not valid`));
    expect((await call('/licenses/activate', { license_key: key, device_id: 'booth-s', app_version: '1.0' })).statusCode).toBe(500);
    // A validation answers from a read; its record fails a moment later, in the batch write.
    expect((await call('/licenses/validate', { license_key: key, device_id: 'booth-s', app_version: '1.0' })).statusCode).toBe(200);
    await app.ctx.licenseChecks.flush();
    expect(lines.some((line) => /licence checks not recorded yet/.test(line) && /lbs_test_no_version/.test(line))).toBe(true);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.some((line) => /lbs_test_no_version/.test(line))).toBe(true);
    const leaked = lines.filter((line) => line.toUpperCase().includes(key) || line.toUpperCase().includes(key.replace(/-/g, '')));
    expect(leaked).toEqual([]);
  });
});
