import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { base64url, decodeJwt, UnsecuredJWT } from 'jose';
import { LicenseClient, type LicenseClientOptions } from './license-client';
import { licenseClientFixture, TEST_DEVICE } from './test/client-fixture';
import { LicenseServerDouble, makeSigningKey } from './test/license-server-double';

const HOUR = 3_600_000;
const DEVICE = TEST_DEVICE;

const env = licenseClientFixture('lbs-license-client-');
const client = (options: Partial<LicenseClientOptions> = {}) => env.client(options);

/** A clock that the test moves. */
function clock(start = Date.now()) {
  let t = start;
  return { now: () => new Date(t), set: (ms: number) => (t = ms), get: () => t };
}

async function readState(name: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(env.dir, name), 'utf8')) as Record<string, unknown>;
}

async function activated(options: Partial<LicenseClientOptions> = {}) {
  const license = env.server.addLicense({
    type: 'year',
    expires_at: new Date(Date.now() + 365 * 86_400_000).toISOString(),
  });
  const c = client(options);
  const r = await c.activate(license.key);
  expect(r.status).toBe('valid');
  return { license, c, r };
}

describe('activate', () => {
  it('stores the lease and the env.server keys, so a new instance verifies it offline', async () => {
    const { license, r } = await activated();
    expect(r).toMatchObject({
      code: 'VALID',
      usable: true,
      license: { id: license.id, type: 'year', device_id: DEVICE },
    });
    expect(r.lease).toMatchObject({
      sub: String(license.id),
      typ: 'year',
      dev: DEVICE,
      iss: env.server.url,
    });
    expect(r.leaseExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 71 * HOUR);
    expect(license.device_id).toBe(DEVICE);

    const stored = await readState('license.json');
    expect(stored).toMatchObject({ license_key: license.key, device_id: DEVICE, denied: null });
    expect(decodeJwt(stored.lease as string)).toMatchObject({
      dev: DEVICE,
      sub: String(license.id),
    });
    expect(await readState('jwks.json')).toMatchObject({
      servers: { [env.server.url]: { keys: [{ kid: env.server.key.kid, kty: 'OKP', crv: 'Ed25519' }] } },
    });

    await env.server.stop();
    const later = await client().status();
    expect(later).toMatchObject({ status: 'offline-grace', code: 'LEASE_VALID', usable: true });
    expect(later.leaseExpiresAt).toEqual(r.leaseExpiresAt);
  });

  it.each([
    ['an unknown key', 'NOT_FOUND', () => ({ key: 'LB-NOPE' })],
    ['a revoked licence', 'REVOKED', () => ({ key: env.server.addLicense({ revoked: true }).key })],
    [
      'an expired licence',
      'EXPIRED',
      () => ({
        key: env.server.addLicense({ expires_at: new Date(Date.now() - 1000).toISOString() }).key,
      }),
    ],
    [
      'a licence on another device',
      'DEVICE_LIMIT_REACHED',
      () => ({ key: env.server.addLicense({ device_id: 'other-booth' }).key }),
    ],
  ])('denies %s with the env.server code and stores nothing', async (_name, code, make) => {
    const c = client();
    const r = await c.activate(make().key);
    expect(r).toMatchObject({ status: 'denied', code, usable: false, lease: null });
    expect(await c.storedLicense()).toBeNull();
  });

  it('needs the server: offline activation stores nothing', async () => {
    const license = env.server.addLicense();
    await env.server.stop();
    const r = await client().activate(license.key);
    expect(r).toMatchObject({ status: 'needs-online', code: 'OFFLINE', usable: false });
    expect(await client().storedLicense()).toBeNull();
  });

  it('removes bidirectional and zero-width characters from the device name, never refusing it', async () => {
    const license = env.server.addLicense();
    const hidden = 'Boo\u200Bth\u202E 3\u2066\u200F\uFEFF';
    expect(await client().activate(license.key, { deviceName: hidden })).toMatchObject({ status: 'valid' });
    // Nothing but hidden characters: no name is sent.
    expect(await client().activate(license.key, { deviceName: '\u200B\u202E' })).toMatchObject({ status: 'valid' });
    const bodies = env.server.requests
      .filter((r) => r.path === '/api/licenses/activate')
      .map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(bodies.map((b) => b.device_name)).toEqual(['Booth 3', undefined]);
  });

  it('sends exactly the contract fields', async () => {
    const license = env.server.addLicense();
    const bodies = () =>
      env.server.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body) as unknown);
    await client().activate(license.key, { deviceName: 'Booth 3' });
    await client().validate();
    await client({ appVersion: '2.4.0' }).validate();
    await client({ appVersion: '2.4.0' }).activate(license.key);
    expect(bodies()).toEqual([
      { license_key: license.key, device_id: DEVICE, device_name: 'Booth 3' },
      { license_key: license.key, device_id: DEVICE },
      { license_key: license.key, device_id: DEVICE, app_version: '2.4.0' },
      { license_key: license.key, device_id: DEVICE, app_version: '2.4.0' },
    ]);
  });

  it('derives a stable device id when none is given', async () => {
    const license = env.server.addLicense();
    const c = client({ deviceId: undefined });
    const id = await c.deviceId();
    expect(id).toMatch(/^lb-[0-9a-f]{32}$/);
    expect(await client({ deviceId: undefined }).deviceId()).toBe(id);
    expect((await c.activate(license.key)).status).toBe('valid');
    expect(license.device_id).toBe(id);
    // another state directory (another install) is another device
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'lbs-license-client-'));
    try {
      expect(
        await new LicenseClient({ serverUrl: env.server.url, stateDir: otherDir }).deviceId(),
      ).not.toBe(id);
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
  });
});

