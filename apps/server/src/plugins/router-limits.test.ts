import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

describe('router limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('a very long path value reaches the route and answers a 4xx {detail}, not the router 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/voucher/promotion/code/${'A'.repeat(300)}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).not.toBe(414);
    expect(res.json()).toHaveProperty('detail');
  });

  it('a path value over the router limit is 414 with a {detail} that says so', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/voucher/promotion/code/${'A'.repeat(3000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ detail: expect.stringMatching(/too long/i) });
  });

  it('a path that is not valid percent-encoded UTF-8 is 400 {detail}', async () => {
    for (const url of ['/api/%c0%ae', '/api/users/verify-email/%ED%A0%80', '/api/voucher/promotion/code/%zz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ detail: expect.stringMatching(/not valid|malformed/i) });
    }
  });
});

describe('methods', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('a known path with a method it does not take is 405 with Allow and {detail}', async () => {
    const cases: [string, string, string[]][] = [
      ['DELETE', '/api/invoice', ['GET', 'HEAD']],
      ['POST', '/api/health', ['GET', 'HEAD']],
      ['GET', '/api/admin/contact', ['POST']],
      ['PATCH', '/api/users/42', ['PUT']],
      ['PUT', '/api/voucher/promotion/code/WELCOME', ['GET', 'HEAD']],
    ];
    for (const [method, url, allowed] of cases) {
      const res = await t.app.inject({ method: method as 'GET', url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow?.toString().split(', ').sort(), `${method} ${url}`).toEqual(allowed.sort());
      expect(res.json()).toEqual({ detail: expect.stringContaining(method) });
    }
  });

  it('answers 405 before reading the body, with the usual security headers', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/health', headers: { 'content-type': 'application/json' }, payload: '{broken' });
    expect(res.statusCode).toBe(405);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('an unknown path stays 404, whatever the method', async () => {
    for (const method of ['GET', 'DELETE', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: expect.any(String) });
    }
  });
});

describe('client address behind proxies', () => {
  // The promotion-code lookup is limited per client address (20 per 10 minutes); 25 calls that
  // each claim another X-Forwarded-For address show whether that header picks the client key.
  const statusesWithSpoofedAddresses = async (env: Record<string, string>) => {
    const t = await buildTestApp(env);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/voucher/promotion/code/NOPE',
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          remoteAddress: '127.0.0.1',
        });
        statuses.push(res.statusCode);
      }
      return statuses;
    } finally {
      await t.close();
    }
  };

  it('ignores X-Forwarded-For by default, so a client cannot dodge a per-client limit', async () => {
    expect(await statusesWithSpoofedAddresses({})).toContain(429);
  });

  it('uses X-Forwarded-For when TRUST_PROXY names the proxy', async () => {
    expect(await statusesWithSpoofedAddresses({ TRUST_PROXY: '127.0.0.1' })).not.toContain(429);
  });
});

describe('request ids', () => {
  it('keeps a plain caller request id and replaces anything else', async () => {
    const t = await buildTestApp();
    try {
      const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
      expect(kept.headers['x-request-id']).toBe('abc-123');
      const odd = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x'.repeat(500) } });
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await t.close();
    }
  });
});
