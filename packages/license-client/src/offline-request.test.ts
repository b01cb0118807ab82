import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeJwt, SignJWT, type JWK } from 'jose';
import { formatLicenseKey } from '@lbs/domain/license-terms';
import { parseOfflineActivationRequest } from '@lbs/domain/offline-activation';
import type { LicenseClientOptions, OfflineActivationRequest } from './license-client';
import { licenseClientFixture, TEST_DEVICE } from './test/client-fixture';
import { makeSigningKey, type DoubleLicense, type SigningKey } from './test/license-server-double';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const env = licenseClientFixture('lbs-offline-request-');

/** A clock that the test moves. */
function clock(start = Date.now()) {
  let t = start;
  return { now: () => new Date(t), set: (ms: number) => (t = ms), get: () => t };
}

/**
 * A licence with a key in the real format, as the shop issues them, begun before the fixed clocks
 * some tests set and running past the real now (the double checks online calls on the real clock).
 */
function realLicense(options: Partial<DoubleLicense> = {}): DoubleLicense {
  return env.server.addLicense({
    key: formatLicenseKey(randomBytes(20)),
    type: 'month',
    starts_at: '2026-01-01T00:00:00.000Z',
    expires_at: new Date(
      Math.max(Date.now(), Date.parse('2026-06-01T00:00:00Z')) + 30 * DAY,
    ).toISOString(),
    ...options,
  });
}

/** The server's JWKS as an earlier online call leaves it in the state directory. */
async function cacheServerKeys(keys: JWK[] = [env.server.key.publicJwk]) {
  await writeFile(
    path.join(env.dir, 'jwks.json'),
    JSON.stringify({ server: env.server.url, fetched_at: new Date().toISOString(), keys }),
  );
}

interface AnswerOptions {
  key?: SigningKey;
  /** Extra protected header fields (an attacker's embedded jwk, a borrowed kid). */
  header?: Record<string, unknown>;
  dev?: string;
  nonce?: string;
  kfp?: string;
  iat?: number;
  nbf?: number;
  exp?: number;
  iss?: string;
}

/**
 * The answer the server would give to `request` (`lboa1-ans.` + a lease with nonce and kfp), as
 * the shop signs it: an ordinary lease for the device, bound to the request.
 */
async function answerTo(
  license: DoubleLicense,
  request: OfflineActivationRequest,
  o: AnswerOptions = {},
): Promise<string> {
  const key = o.key ?? env.server.key;
  const iat = o.iat ?? Math.floor(Date.now() / 1000);
  const licExp = license.expires_at ? Math.floor(Date.parse(license.expires_at) / 1000) : null;
  const lease = await new SignJWT({
    typ: license.type,
    dev: o.dev ?? request.deviceId,
    lic_exp: licExp,
    nonce: o.nonce ?? request.nonce,
    kfp: o.kfp ?? request.keyFingerprint,
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'lease+jwt', ...o.header })
    .setIssuer(o.iss ?? env.server.url)
    .setSubject(String(license.id))
    .setIssuedAt(iat)
    .setNotBefore(o.nbf ?? Math.floor(Date.parse(license.starts_at) / 1000))
    .setExpirationTime(o.exp ?? Math.min(licExp ?? Infinity, iat + 7 * 86_400))
    .sign(key.privateKey);
  return `lboa1-ans.${lease}`;
}

/** Every file in the state directory with its content: what "nothing stored changes" compares. */
async function snapshot(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(env.dir, { withFileTypes: true }))
    if (entry.isFile()) files[entry.name] = await readFile(path.join(env.dir, entry.name), 'utf8');
  return files;
}

async function pendingSetup(options: Partial<LicenseClientOptions> = {}) {
  const license = realLicense();
  await cacheServerKeys();
  const c = env.client(options);
  const request = await c.createOfflineRequest(license.key, {
    deviceName: 'Booth 1',
    appVersion: '3.2.0',
  });
  return { license, c, request };
}