describe('the JWKS cached per server (issue 37)', () => {
  it("another server's JWKS, fetched later, does not take this server's keys away", async () => {
    const { c } = await activated();
    const other = await LicenseServerDouble.start();
    try {
      // The same state folder, once pointed at another server (a mistyped --server, a second URL).
      expect(await client({ serverUrl: other.url }).refreshJwks()).toBe(true);
    } finally {
      await other.stop();
    }
    await env.server.stop();
    expect(await c.status()).toMatchObject({ status: 'offline-grace', code: 'LEASE_VALID' });
    expect(await client().status()).toMatchObject({ status: 'offline-grace', code: 'LEASE_VALID' });
    const cached = await readState('jwks.json');
    expect(Object.keys(cached.servers as object).sort()).toEqual([env.server.url, other.url].sort());
  });

  it('reads the single-server jwks.json of earlier clients', async () => {
    const { c } = await activated();
    await writeFile(
      path.join(env.dir, 'jwks.json'),
      JSON.stringify({ server: env.server.url, fetched_at: new Date().toISOString(), keys: [env.server.key.publicJwk] }),
    );
    await env.server.stop();
    expect(await c.status()).toMatchObject({ status: 'offline-grace', code: 'LEASE_VALID' });
  });
});

describe('validate online', () => {
  it('answers valid and renews the lease', async () => {
    const { c, r } = await activated();
    env.server.now = () => Date.now() + 2 * HOUR;
    const again = await c.validate();
    expect(again).toMatchObject({ status: 'valid', code: 'VALID' });
    expect(again.leaseExpiresAt!.getTime()).toBeGreaterThan(r.leaseExpiresAt!.getTime());
  });

  it('fetches the JWKS again when the env.server signs with a new key', async () => {
    const { c } = await activated();
    env.server.key = await makeSigningKey('rotated');
    expect(await c.validate()).toMatchObject({ status: 'valid' });
    expect(await readState('jwks.json')).toMatchObject({
      servers: { [env.server.url]: { keys: [{ kid: 'rotated' }] } },
    });
  });
});

