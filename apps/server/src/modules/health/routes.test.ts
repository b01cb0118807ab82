import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { buildTestApp, openTestDatabase, type TestApp } from '../../../test/build-test-app';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', db: 'ok' });
  });

  it('checks the database once for checks that arrive together, and again for the next one', async () => {
    const ping = vi.spyOn(t.ctx.database, 'ping');
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/api/health' })));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(ping.mock.calls.length).toBeLessThan(5);
      const before = ping.mock.calls.length;
      await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(ping.mock.calls.length).toBe(before + 1);
    } finally {
      ping.mockRestore();
    }
  });

  it('answers over a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening on TCP');
    const res = await fetch(`http://127.0.0.1:${address.port}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(await res.json()).toMatchObject({ status: 'ok', db: 'ok' });
  });

  it('answers 503 with a detail when the database is down', async () => {
    const testDb = await openTestDatabase();
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), {
      database: testDb.database,
      serveWeb: false,
    });
    try {
      await testDb.database.close();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ detail: expect.any(String) });
      expect(res.json().status).not.toBe('ok');
    } finally {
      await app.close();
      await testDb.close();
    }
  });
});
