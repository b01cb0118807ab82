import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedCatalogue } from '../db/seed';
import { mailTo, openTestDatabase, type TestDatabase } from '../../test/build-test-app';
import { createUserWithSession, randomIp, solveCaptcha } from '../../test/fixtures';
import { databaseFailure } from './errors';

/**
 * A database error's message carries the failed statement's parameters (drizzle: "params: …"),
 * which can be a password hash or an address. The log says which rule failed, never the values.
 */
let db: TestDatabase;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  await seedCatalogue(db.database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    ALTCHA_MAX_NUMBER: '1000',
    ...(db.url ? { DATABASE_URL: db.url } : {}),
  });
  app = await buildApp(config, { database: db.database, serveWeb: false, logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
  // Every new password hash now breaks a rule of the table, as a real constraint or a bug might.
  await db.database.db.execute(
    sql.raw(`alter table users add constraint lbs_test_no_new_hash check (password_hash is null or length(password_hash) < 10) not valid`),
  );
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('the log of a database error', () => {
  it('names the SQLSTATE code and the constraint, never the statement’s parameters', async () => {
    lines.length = 0;
    const email = 'logged.signup@example.com';
    const password = 'Correct-Horse-9-Battery!';
    const ip = randomIp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/signup',
      remoteAddress: ip,
      payload: { user: { username: 'logged', email, password }, recaptchaToken: await solveCaptcha(app, ip) },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal server error' });

    const log = lines.join('');
    expect(log).toContain('23514');
    expect(log).toContain('lbs_test_no_new_hash');
    expect(log).not.toMatch(/\$argon2/);
    expect(log).not.toContain(email);
    expect(log).not.toContain(password);
    expect(log).not.toMatch(/params/i);
    const entry = JSON.parse(lines.find((l) => l.includes('23514'))!) as { reqId?: string; err?: { stack?: string } };
    expect(entry.reqId).toBeTruthy();
  });

  it('holds for an update too (a new password set through the reset link)', async () => {
    const u = await createUserWithSession(db.database.db);
    expect((await app.inject({ method: 'GET', url: '/api/users/forgot-password', query: { email: u.email }, remoteAddress: randomIp() })).statusCode).toBe(200);
    const [mail] = await mailTo(app, u.email);
    const token = /\/new-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      remoteAddress: randomIp(),
      payload: { email: u.email, new_pwd: 'Brand-New-Secret-42?', token },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('lbs_test_no_new_hash');
    expect(log).not.toMatch(/\$argon2/);
    expect(log).not.toContain(u.email);
  });
});

describe('databaseFailure', () => {
  it('keeps the code of a lost connection inside a query failure, and none of its values', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const err = Object.assign(new Error('Failed query: update users set password_hash = $1\nparams: $argon2id$secret'), {
      query: 'update users set password_hash = $1',
      params: ['$argon2id$secret'],
      cause,
    });
    const summary = databaseFailure(err);
    expect(summary).toMatchObject({ code: 'ECONNREFUSED' });
    expect(JSON.stringify(summary)).not.toContain('argon2');
  });

  it('is null for an error that did not come from the database', () => {
    expect(databaseFailure(new Error('boom'))).toBeNull();
    expect(databaseFailure(Object.assign(new Error('pipe'), { code: 'EPIPE' }))).toBeNull();
  });
});