describe('offline within the lease', () => {
  it('env.server down: valid offline-grace until the lease expiry', async () => {
    const { c, r } = await activated();
    await env.server.stop();
    const offline = await c.validate();
    expect(offline).toMatchObject({ status: 'offline-grace', code: 'OFFLINE', usable: true });
    expect(offline.leaseExpiresAt).toEqual(r.leaseExpiresAt);
    expect(offline.message).toMatch(/cannot reach/);
  });

  it.each([
    [500, {}, null],
    [502, {}, null],
    [503, { 'retry-after': '30' }, 30],
    [429, { 'retry-after': '120' }, 120],
    [408, {}, null],
  ])(
    'a %i answer is offline, not a refusal: the lease is kept',
    async (status, headers, retryAfter) => {
      const { c } = await activated();
      env.server.injected.push({
        status,
        headers,
        body: { detail: { code: 'BUSY', message: 'try later' } },
      });
      const r = await c.validate();
      expect(r).toMatchObject({
        status: 'offline-grace',
        code: 'OFFLINE',
        usable: true,
        retryAfterSeconds: retryAfter,
      });
      expect((await c.storedLicense())!.lease).not.toBeNull();
    },
  );

  it('a env.server that does not answer in time is offline', async () => {
    const { c } = await activated({ timeoutMs: 300 });
    env.server.injected.push({ status: 0, hang: true });
    expect(await c.validate()).toMatchObject({ status: 'offline-grace', code: 'OFFLINE' });
  });

  it.each([
    ['a 403 page from a proxy', 403, '<html>Forbidden</html>'],
    ['a captive portal page', 200, '<html>Sign in to the hotel Wi-Fi</html>'],
    ['a 200 that is not the contract', 200, { hello: 'world' }],
  ])('%s is not the licence env.server answering: offline', async (_name, status, body) => {
    const { c } = await activated();
    env.server.injected.push({ status, body });
    expect(await c.validate()).toMatchObject({ status: 'offline-grace', code: 'OFFLINE' });
    expect((await c.storedLicense())!.denied).toBeNull();
  });

  it('refuses after the lease expiry: needs online', async () => {
    const t = clock();
    const { c, r } = await activated({ now: t.now });
    await env.server.stop();
    // checked with the clock tolerance (an hour by default), as the rollback check
    const exp = r.leaseExpiresAt!.getTime() + HOUR;
    t.set(exp - 1000);
    expect(await c.validate()).toMatchObject({ status: 'offline-grace', usable: true });
    t.set(exp + 1000);
    const expired = await c.validate();
    expect(expired).toMatchObject({ status: 'needs-online', code: 'LEASE_EXPIRED', usable: false });
    expect(await c.status()).toMatchObject({ status: 'needs-online', code: 'LEASE_EXPIRED' });
  });

  it('read after the pass ended (inside the tolerance): still usable, but says it ended, not "usable offline until" a past time', async () => {
    const t = clock();
    const end = t.get() + 5 * HOUR;
    const license = env.server.addLicense({ type: 'day', expires_at: new Date(end).toISOString() });
    const c = client({ now: t.now });
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid', endedAt: null });
    await env.server.stop();
    expect(await c.status()).toMatchObject({ status: 'offline-grace', endedAt: null });
    t.set(end + 10 * 60_000);
    const r = await c.status();
    const endedAt = new Date(Math.floor(end / 1000) * 1000);
    expect(r).toMatchObject({ status: 'offline-grace', usable: true, endedAt });
    expect(r.message).not.toMatch(/usable offline until/);
    expect(r.message).toContain(`the licence ended at ${endedAt.toISOString()}`);
    // The same through validate() offline.
    expect(await c.validate()).toMatchObject({ status: 'offline-grace', code: 'OFFLINE', endedAt });
  });

  it('a lease whose offline allowance ran out (the licence runs on) says so inside the tolerance', async () => {
    const t = clock();
    const { c, r } = await activated({ now: t.now });
    await env.server.stop();
    t.set(r.leaseExpiresAt!.getTime() + 60_000);
    const later = await c.status();
    expect(later).toMatchObject({ status: 'offline-grace', endedAt: r.leaseExpiresAt });
    expect(later.message).toContain(`the lease's offline allowance ended at ${r.leaseExpiresAt!.toISOString()}`);
  });

  it('a lease cut short by the licence end: usable until lic_exp only', async () => {
    const t = clock();
    const license = env.server.addLicense({
      type: 'day',
      expires_at: new Date(t.get() + 5 * HOUR).toISOString(),
    });
    const c = client({ now: t.now });
    const r = await c.activate(license.key);
    expect(r.leaseExpiresAt!.getTime()).toBe(Math.floor((t.get() + 5 * HOUR) / 1000) * 1000);
    await env.server.stop();
    t.set(t.get() + 6 * HOUR + 1000);
    expect(await c.status()).toMatchObject({ status: 'needs-online', code: 'LEASE_EXPIRED' });
  });
});

