import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LICENSE_CODE_MESSAGES } from '@lbs/domain/license-server';
import { buildTestApp, onPostgres, type TestApp } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { createUserWithSession, randomIp, type TestUser } from '../../../test/fixtures';
import { activate, deactivate, licenseCall, validate } from '../../../test/license-server-fixtures';
import { LICENSE_RATE_LIMITS } from './rate-limits';

let t: TestApp;
let customer: TestUser;
const L = LICENSE_RATE_LIMITS;
const randomKey = () => Array.from({ length: 6 }, () => Math.random().toString(36).slice(2, 7).toUpperCase().padEnd(5, '0')).join('-');

function expectLimited(res: Awaited<ReturnType<typeof validate>>) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ detail: { code: 'RATE_LIMITED', message: LICENSE_CODE_MESSAGES.RATE_LIMITED } });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

beforeAll(async () => {
  t = await buildTestApp();
  customer = await createUserWithSession(t.db);
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

describe('licence server rate limits', () => {
  it('stop a key-guessing loop from one address (429 RATE_LIMITED with Retry-After)', async () => {
    const ip = randomIp();
    for (let i = 0; i < L.callsPerAddress.max; i += 1) expect((await validate(t, randomKey(), 'booth', {}, ip)).statusCode).toBe(200);
    const res = await validate(t, randomKey(), 'booth', {}, ip);
    expectLimited(res);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(L.callsPerAddress.timeWindow / 1000);
    // The count covers all three calls: activation from that address is refused too.
    expectLimited(await activate(t, randomKey(), 'booth', {}, ip));
    // Another address is not affected.
    expect((await validate(t, randomKey(), 'booth')).statusCode).toBe(200);
  });

  it('stop one key being hammered from many addresses', async () => {
    const l = await insertLicense(t.db, customer);
    await activate(t, l.licenseKey, 'booth-k');
    for (let i = 0; i < L.callsPerKey.max; i += 1) expect((await validate(t, l.licenseKey, 'booth-k')).statusCode).toBe(200);
    expectLimited(await validate(t, l.licenseKey, 'booth-k'));
    expectLimited(await deactivate(t, l.licenseKey, 'booth-k'));
    // Other keys from the same kind of traffic still go through.
    expect((await validate(t, randomKey(), 'booth-k')).statusCode).toBe(200);
  });

  it('keep the bound device’s own allowance when a leaked key is hammered from other devices and addresses', async () => {
    const l = await insertLicense(t.db, customer);
    expect((await activate(t, l.licenseKey, 'booth-seat')).statusCode).toBe(200);
    // Someone with the key alone, from many addresses, under one device id and then many.
    for (let i = 0; i < L.callsPerKey.max - 1; i += 1) expect((await validate(t, l.licenseKey, 'thief')).statusCode).toBe(200);
    expectLimited(await validate(t, l.licenseKey, 'thief'));
    expectLimited(await activate(t, l.licenseKey, `thief-${Math.random()}`));
    expectLimited(await validate(t, l.licenseKey, `thief-${Math.random()}`));
    // The booth the licence is bound to goes on validating and may still deactivate.
    for (let i = 0; i < 5; i += 1) {
      const res = await validate(t, l.licenseKey, 'booth-seat');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe('VALID');
    }
    expect((await deactivate(t, l.licenseKey, 'booth-seat')).statusCode).toBe(200);
  });

  it('never limit a booth that validates every few minutes, hour after hour', async () => {
    const l = await insertLicense(t.db, customer);
    const ip = randomIp();
    expect((await activate(t, l.licenseKey, 'booth-steady', {}, ip)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    let now = Date.now();
    const codes = new Set<number>();
    // Half a day at one validation every 2 minutes, with a restart (a burst of 5 calls) each hour.
    for (let i = 0; i < 12 * 30; i += 1) {
      now += 2 * 60_000;
      vi.setSystemTime(now);
      codes.add((await validate(t, l.licenseKey, 'booth-steady', {}, ip)).statusCode);
      if (i % 30 === 0) for (let j = 0; j < 5; j += 1) codes.add((await validate(t, l.licenseKey, 'booth-steady', {}, ip)).statusCode);
    }
    expect([...codes]).toEqual([200]);
  }, 120_000);

  it('limit usage reports per address and per key', async () => {
    const ip = randomIp();
    const body = { license_key: randomKey(), device_id: 'booth', events: [{ event_id: 'e', kind: 'success', timestamp: new Date().toISOString(), file_type: 'jpg' }] };
    for (let i = 0; i < L.usagePerAddress.max; i += 1) expect((await licenseCall(t, '/analytics/usage', { ...body, license_key: randomKey() }, { ip })).statusCode).toBe(403);
    expectLimited(await licenseCall(t, '/analytics/usage', body, { ip }));
    for (let i = 0; i < L.usagePerKey.max; i += 1) expect((await licenseCall(t, '/analytics/usage', body)).statusCode).toBe(403);
    expectLimited(await licenseCall(t, '/analytics/usage', body));
  }, 60_000);

  it('limit JWKS fetches per address', async () => {
    const ip = randomIp();
    const get = () => t.app.inject({ method: 'GET', url: '/api/licenses/jwks.json', remoteAddress: ip });
    for (let i = 0; i < L.jwksPerAddress.max; i += 1) expect((await get()).statusCode).toBe(200);
    expectLimited(await get());
  });

  // Like two-processes.test.ts: the PostgreSQL runs have Redis beside them.
  it.runIf(onPostgres())('hold across processes that share Redis', async () => {
    const env = { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const [a, b] = await Promise.all([buildTestApp(env), buildTestApp(env)]);
    try {
      const ip = randomIp();
      for (let i = 0; i < L.callsPerAddress.max; i += 1) expect((await validate(i % 2 ? a : b, randomKey(), 'booth', {}, ip)).statusCode).toBe(200);
      expectLimited(await validate(a, randomKey(), 'booth', {}, ip));
      expectLimited(await validate(b, randomKey(), 'booth', {}, ip));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('are off with RATE_LIMIT_DISABLED (development and tests only)', async () => {
    const open = await buildTestApp({ RATE_LIMIT_DISABLED: '1' });
    try {
      const ip = randomIp();
      for (let i = 0; i <= L.callsPerAddress.max + 5; i += 1) expect((await validate(open, randomKey(), 'booth', {}, ip)).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
