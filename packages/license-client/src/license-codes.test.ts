import { describe, expect, it } from 'vitest';
import { LicenseClient, type LicenseClientOptions } from './license-client';
import { licenseClientFixture, TEST_DEVICE } from './test/client-fixture';
import { makeSigningKey } from './test/license-server-double';

const DAY = 86_400_000;
const DEVICE = TEST_DEVICE;

const env = licenseClientFixture('lbs-license-codes-');
const client = (options: Partial<LicenseClientOptions> = {}) => env.client(options);

const posts = () => env.server.requests.filter((r) => r.method === 'POST').length;

describe('NOT_YET_VALID', () => {
  it('activation before the start: not-yet-valid with starts_at, nothing stored; from the start it activates', async () => {
    const startsAt = new Date(Date.now() + 2 * DAY).toISOString();
    const license = env.server.addLicense({ starts_at: startsAt });
    const c = client();
    const r = await c.activate(license.key);
    expect(r).toMatchObject({
      status: 'not-yet-valid',
      code: 'NOT_YET_VALID',
      usable: false,
      final: false,
      lease: null,
    });
    expect(r.startsAt).toEqual(new Date(startsAt));
    expect(await c.storedLicense()).toBeNull();

    env.server.now = () => Date.now() + 2 * DAY + 1000;
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid' });
  });

  it('validation of the stored key before its start: not-yet-valid, key kept, valid again from the start', async () => {
    const license = env.server.addLicense();
    const c = client();
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid' });
    const startsAt = new Date(Date.now() + DAY).toISOString();
    license.starts_at = startsAt;
    const r = await c.validate();
    expect(r).toMatchObject({ status: 'not-yet-valid', code: 'NOT_YET_VALID', final: false });
    expect(r.startsAt).toEqual(new Date(startsAt));
    expect(await c.storedLicense()).toMatchObject({
      license_key: license.key,
      lease: null,
      denied: { code: 'NOT_YET_VALID', starts_at: startsAt, final: false },
    });
    expect(await c.status()).toMatchObject({
      status: 'not-yet-valid',
      startsAt: new Date(startsAt),
    });

    // offline once the start has come: not "not yet valid" any more, ask the env.server
    const later = new LicenseClient({
      serverUrl: env.server.url,
      stateDir: env.dir,
      deviceId: DEVICE,
      now: () => new Date(Date.now() + DAY + 1000),
    });
    expect(await later.status()).toMatchObject({ status: 'needs-online', code: 'NO_LEASE' });
    license.starts_at = new Date(Date.now() - 1000).toISOString();
    expect(await c.validate()).toMatchObject({ status: 'valid', code: 'VALID' });
    expect(await c.status()).toMatchObject({ status: 'offline-grace' });
  });

  it('a Daily pass not started shows its activate-by date', async () => {
    const activateBy = new Date(Date.now() + 365 * DAY).toISOString();
    const license = env.server.addLicense({ type: 'day', activate_by: activateBy });
    const r = await client().activate(license.key);
    expect(r).toMatchObject({ status: 'valid', license: { activate_by: activateBy } });
  });
});

describe('the licence a refusal carries (issue 37)', () => {
  it('a Daily pass renewed after it ended: validate answers NOT_ACTIVATED with the licence the server sent, and stores it', async () => {
    const license = env.server.addLicense({ type: 'day', expires_at: new Date(Date.now() + DAY).toISOString() });
    const c = client();
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid', license: { activate_by: null } });
    // Ended, then renewed: an unused pass again, to be started by its next activation.
    const activateBy = new Date(Date.now() + 365 * DAY).toISOString();
    license.device_id = null;
    license.activate_by = activateBy;
    license.expires_at = activateBy;
    const r = await c.validate();
    expect(r).toMatchObject({
      status: 'denied',
      code: 'NOT_ACTIVATED',
      license: { id: license.id, activate_by: activateBy, expires_at: activateBy },
    });
    expect(await c.storedLicense()).toMatchObject({
      license: { activate_by: activateBy, expires_at: activateBy },
      denied: { code: 'NOT_ACTIVATED' },
    });
    // Offline, the stored answer says the same.
    await env.server.stop();
    expect(await c.status()).toMatchObject({ code: 'NOT_ACTIVATED', license: { activate_by: activateBy } });
  });

  it('a fresh booth asking about an unused Daily pass gets its licence (activate_by), nothing stored', async () => {
    const activateBy = new Date(Date.now() + 365 * DAY).toISOString();
    const license = env.server.addLicense({ type: 'day', activate_by: activateBy, expires_at: activateBy });
    const c = client();
    expect(await c.validate({ licenseKey: license.key })).toMatchObject({
      status: 'denied',
      code: 'NOT_ACTIVATED',
      license: { id: license.id, activate_by: activateBy },
    });
    expect(await c.storedLicense()).toBeNull();
  });

  it('EXPIRED carries the licence as it is now (the end the server knows), stored with the denial', async () => {
    const license = env.server.addLicense({ expires_at: new Date(Date.now() + DAY).toISOString() });
    const c = client();
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid' });
    const ended = new Date(Date.now() - 1000).toISOString();
    license.expires_at = ended;
    expect(await c.validate()).toMatchObject({ status: 'denied', code: 'EXPIRED', license: { expires_at: ended } });
    expect(await c.storedLicense()).toMatchObject({ license: { expires_at: ended } });
  });
});