describe('the clock', () => {
  it('set back by more than an hour: needs online', async () => {
    const t = clock();
    const { c } = await activated({ now: t.now });
    await env.server.stop();
    const start = t.get();
    t.set(start + 10 * HOUR);
    expect(await c.status()).toMatchObject({ status: 'offline-grace' });
    t.set(start + 10 * HOUR - 61 * 60_000);
    const back = await c.status();
    expect(back).toMatchObject({ status: 'needs-online', code: 'CLOCK_SET_BACK', usable: false });
    // validate offline says the same; a new instance (a restart) remembers the latest time
    expect(await c.validate()).toMatchObject({ status: 'needs-online', code: 'CLOCK_SET_BACK' });
    expect(await client({ now: t.now }).status()).toMatchObject({ code: 'CLOCK_SET_BACK' });
    // the clock put right again: fine
    t.set(start + 10 * HOUR + 60_000);
    expect(await c.status()).toMatchObject({ status: 'offline-grace' });
  });

  it('set back by less than an hour: still usable', async () => {
    const t = clock();
    const { c } = await activated({ now: t.now });
    await env.server.stop();
    const start = t.get();
    t.set(start + 5 * HOUR);
    await c.status();
    t.set(start + 5 * HOUR - 59 * 60_000);
    expect(await c.status()).toMatchObject({ status: 'offline-grace', usable: true });
  });

  it('a clock far behind the server: measured online, so offline works; set back further, it does not', async () => {
    const t = clock(Date.now() - 30 * 24 * HOUR);
    const { c } = await activated({ now: t.now });
    expect((await c.clock.offsetMs()) / HOUR).toBeCloseTo(30 * 24, 0);
    await env.server.stop();
    expect(await c.validate()).toMatchObject({ status: 'offline-grace', code: 'OFFLINE' });
    t.set(t.get() - 2 * HOUR);
    expect(await c.validate()).toMatchObject({ status: 'needs-online', code: 'CLOCK_SET_BACK' });
  });
});

