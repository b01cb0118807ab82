import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LicenseClientOptions } from './license-client';
import { licenseClientFixture, TEST_DEVICE } from './test/client-fixture';
import type { FetchLike } from './server-call';
import { verifyLease } from './verify-lease';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DEVICE = TEST_DEVICE;

const env = licenseClientFixture('lbs-lease-time-');
const client = (options: Partial<LicenseClientOptions> = {}) => env.client(options);

/** A booth clock `skewMs` off the real one (negative: slow). */
function boothClock(skewMs: number) {
  let extra = 0;
  return {
    now: () => new Date(Date.now() + skewMs + extra),
    advance: (ms: number) => (extra += ms),
  };
}

/** Answers as the server's, without their Date header (a proxy that drops it). */
const withoutDateHeader: FetchLike = async (input, init) => {
  const response = await fetch(input, init);
  const headers = new Headers(response.headers);
  headers.delete('date');
  return new Response(await response.text(), { status: response.status, headers });
};

describe('a lease on the booth clock', () => {
  it('a booth 15 minutes slow keeps the lease it was just given: after activation and offline', async () => {
    // A licence starting now: the lease's nbf is the server's now, 15 minutes ahead of the booth.
    const license = env.server.addLicense({ starts_at: new Date().toISOString() });
    const booth = boothClock(-15 * MINUTE);
    const c = client({ now: booth.now });
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid', usable: true });
    expect(await c.status()).toMatchObject({ status: 'offline-grace', usable: true });
    await env.server.stop();
    booth.advance(MINUTE);
    expect(await c.validate()).toMatchObject({ status: 'offline-grace', code: 'OFFLINE' });
    expect((await c.clock.offsetMs()) / MINUTE).toBeCloseTo(15, 0);
  });

  it("the JWKS answer's Date (cacheable: a proxy may serve it an hour old) does not set the clock", async () => {
    const license = env.server.addLicense({ starts_at: new Date().toISOString() });
    const staleJwks: FetchLike = async (input, init) => {
      const res = await fetch(input, init);
      if (!String(input).endsWith('/jwks.json')) return res;
      const headers = new Headers(res.headers);
      headers.set('date', new Date(Date.now() - HOUR).toUTCString());
      return new Response(await res.text(), { status: res.status, headers });
    };
    const c = client({ fetch: staleJwks });
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid' });
    expect(env.server.requests.some((r) => r.path.endsWith('/jwks.json'))).toBe(true);
    expect(Math.abs(await c.clock.offsetMs())).toBeLessThan(5000);
  });

  it('without a Date header the fresh lease iat measures the clock (a tolerance smaller than the skew)', async () => {
    const license = env.server.addLicense({ starts_at: new Date().toISOString() });
    const booth = boothClock(-15 * MINUTE);
    const c = client({ now: booth.now, fetch: withoutDateHeader, clockToleranceMs: 5 * MINUTE });
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid' });
    expect(await c.clock.reading()).toMatchObject({ source: 'lease-iat' });
    expect(await c.status()).toMatchObject({ status: 'offline-grace', usable: true });
  });

  it('a clock within the tolerance of the lease start, never measured, is accepted', async () => {
    const license = env.server.addLicense({ starts_at: new Date().toISOString() });
    const c = client({ now: boothClock(-15 * MINUTE).now });
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid' });
    // the measurement forgotten (a state folder from before server-clock.json)
    await rm(path.join(env.dir, 'server-clock.json'));
    await writeFile(path.join(env.dir, 'clock.json'), JSON.stringify({ latest_seen: new Date(0) }));
    expect(await c.status()).toMatchObject({ status: 'offline-grace' });
  });

  it('a lease whose nbf is far in the future: LEASE_NOT_YET_VALID, validate online', async () => {
    const license = env.server.addLicense();
    const c = client();
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid' });
    const stored = JSON.parse(await readFile(path.join(env.dir, 'license.json'), 'utf8')) as {
      lease: string;
    };
    stored.lease = await env.server.signLease(license, DEVICE, {
      nbf: Math.floor((Date.now() + 2 * 24 * HOUR) / 1000),
    });
    await writeFile(path.join(env.dir, 'license.json'), JSON.stringify(stored));
    expect(await c.status()).toMatchObject({
      status: 'needs-online',
      code: 'LEASE_NOT_YET_VALID',
      usable: false,
    });
  });

  it('verifyLease: nbf and exp exactly by default, within the tolerance when given', async () => {
    const license = env.server.addLicense();
    const now = Date.now();
    const lease = await env.server.signLease(license, DEVICE, {
      nbf: Math.floor(now / 1000) + 600,
      exp: Math.floor(now / 1000) + 3600,
    });
    const base = { jwks: { keys: [env.server.key.publicJwk] }, issuer: env.server.url, deviceId: DEVICE };
    expect(await verifyLease(lease, { ...base, at: new Date(now) })).toMatchObject({
      ok: false,
      code: 'LEASE_NOT_YET_VALID',
    });
    expect(
      await verifyLease(lease, { ...base, at: new Date(now), toleranceSeconds: 900 }),
    ).toMatchObject({ ok: true, claims: { nbf: Math.floor(now / 1000) + 600 } });
    expect(await verifyLease(lease, { ...base, at: new Date(now + 3700_000) })).toMatchObject({
      ok: false,
      code: 'LEASE_EXPIRED',
    });
    expect(
      await verifyLease(lease, { ...base, at: new Date(now + 3700_000), toleranceSeconds: 900 }),
    ).toMatchObject({ ok: true });
  });

  it('the rollback check keeps working on the measured time', async () => {
    const booth = boothClock(-15 * MINUTE);
    const license = env.server.addLicense();
    const c = client({ now: booth.now });
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid' });
    await env.server.stop();
    booth.advance(3 * HOUR);
    expect(await c.status()).toMatchObject({ status: 'offline-grace' });
    booth.advance(-2 * HOUR);
    expect(await c.status()).toMatchObject({ status: 'needs-online', code: 'CLOCK_SET_BACK' });
  });
});

describe('the clock tolerance is the protocol’s one constant', () => {
  it('defaults to LEASE_CLOCK_TOLERANCE_MS, by which the server also stores usage past a term’s end', async () => {
    const { LEASE_CLOCK_TOLERANCE_MS } = await import('@lbs/license-protocol/lease-time');
    const { DEFAULT_CLOCK_TOLERANCE_MS } = await import('./lease-time');
    expect(DEFAULT_CLOCK_TOLERANCE_MS).toBe(LEASE_CLOCK_TOLERANCE_MS);
    expect(LEASE_CLOCK_TOLERANCE_MS).toBe(HOUR);
  });
});