describe('createOfflineRequest', () => {
  it('makes a request the shop parses: the fingerprint of the canonical key, never the key', async () => {
    const license = realLicense();
    const c = env.client({ now: () => new Date('2026-03-01T10:00:00Z') });
    // As a person types it: lower case, spaces instead of hyphens, padded.
    const typed = `  ${license.key.toLowerCase().replace(/-/g, ' ')} `;
    const request = await c.createOfflineRequest(typed, {
      deviceName: ' Booth 1 ',
      appVersion: '3.2.0',
    });

    expect(request.text.startsWith('lboa1-req.')).toBe(true);
    expect(request.text).not.toContain(license.key);
    const parsed = parseOfflineActivationRequest(request.text);
    if (!parsed.ok) throw new Error(`the domain refused the request: ${parsed.problem}`);
    // licenses.key_hash: hex SHA-256 of the canonical key, as the server computes it.
    expect(parsed.keyHash).toBe(createHash('sha256').update(license.key, 'utf8').digest('hex'));
    const iat = Date.parse('2026-03-01T10:00:00Z') / 1000;
    expect(parsed.request).toEqual({
      v: 1,
      kf: request.keyFingerprint,
      dev: TEST_DEVICE,
      dn: 'Booth 1',
      av: '3.2.0',
      n: request.nonce,
      iat,
      exp: iat + 86_400,
    });
    expect(request.keyFingerprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(request.nonce, 'base64url')).toHaveLength(16);
    expect(request).toMatchObject({
      deviceId: TEST_DEVICE,
      deviceName: 'Booth 1',
      server: env.server.url,
      issuedAt: new Date(iat * 1000),
      expiresAt: new Date((iat + 86_400) * 1000),
      expired: false,
    });
    expect(env.server.requests).toEqual([]);
  });

  it('keeps the pending request owner-only, with the canonical key; a new one replaces it', async () => {
    const license = realLicense();
    const c = env.client();
    const first = await c.createOfflineRequest(license.key.toLowerCase());
    const file = path.join(env.dir, 'offline-request.json');
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      license_key: license.key,
      text: first.text,
      request: { n: first.nonce },
    });
    expect(await c.pendingOfflineRequest()).toEqual(first);

    const second = await c.createOfflineRequest(license.key);
    expect(second.nonce).not.toBe(first.nonce);
    expect(await env.client().pendingOfflineRequest()).toEqual(second);
  });

  it('uses the corrected clock, and says when the pending request has expired', async () => {
    const t = clock(Date.parse('2026-03-01T10:00:00Z'));
    await writeFile(
      path.join(env.dir, 'server-clock.json'),
      JSON.stringify({
        offset_ms: 2 * HOUR,
        measured_at: new Date(t.get()).toISOString(),
        source: 'date-header',
      }),
    );
    const c = env.client({ now: t.now });
    const request = await c.createOfflineRequest(realLicense().key);
    expect(request.issuedAt).toEqual(new Date(t.get() + 2 * HOUR));
    t.set(t.get() + DAY + HOUR - 1000);
    expect((await c.pendingOfflineRequest())?.expired).toBe(false);
    t.set(t.get() + 2000);
    expect((await c.pendingOfflineRequest())?.expired).toBe(true);
  });

  it('removes bidirectional and zero-width characters from the device name (never refused)', async () => {
    const c = env.client();
    const request = await c.createOfflineRequest(realLicense().key, { deviceName: '\u202EBooth\u200B 1\u2069' });
    expect(request.deviceName).toBe('Booth 1');
    const parsed = parseOfflineActivationRequest(request.text);
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(parsed.request.dn).toBe('Booth 1');
  });

  it('refuses what the shop would refuse: no key, a device name with control characters', async () => {
    const c = env.client();
    await expect(c.createOfflineRequest('   ')).rejects.toThrow(/key is required/);
    await expect(c.createOfflineRequest(realLicense().key, { deviceName: 'a\nb' })).rejects.toThrow(
      /control/,
    );
    await expect(
      c.createOfflineRequest(realLicense().key, { deviceName: 'x'.repeat(101) }),
    ).rejects.toThrow(/100/);
    expect(await snapshot()).not.toHaveProperty(['offline-request.json']);
  });
});