describe('a tampered lease', () => {
  async function rewriteLease(transform: (lease: string) => string | Promise<string>) {
    const stored = await readState('license.json');
    stored.lease = await transform(stored.lease as string);
    await writeFile(path.join(env.dir, 'license.json'), JSON.stringify(stored));
  }

  it.each([
    [
      'a longer exp in the payload',
      (lease: string) => {
        const [header, payload, signature] = lease.split('.');
        const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload!))) as Record<
          string,
          unknown
        >;
        claims.exp = Math.floor(Date.now() / 1000) + 365 * 86_400;
        return [header, base64url.encode(JSON.stringify(claims)), signature].join('.');
      },
    ],
    [
      'a flipped signature',
      (lease: string) => lease.slice(0, -4) + (lease.endsWith('AAAA') ? 'BBBB' : 'AAAA'),
    ],
    [
      'an unsigned token',
      () =>
        new UnsecuredJWT({ dev: DEVICE, sub: '1', typ: 'year' })
          .setIssuer(env.server.url)
          .setIssuedAt()
          .setExpirationTime('30d')
          .encode(),
    ],
  ])('%s is refused offline', async (_name, transform) => {
    const { c } = await activated();
    await env.server.stop();
    await rewriteLease(transform);
    const r = await c.status();
    expect(r).toMatchObject({ status: 'needs-online', code: 'LEASE_INVALID', usable: false });
    expect(await c.validate()).toMatchObject({ status: 'needs-online', usable: false });
  });

  it('a lease signed by another key under the same kid is refused', async () => {
    const { c, license } = await activated();
    const forger = await makeSigningKey(env.server.key.kid);
    await rewriteLease(() =>
      env.server.signLease(license, DEVICE, {
        key: forger,
        exp: Math.floor(Date.now() / 1000) + 365 * 86_400,
      }),
    );
    expect(await c.status()).toMatchObject({ status: 'needs-online', code: 'LEASE_INVALID' });
  });

  it('a token of another type signed by the same key is refused', async () => {
    const { c, license } = await activated();
    await rewriteLease(() => env.server.signLease(license, DEVICE, { typ: 'JWT' }));
    expect(await c.status()).toMatchObject({ status: 'needs-online', code: 'LEASE_INVALID' });
  });

  it('a genuine lease of another device is refused', async () => {
    const { c, license } = await activated();
    await rewriteLease(() => env.server.signLease(license, 'someone-elses-booth'));
    expect(await c.status()).toMatchObject({ status: 'needs-online', code: 'LEASE_INVALID' });
  });

  it('on this machine, localhost and 127.0.0.1 name the same issuer; another port does not', async () => {
    env.server.issuer = `http://localhost:${env.server.port}/`;
    expect(await client().activate(env.server.addLicense().key)).toMatchObject({ status: 'valid' });
    env.server.issuer = `http://localhost:${env.server.port + 1}`;
    expect(await client().activate(env.server.addLicense().key)).toMatchObject({
      code: 'LEASE_INVALID',
    });
  });

  it('a lease from another issuer is refused', async () => {
    env.server.issuer = 'https://elsewhere.example';
    const license = env.server.addLicense();
    const r = await client().activate(license.key);
    expect(r).toMatchObject({ status: 'lease-rejected', code: 'LEASE_INVALID', usable: false });
    expect(await client().storedLicense()).toBeNull();
    // the client can be told which issuer to expect
    expect(
      await client({ issuer: 'https://elsewhere.example' }).activate(license.key),
    ).toMatchObject({ status: 'valid' });
  });
});

describe('pinned keys', () => {
  it('verifies with the pinned key and never fetches the JWKS', async () => {
    const license = env.server.addLicense();
    const c = client({ pinnedJwks: { keys: [env.server.key.publicJwk] } });
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid' });
    expect(await c.status()).toMatchObject({ status: 'offline-grace' });
    expect(env.server.requests.some((r) => r.path.endsWith('jwks.json'))).toBe(false);
  });

  it('refuses a env.server signing with another key than the pinned one', async () => {
    const pinned = await makeSigningKey();
    const license = env.server.addLicense();
    const c = client({ pinnedJwks: { keys: [pinned.publicJwk] } });
    // the env.server answered: not offline, but a kid the pinned keys do not list
    expect(await c.activate(license.key)).toMatchObject({
      status: 'lease-rejected',
      code: 'UNKNOWN_KEY',
    });
    expect(await c.storedLicense()).toBeNull();
  });

  it('an impostor answering VALID with its own lease does not replace the stored one', async () => {
    const { c } = await activated({ pinnedJwks: { keys: [env.server.key.publicJwk] } });
    env.server.key = await makeSigningKey(env.server.key.kid);
    const r = await c.validate();
    // usable on the stored lease, but said for what it is: the server's lease does not verify
    expect(r).toMatchObject({ status: 'offline-grace', code: 'LEASE_INVALID', usable: true });
    expect(r.message).toMatch(/not accepted/);
  });
});

