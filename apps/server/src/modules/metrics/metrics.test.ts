import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, onPostgres, type TestApp } from '../../../test/build-test-app';

/** A sample's value from the exposition text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (want.every((l) => line.includes(l))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

const TOKEN = 'scrape-token-0123456789abcdef';

describe('GET /api/metrics', () => {
  let open: TestApp;
  let guarded: TestApp;
  beforeAll(async () => {
    open = await buildTestApp({ RATE_LIMIT_DISABLED: '1' });
    guarded = await buildTestApp({ RATE_LIMIT_DISABLED: '1', METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await open?.close();
    await guarded?.close();
  });

  it('without a token answers this machine only: not another address, not a forwarded request', async () => {
    expect((await open.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    const remote = await open.app.inject({ url: '/api/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(401);
    expect(remote.json().detail).toContain('METRICS_TOKEN');
    const viaProxy = await open.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(viaProxy.statusCode).toBe(401);
  });

  it('with METRICS_TOKEN wants exactly that bearer token, even from this machine', async () => {
    expect((await guarded.app.inject({ url: '/api/metrics' })).statusCode).toBe(401);
    expect((await guarded.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    const ok = await guarded.app.inject({ url: '/api/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
  });

  it('counts requests by route template and status, times them, and counts 5xx apart', async () => {
    for (let i = 0; i < 3; i++) await open.app.inject({ url: '/api/health' });
    await open.app.inject({ url: `/api/order/user/123?page=1` });
    await open.app.inject({ url: '/api/no/such/route' });
    const text = (await open.app.inject({ url: '/api/metrics' })).body;
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(3);
    // The template, not the URL: one series whatever the id.
    expect(sample(text, 'http_requests_total', { route: '/api/order/user/:userId', status: '401' })).toBe(1);
    expect(text).not.toContain('/api/order/user/123');
    expect(sample(text, 'http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/health' })).toBe(3);
    expect(sample(text, 'http_request_errors_total', { route: '/api/health' })).toBeUndefined();
  });

  it('counts licence validations by code', async () => {
    const body = { license_key: 'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567', device_id: 'booth-1' };
    await open.app.inject({ method: 'POST', url: '/api/licenses/validate', payload: body });
    await open.app.inject({ method: 'POST', url: '/api/licenses/validate', payload: body });
    const text = (await open.app.inject({ url: '/api/metrics' })).body;
    expect(sample(text, 'license_validations_total', { code: 'NOT_FOUND' })).toBe(2);
  });

  it('reports the outbox, the event loop and (on PostgreSQL) the pool', async () => {
    // A message queued a minute ago and not yet sent (the test app runs no outbox worker).
    await open.db.execute(sql`insert into outbox (kind, payload, created_at) values ('mail', '{}'::jsonb, now() - interval '60 seconds')`);
    const text = (await open.app.inject({ url: '/api/metrics' })).body;
    expect(sample(text, 'outbox_pending_messages')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(59);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (onPostgres()) expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    else expect(text).not.toContain('db_pool_connections{');
  });
});