describe('acceptOfflineAnswer', () => {
  it('stores the lease as an activation; status() is offline-grace; online validate() works after', async () => {
    const { license, c, request } = await pendingSetup();
    const answer = await answerTo(license, request);
    // The server bound the device when it issued the answer.
    license.device_id = TEST_DEVICE;

    // Line-wrapped, as a paste from a phone may come.
    const wrapped = answer.replace(/(.{60})/g, '$1\n  ');
    const r = await c.acceptOfflineAnswer(wrapped);
    expect(r).toMatchObject({
      status: 'offline-grace',
      usable: true,
      code: 'LEASE_VALID',
      license: {
        id: String(license.id),
        type: 'month',
        starts_at: new Date(Math.floor(Date.parse(license.starts_at) / 1000) * 1000).toISOString(),
        expires_at: new Date(
          Math.floor(Date.parse(license.expires_at!) / 1000) * 1000,
        ).toISOString(),
        device_id: TEST_DEVICE,
        activate_by: null,
      },
      lease: { sub: String(license.id), dev: TEST_DEVICE },
    });
    expect(r.message).toMatch(/^activated offline; usable offline until /);
    expect(r.leaseExpiresAt).toEqual(new Date(decodeJwt(answer.slice(10)).exp! * 1000));
    // Verified with the keys held here: nothing was fetched.
    expect(env.server.requests).toEqual([]);

    const stored = await snapshot();
    expect(stored).not.toHaveProperty(['offline-request.json']);
    expect(JSON.parse(stored['license.json']!)).toMatchObject({
      license_key: license.key,
      device_id: TEST_DEVICE,
      lease: answer.slice('lboa1-ans.'.length),
      denied: null,
      validated_at: null,
    });
    expect(await env.client().pendingOfflineRequest()).toBeNull();
    expect(await env.client().status()).toMatchObject({
      status: 'offline-grace',
      code: 'LEASE_VALID',
    });

    const online = await env.client().validate();
    expect(online).toMatchObject({ status: 'valid', code: 'VALID', license: { id: license.id } });
    expect(env.server.requests.map((q) => q.path)).toContain('/api/licenses/validate');
  });

  it('refuses the same answer a second time (replay), changing nothing', async () => {
    const { license, c, request } = await pendingSetup();
    const answer = await answerTo(license, request);
    expect((await c.acceptOfflineAnswer(answer)).status).toBe('offline-grace');
    const before = await snapshot();
    const again = await c.acceptOfflineAnswer(answer);
    expect(again).toMatchObject({
      status: 'answer-refused',
      code: 'NO_PENDING_REQUEST',
      usable: false,
      lease: null,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the answer to an older request once a new one was made', async () => {
    const { license, c, request: older } = await pendingSetup();
    const newer = await c.createOfflineRequest(license.key);
    const before = await snapshot();
    const r = await c.acceptOfflineAnswer(await answerTo(license, older));
    expect(r).toMatchObject({ status: 'answer-refused', code: 'OFFLINE_ANSWER_MISMATCH' });
    expect(await snapshot()).toEqual(before);
    expect((await c.pendingOfflineRequest())?.nonce).toBe(newer.nonce);
    // The answer to the newer one still works.
    expect((await c.acceptOfflineAnswer(await answerTo(license, newer))).status).toBe(
      'offline-grace',
    );
  });

  it("refuses an answer whose kfp is another key's, even with the right nonce", async () => {
    const { license, c, request } = await pendingSetup();
    const before = await snapshot();
    const otherKf = createHash('sha256').update(realLicense().key).digest('base64url');
    const r = await c.acceptOfflineAnswer(await answerTo(license, request, { kfp: otherKf }));
    expect(r).toMatchObject({ status: 'answer-refused', code: 'OFFLINE_ANSWER_MISMATCH' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an answer once the request has expired (24 hours and the clock tolerance)', async () => {
    const t = clock(Date.parse('2026-03-01T10:00:00Z'));
    const { license, c, request } = await pendingSetup({ now: t.now });
    const answer = await answerTo(license, request, {
      iat: request.issuedAt.getTime() / 1000 + 3600,
    });
    t.set(request.expiresAt.getTime() + HOUR + 1000);
    const before = await snapshot();
    const r = await c.acceptOfflineAnswer(answer);
    expect(r).toMatchObject({ status: 'answer-refused', code: 'OFFLINE_REQUEST_EXPIRED' });
    expect(r.message).toContain(request.expiresAt.toISOString());
    expect(await snapshot()).toEqual(before);
    // Within the tolerance it is still taken.
    t.set(request.expiresAt.getTime() + HOUR - 1000);
    expect((await c.acceptOfflineAnswer(answer)).status).toBe('offline-grace');
  });

  it("refuses an answer whose lease or licence has already ended on the booth's corrected clock, changing nothing", async () => {
    const t = clock(Date.parse('2026-03-01T10:00:00Z'));
    await cacheServerKeys();
    // Already activated here: the stored licence, its clock files and the pending request must
    // all stay as they are when the expired answer is refused.
    const current = realLicense();
    const c = env.client({ now: t.now });
    const first = await c.createOfflineRequest(current.key);
    const firstAnswer = await answerTo(current, first, { iat: first.issuedAt.getTime() / 1000 });
    expect((await c.acceptOfflineAnswer(firstAnswer)).status).toBe('offline-grace');
    // A Monthly licence that ends 2 hours after the request: the answer's lease ends with it.
    const ending = realLicense({ expires_at: '2026-03-01T12:00:00.000Z' });
    const request = await c.createOfflineRequest(ending.key);
    const iat = request.issuedAt.getTime() / 1000 + 600;
    const answer = await answerTo(ending, request, { iat });
    expect(decodeJwt(answer.slice(10)).exp).toBe(Date.parse(ending.expires_at!) / 1000);
    // Read 5 hours later: the request is still good (24 h), the lease ended 3 hours ago.
    t.set(Date.parse('2026-03-01T15:00:00Z'));
    const before = await snapshot();
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['license.json', 'offline-request.json', 'clock.json']),
    );
    const r = await c.acceptOfflineAnswer(answer);
    expect(r).toMatchObject({
      status: 'answer-refused',
      code: 'OFFLINE_ANSWER_EXPIRED',
      usable: false,
      lease: null,
    });
    expect(r.message).toContain("the answer's lease ended at 2026-03-01T12:00:00.000Z");
    expect(await snapshot()).toEqual(before);
    expect((await c.storedLicense())?.license_key).toBe(current.key);

    // A lease claiming to outlive its licence (not what the shop issues): the licence decides.
    const licenceOver = await answerTo(ending, request, { iat, exp: iat + 7 * 86_400 });
    const r2 = await c.acceptOfflineAnswer(licenceOver);
    expect(r2).toMatchObject({ status: 'answer-refused', code: 'OFFLINE_ANSWER_EXPIRED' });
    expect(r2.message).toContain('the licence ended at 2026-03-01T12:00:00.000Z');
    expect(await snapshot()).toEqual(before);

    // Within the clock tolerance (an hour, as status() allows) it is still taken, and usable.
    t.set(Date.parse('2026-03-01T12:59:00Z'));
    expect(await c.acceptOfflineAnswer(answer)).toMatchObject({
      status: 'offline-grace',
      usable: true,
    });
  });

  it("accepts an answer for another key than the stored licence's, and says it replaces it", async () => {
    const { license: first, c, request } = await pendingSetup();
    expect(request.replacesLicense).toBeNull();
    expect((await c.acceptOfflineAnswer(await answerTo(first, request))).status).toBe(
      'offline-grace',
    );
    // The same key again (a fresh lease for it): nothing is replaced.
    expect((await c.createOfflineRequest(first.key.toLowerCase())).replacesLicense).toBeNull();

    const second = realLicense();
    const next = await c.createOfflineRequest(second.key);
    const lastGroup = first.key.split('-').at(-1)!;
    expect(next.replacesLicense).toEqual({
      keyLastGroup: lastGroup,
      id: String(first.id),
      type: 'month',
    });
    expect((await c.pendingOfflineRequest())?.replacesLicense?.keyLastGroup).toBe(lastGroup);

    const r = await c.acceptOfflineAnswer(await answerTo(second, next));
    expect(r).toMatchObject({ status: 'offline-grace', license: { id: String(second.id) } });
    expect(r.message).toMatch(/^activated offline; usable offline until /);
    expect(r.message).toContain(`replaces the licence of key …-${lastGroup}`);
    expect(r.message).toMatch(
      /seat stays bound .* until it is deactivated online or reset by its owner in the account area/,
    );
    expect((await c.storedLicense())?.license_key).toBe(second.key);
  });

  it("refuses an answer for another device: another booth's request, or a lease for another dev", async () => {
    const { license, c } = await pendingSetup();
    const otherBooth = env.client({
      deviceId: 'booth-device-2',
      stateDir: path.join(env.dir, 'other'),
    });
    const theirs = await otherBooth.createOfflineRequest(license.key);
    const before = await snapshot();
    const r = await c.acceptOfflineAnswer(await answerTo(license, theirs));
    expect(r).toMatchObject({ status: 'lease-rejected', code: 'LEASE_INVALID', usable: false });
    expect(r.message).toMatch(/another device/);
    expect(await snapshot()).toEqual(before);

    const mine = (await c.pendingOfflineRequest())!;
    const forOther = await c.acceptOfflineAnswer(
      await answerTo(license, mine, { dev: 'booth-device-2' }),
    );
    expect(forOther).toMatchObject({ status: 'lease-rejected', code: 'LEASE_INVALID' });
    expect(await snapshot()).toEqual(before);
  });

  it('never trusts a key the answer carries, and never fetches the JWKS', async () => {
    const { license, c, request } = await pendingSetup();
    const attacker = await makeSigningKey('attacker');
    const before = await snapshot();
    const cases: [string, AnswerOptions, string][] = [
      ['an unknown key', { key: attacker }, 'UNKNOWN_KEY'],
      [
        'its public key in a jwk header',
        { key: attacker, header: { jwk: attacker.publicJwk } },
        'UNKNOWN_KEY',
      ],
      [
        "a jwk header and the server key's kid",
        { key: { ...attacker, kid: env.server.key.kid }, header: { jwk: attacker.publicJwk } },
        'LEASE_INVALID',
      ],
      ["the server key's kid", { key: { ...attacker, kid: env.server.key.kid } }, 'LEASE_INVALID'],
      [
        'a jku header',
        { key: attacker, header: { jku: `${env.server.url}/api/licenses/jwks.json` } },
        'UNKNOWN_KEY',
      ],
      ['another issuer', { iss: 'https://elsewhere.example' }, 'LEASE_INVALID'],
    ];
    for (const [what, options, code] of cases) {
      const r = await c.acceptOfflineAnswer(await answerTo(license, request, options));
      expect(r, what).toMatchObject({ status: 'lease-rejected', code });
    }
    // A signature damaged in transit.
    const good = await answerTo(license, request);
    const tampered = good.slice(0, -4) + (good.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(await c.acceptOfflineAnswer(tampered)).toMatchObject({ status: 'lease-rejected' });
    expect(env.server.requests).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect((await c.pendingOfflineRequest())?.nonce).toBe(request.nonce);
  });

  it('refuses an answer when no request is pending, and a text that is no answer', async () => {
    const license = realLicense();
    await cacheServerKeys();
    const c = env.client();
    const request = await c.createOfflineRequest(license.key);
    const answer = await answerTo(license, request);
    await env.client().acceptOfflineAnswer(answer);
    const fresh = env.client({ stateDir: path.join(env.dir, 'fresh') });
    await writeFile(
      path.join(env.dir, 'jwks.json'),
      JSON.stringify({ server: env.server.url, keys: [env.server.key.publicJwk] }),
    );
    const before = await snapshot();
    expect(await c.acceptOfflineAnswer(answer)).toMatchObject({
      status: 'answer-refused',
      code: 'NO_PENDING_REQUEST',
    });
    expect(await c.acceptOfflineAnswer(request.text)).toMatchObject({
      status: 'answer-refused',
      code: 'NOT_AN_ANSWER',
    });
    expect(await c.acceptOfflineAnswer('hello')).toMatchObject({
      status: 'answer-refused',
      code: 'NOT_AN_ANSWER',
    });
    expect(await snapshot()).toEqual(before);
    // No keys held at all (never online, nothing pinned): refused, not fetched.
    expect(await fresh.acceptOfflineAnswer(answer)).toMatchObject({
      status: 'lease-rejected',
      code: 'LEASE_INVALID',
    });
    expect(env.server.requests).toEqual([]);
  });

  it('a booth never online, clock behind, with pinned keys: accepts, and stays usable offline', async () => {
    await env.server.stop();
    // The booth's clock is 3 hours behind the server's; it has never measured the difference.
    const serverNow = Date.parse('2026-03-01T10:00:00Z');
    const t = clock(serverNow - 3 * HOUR);
    const c = env.client({ now: t.now, pinnedJwks: { keys: [env.server.key.publicJwk] } });
    // A Daily pass that starts at its first activation: the lease's nbf is its iat.
    const license = realLicense({
      type: 'day',
      starts_at: new Date(serverNow).toISOString(),
      expires_at: new Date(serverNow + DAY).toISOString(),
    });
    const request = await c.createOfflineRequest(license.key);
    t.set(t.get() + 10 * 60_000);
    const iat = serverNow / 1000;
    const answer = await answerTo(license, request, { iat, nbf: iat, exp: iat + 86_400 });
    const r = await c.acceptOfflineAnswer(answer);
    expect(r).toMatchObject({ status: 'offline-grace', code: 'LEASE_VALID', usable: true });
    // The answer's iat taken as the least the server's time can be: 2 h 50 min ahead of this clock.
    expect(await c.clock.offsetMs()).toBe(serverNow - t.get());
    t.set(t.get() + HOUR);
    expect(
      await env.client({ now: t.now, pinnedJwks: { keys: [env.server.key.publicJwk] } }).status(),
    ).toMatchObject({
      status: 'offline-grace',
    });
  });

  it("a clock already ahead of the answer's iat is left as it is", async () => {
    const t = clock(Date.parse('2026-03-01T10:00:00Z'));
    const { license, c, request } = await pendingSetup({ now: t.now });
    t.set(t.get() + 2 * HOUR);
    const answer = await answerTo(license, request, {
      iat: request.issuedAt.getTime() / 1000 + 600,
    });
    expect((await c.acceptOfflineAnswer(answer)).status).toBe('offline-grace');
    expect(await c.clock.reading()).toBeNull();
  });
});