describe('refusals deny', () => {
  it('REVOKED on validation denies and removes the lease, also offline afterwards', async () => {
    const { c, license } = await activated();
    license.revoked = true;
    expect(await c.validate()).toMatchObject({ status: 'denied', code: 'REVOKED', usable: false });
    const stored = await c.storedLicense();
    expect(stored).toMatchObject({
      lease: null,
      denied: { code: 'REVOKED' },
      license_key: license.key,
    });
    await env.server.stop();
    expect(await c.status()).toMatchObject({ status: 'denied', code: 'REVOKED' });
    expect(await c.validate()).toMatchObject({ status: 'denied', code: 'REVOKED' });
  });

  it('a 403 {detail:{code:"REVOKED"}} denies and removes the lease', async () => {
    const { c } = await activated();
    env.server.injected.push({
      status: 403,
      body: { detail: { code: 'REVOKED', message: 'This licence has been revoked' } },
    });
    expect(await c.validate()).toMatchObject({
      status: 'denied',
      code: 'REVOKED',
      message: 'This licence has been revoked',
    });
    expect((await c.storedLicense())!.lease).toBeNull();
  });

  it.each([
    [
      'EXPIRED',
      (l: { expires_at: string | null }) =>
        (l.expires_at = new Date(Date.now() - 1000).toISOString()),
    ],
    ['DEVICE_MISMATCH', (l: { device_id: string | null }) => (l.device_id = 'another-booth')],
    ['NOT_ACTIVATED', (l: { device_id: string | null }) => (l.device_id = null)],
  ])('%s denies', async (code, change) => {
    const { c, license } = await activated();
    change(license);
    expect(await c.validate()).toMatchObject({ status: 'denied', code });
    expect((await c.storedLicense())!.lease).toBeNull();
  });

  it('activating again after a renewal clears the denial', async () => {
    const { c, license } = await activated();
    license.expires_at = new Date(Date.now() - 1000).toISOString();
    expect((await c.validate()).status).toBe('denied');
    license.expires_at = new Date(Date.now() + 30 * 86_400_000).toISOString();
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid' });
    expect(await c.status()).toMatchObject({ status: 'offline-grace' });
  });

  it('without a stored licence: not activated', async () => {
    expect(await client().validate()).toMatchObject({
      status: 'not-activated',
      code: 'NO_LICENSE',
    });
    expect(await client().status()).toMatchObject({ status: 'not-activated' });
  });
});

describe('deactivate', () => {
  it('frees the seat and forgets the licence here', async () => {
    const { c, license } = await activated();
    expect(await c.deactivate()).toMatchObject({ status: 'deactivated' });
    expect(license.device_id).toBeNull();
    expect(await c.status()).toMatchObject({ status: 'not-activated' });
  });

  it('429 DEACTIVATION_LIMIT keeps the licence and says when to retry', async () => {
    const { c, license } = await activated();
    license.deactivations = 3;
    expect(await c.deactivate()).toMatchObject({
      status: 'limit-reached',
      code: 'DEACTIVATION_LIMIT',
      retryAfterSeconds: 86400,
    });
    expect(await c.status()).toMatchObject({ status: 'offline-grace' });
  });

  it('409 DEVICE_MISMATCH: this device does not hold the seat; the local licence goes', async () => {
    const { c, license } = await activated();
    license.device_id = 'another-booth';
    expect(await c.deactivate()).toMatchObject({ status: 'refused', code: 'DEVICE_MISMATCH' });
    expect(await c.storedLicense()).toBeNull();
  });

  it('offline: nothing changes', async () => {
    const { c } = await activated();
    await env.server.stop();
    expect(await c.deactivate()).toMatchObject({ status: 'offline', code: 'OFFLINE' });
    expect(await c.status()).toMatchObject({ status: 'offline-grace' });
  });
});
