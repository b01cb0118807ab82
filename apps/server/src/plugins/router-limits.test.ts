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
