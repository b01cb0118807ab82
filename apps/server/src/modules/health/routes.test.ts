import { spawn } from 'node:child_process';
import { once } from 'node:events';
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

  it('checks the database once for probes that arrive together from outside, over real sockets', async () => {
    // inject() hands requests over without sockets. Probes from another process are read from
    // sockets, and on PGlite (its WASM on the server's thread) a ping started at once was over
    // before the next socket was read: one ping each. Twenty connections open first, then send
    // their probe in one go.
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening on TCP');
    const prober = `
      const net = require('node:net');
      const sockets = [];
      let open = 0, answered = 0, ok = 0;
      for (let i = 0; i < 20; i++) {
        const s = net.connect(${address.port}, '127.0.0.1', () => { if (++open === 20) for (const x of sockets) x.write('GET /api/health HTTP/1.1\\r\\nHost: shop.test\\r\\n\\r\\n'); });
        let text = '';
        s.on('data', (c) => { text += c; if (text.includes('"status"')) { if (text.startsWith('HTTP/1.1 200')) ok++; s.destroy(); if (++answered === 20) console.log(ok); } });
        sockets.push(s);
      }`;
    const ping = vi.spyOn(t.ctx.database, 'ping');
    try {
      const child = spawn(process.execPath, ['-e', prober], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      await once(child, 'exit');
      expect(out.trim()).toBe('20');
      expect(ping.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      ping.mockRestore();
    }
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
