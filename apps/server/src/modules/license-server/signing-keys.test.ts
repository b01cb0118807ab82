import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { createUserWithSession } from '../../../test/fixtures';
import { activate, jwksOf } from '../../../test/license-server-fixtures';
import { appSecrets } from '../../db/schema';
import { jwkThumbprint } from '../../lib/ed25519-jwk';
import { EMBEDDED_SIGNING_KEY_NAME, LicenseSigningKeys } from './signing-keys';

function ed25519() {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const jwk = privateKey.export({ format: 'jwk' }) as { x: string; d: string };
  return { pem, jwk, spki: publicKey.export({ format: 'pem', type: 'spki' }).toString() };
}

/** A lease from a fresh licence activated on `app`. */
async function leaseFrom(app: TestApp): Promise<string> {
  const owner = await createUserWithSession(app.db);
  const l = await insertLicense(app.db, owner);
  const res = await activate(app, l.licenseKey, 'booth-keys');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().lease;
}

describe('embedded mode (no LICENSE_SIGNING_KEY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('generates one key on first use, keeps it in the database and publishes it, cacheably', async () => {
    expect(await t.db.select().from(appSecrets).where(eq(appSecrets.name, EMBEDDED_SIGNING_KEY_NAME))).toHaveLength(0);
    const res = await t.app.inject({ method: 'GET', url: '/api/licenses/jwks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const { keys } = res.json();
    expect(keys).toEqual([{ kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: jwkThumbprint(keys[0].x), alg: 'EdDSA', use: 'sig' }]);
    expect(JSON.stringify(keys)).not.toContain('"d"');
    const [stored] = await t.db.select().from(appSecrets).where(eq(appSecrets.name, EMBEDDED_SIGNING_KEY_NAME));
    expect(JSON.parse(stored!.value)).toMatchObject({ x: keys[0].x, kid: keys[0].kid });
  });

  it('is the same key for every process on the database, even when they start together', async () => {
    const others = Array.from({ length: 5 }, () => new LicenseSigningKeys(t.db, { LICENSE_SIGNING_KEY: undefined, LICENSE_PUBLIC_KEYS: undefined }));
    const kids = await Promise.all(others.map(async (k) => (await k.current()).kid));
    expect(new Set([...kids, (await jwksOf(t)).keys[0]!.kid]).size).toBe(1);
    expect(await t.db.select().from(appSecrets).where(eq(appSecrets.name, EMBEDDED_SIGNING_KEY_NAME))).toHaveLength(1);
  });

  it('signs leases that another shop’s keys refuse', async () => {
    const lease = await leaseFrom(t);
    const other = await buildTestApp();
    try {
      await expect(jwtVerify(lease, createLocalJWKSet(await jwksOf(other)))).rejects.toThrow();
      await expect(jwtVerify(lease, createLocalJWKSet(await jwksOf(t)))).resolves.toBeTruthy();
    } finally {
      await other.close();
    }
  });
});

describe('LICENSE_SIGNING_KEY', () => {
  it('as a PKCS#8 PEM (newlines written as \\n): leases verify with its public key, nothing is stored', async () => {
    const key = ed25519();
    const t = await buildTestApp({ LICENSE_SIGNING_KEY: key.pem.replace(/\n/g, '\\n') });
    try {
      const lease = await leaseFrom(t);
      expect(decodeProtectedHeader(lease).kid).toBe(jwkThumbprint(key.jwk.x));
      await expect(jwtVerify(lease, await importSPKI(key.spki, 'EdDSA'))).resolves.toBeTruthy();
      expect((await jwksOf(t)).keys.map((k) => k.x)).toEqual([key.jwk.x]);
      expect(await t.db.select().from(appSecrets).where(eq(appSecrets.name, EMBEDDED_SIGNING_KEY_NAME))).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('rotates: the new key (a JWK with its kid) signs, the old one stays listed and its leases still verify', async () => {
    const oldKey = ed25519();
    const newKey = ed25519();
    const before = await buildTestApp({ LICENSE_SIGNING_KEY: JSON.stringify({ kty: 'OKP', crv: 'Ed25519', ...oldKey.jwk, kid: '2025-01' }) });
    let oldLease: string;
    try {
      oldLease = await leaseFrom(before);
    } finally {
      await before.close();
    }
    const after = await buildTestApp({
      LICENSE_SIGNING_KEY: JSON.stringify({ kty: 'OKP', crv: 'Ed25519', ...newKey.jwk, kid: '2025-07' }),
      LICENSE_PUBLIC_KEYS: JSON.stringify([{ kty: 'OKP', crv: 'Ed25519', x: oldKey.jwk.x, kid: '2025-01' }]),
    });
    try {
      const jwks = await jwksOf(after);
      expect(jwks.keys.map((k) => k.kid)).toEqual(['2025-07', '2025-01']);
      const keys = createLocalJWKSet(jwks);
      const newLease = await leaseFrom(after);
      expect(decodeProtectedHeader(newLease).kid).toBe('2025-07');
      await expect(jwtVerify(newLease, keys)).resolves.toBeTruthy();
      await expect(jwtVerify(oldLease, keys)).resolves.toBeTruthy();
    } finally {
      await after.close();
    }
  });
});