describe('SUSPENDED and REVOKED', () => {
  it('SUSPENDED denies like REVOKED (no lease, not usable) but keeps the key: reinstated, it validates', async () => {
    const license = env.server.addLicense();
    const c = client();
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid' });
    license.suspended = true;
    expect(await c.validate()).toMatchObject({
      status: 'denied',
      code: 'SUSPENDED',
      usable: false,
      final: false,
    });
    expect(await c.storedLicense()).toMatchObject({
      license_key: license.key,
      lease: null,
      denied: { code: 'SUSPENDED', final: false },
    });
    expect(await c.status()).toMatchObject({ status: 'denied', code: 'SUSPENDED', usable: false });

    license.suspended = false;
    expect(await c.validate()).toMatchObject({ status: 'valid', code: 'VALID' });
    expect(await c.status()).toMatchObject({ status: 'offline-grace', usable: true });
  });

  it('SUSPENDED at activation: denied, the key not final', async () => {
    const license = env.server.addLicense({ suspended: true });
    expect(await client().activate(license.key)).toMatchObject({
      status: 'denied',
      code: 'SUSPENDED',
      final: false,
    });
  });

  it('REVOKED is final: the key is marked so and not asked about again; activating asks again', async () => {
    const license = env.server.addLicense();
    const c = client();
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid' });
    license.revoked = true;
    expect(await c.validate()).toMatchObject({ status: 'denied', code: 'REVOKED', final: true });
    expect(await c.storedLicense()).toMatchObject({ denied: { code: 'REVOKED', final: true } });

    const before = posts();
    expect(await c.validate()).toMatchObject({ status: 'denied', code: 'REVOKED', final: true });
    expect(await c.status()).toMatchObject({ status: 'denied', code: 'REVOKED', final: true });
    expect(posts()).toBe(before);

    // another key, or the same one typed again, is asked about
    const other = env.server.addLicense();
    expect(await c.validate({ licenseKey: other.key })).toMatchObject({ code: 'NOT_ACTIVATED' });
    expect(await c.activate(license.key)).toMatchObject({ status: 'denied', code: 'REVOKED' });
    expect(posts()).toBe(before + 2);
  });
});

describe('a lease the env.server signed with a kid its JWKS does not list', () => {
  async function jwksWithoutTheKid(times: number) {
    const other = await makeSigningKey();
    for (let i = 0; i < times; i += 1)
      env.server.injected.push({
        path: '/api/licenses/jwks.json',
        status: 200,
        body: { keys: [other.publicJwk] },
      });
  }

  it('activation says UNKNOWN_KEY (lease-rejected), not offline; nothing stored', async () => {
    await jwksWithoutTheKid(2);
    const r = await client().activate(env.server.addLicense().key);
    expect(r).toMatchObject({ status: 'lease-rejected', code: 'UNKNOWN_KEY', usable: false });
    expect(r.message).toMatch(/signed by a key this client does not know/);
    expect(await client().storedLicense()).toBeNull();
  });

  it('validation with a stored lease still good: usable on it, under UNKNOWN_KEY, not OFFLINE', async () => {
    const license = env.server.addLicense();
    const c = client();
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid' });
    // the env.server signs with a new key its JWKS does not list yet (the old one still listed)
    const old = env.server.key;
    env.server.key = await makeSigningKey();
    env.server.injected.push({
      path: '/api/licenses/jwks.json',
      status: 200,
      body: { keys: [old.publicJwk] },
    });
    expect(await c.validate()).toMatchObject({
      status: 'offline-grace',
      code: 'UNKNOWN_KEY',
      usable: true,
    });
  });
});
