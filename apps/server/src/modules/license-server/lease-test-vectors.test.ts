import { readFileSync } from 'node:fs';
import { DEFAULT_OFFLINE_ALLOWANCE_HOURS } from '@lbs/domain/license-server';
import { describe, expect, it } from 'vitest';
import {
  TEST_ONLY_SIGNING_KEYS,
  TEST_VECTORS_PATH,
  type TestVectorFile,
} from '../../../../../packages/license-client/src/test-vectors/generate-test-vectors';
import type { licenses } from '../../db/schema';
import { Ed25519SigningThread } from './ed25519-signing-thread';
import { LeaseIssuer } from './lease';
import { LicenseSigningKeys } from './signing-keys';

const vectors = JSON.parse(readFileSync(TEST_VECTORS_PATH, 'utf8')) as TestVectorFile;

/**
 * The published test vectors (docs/license-test-vectors.json) are made by their own generator, so
 * that the invalid ones can be forged; this holds it to the server's format: the server, given the
 * vectors' test key, issues the `valid` vector's lease byte for byte.
 */
describe('the lease test vectors', () => {
  it("are in the server's exact format: LeaseIssuer issues the valid vector byte for byte", async () => {
    const valid = vectors.vectors.find((v) => v.name === 'valid');
    const claims = JSON.parse(Buffer.from(valid!.lease.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      iat: number;
      nbf: number;
      lic_exp: number;
    };
    const { kid, x, d } = TEST_ONLY_SIGNING_KEYS.trusted;
    // LICENSE_SIGNING_KEY is given, so the key store never reads the database.
    const keys = new LicenseSigningKeys(null as never, {
      LICENSE_SIGNING_KEY: { kty: 'OKP', crv: 'Ed25519', kid, x, d },
      LICENSE_PUBLIC_KEYS: undefined,
    });
    const issuer = new LeaseIssuer(keys, {
      issuer: vectors.parameters.issuer,
      allowanceHours: DEFAULT_OFFLINE_ALLOWANCE_HOURS,
    });
    const license = {
      id: claims.sub,
      type: 'day',
      startAt: new Date(claims.nbf * 1000),
      expiresAt: new Date(claims.lic_exp * 1000),
    } as typeof licenses.$inferSelect;

    const lease = await issuer.issue(
      license,
      vectors.parameters.device_id,
      new Date(claims.iat * 1000),
    );

    expect(lease).toBe(valid!.lease);
    expect(await keys.jwks()).toEqual(vectors.jwks);
    await keys.close();
  });

  it("include a lease in grace in the server's exact format: LeaseIssuer issues valid_in_grace byte for byte from a licence in grace", async () => {
    const vector = vectors.vectors.find((v) => v.name === 'valid_in_grace')!;
    const claims = JSON.parse(Buffer.from(vector.lease.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      iat: number;
      nbf: number;
      lic_exp: number;
      due: number;
    };
    const { kid, x, d } = TEST_ONLY_SIGNING_KEYS.trusted;
    const keys = new LicenseSigningKeys(null as never, {
      LICENSE_SIGNING_KEY: { kty: 'OKP', crv: 'Ed25519', kid, x, d },
      LICENSE_PUBLIC_KEYS: undefined,
    });
    const issuer = new LeaseIssuer(keys, { issuer: vectors.parameters.issuer, allowanceHours: DEFAULT_OFFLINE_ALLOWANCE_HOURS });
    // The term ended at `due`; the renewal engine set grace_until, which `lic_exp` carries.
    const license = {
      id: claims.sub,
      type: 'month',
      startAt: new Date(claims.nbf * 1000),
      expiresAt: new Date(claims.due * 1000),
      graceUntil: new Date(claims.lic_exp * 1000),
      activateBy: null,
    } as typeof licenses.$inferSelect;

    expect(await issuer.issue(license, vectors.parameters.device_id, new Date(claims.iat * 1000))).toBe(vector.lease);
    await keys.close();
  });

  it('are signed the same by either of the server\'s signers: libsodium, and node:crypto where libsodium has no build', async () => {
    const valid = vectors.vectors.find((v) => v.name === 'valid')!;
    const [header, payload, signature] = valid.lease.split('.');
    const { kid, x, d } = TEST_ONLY_SIGNING_KEYS.trusted;
    const jwk = { kty: 'OKP' as const, crv: 'Ed25519' as const, kid, x, d };
    for (const signer of [new Ed25519SigningThread(jwk), new Ed25519SigningThread(jwk, null)]) {
      try {
        expect(await signer.sign(`${header}.${payload}`)).toBe(signature);
      } finally {
        await signer.close();
      }
    }
  });
});
