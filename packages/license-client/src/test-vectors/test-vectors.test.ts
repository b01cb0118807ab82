import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verifyLease } from '../verify-lease';
import {
  generateTestVectors,
  serialiseTestVectors,
  TEST_VECTORS_PATH,
  type ExpectedResult,
  type TestVectorFile,
} from './generate-test-vectors';

const committed = readFileSync(TEST_VECTORS_PATH, 'utf8');
const file = JSON.parse(committed) as TestVectorFile;

/** The client's code for each expected result (docs/license-api.md, "Test vectors"). */
const CLIENT_CODE: Record<ExpectedResult, string> = {
  valid: 'ok',
  expired: 'LEASE_EXPIRED',
  not_yet_valid: 'LEASE_NOT_YET_VALID',
  unknown_key: 'UNKNOWN_KEY',
  invalid: 'LEASE_INVALID',
};

describe('docs/license-test-vectors.json', () => {
  it('is exactly what the generator writes (run `npm run test-vectors -w @lbs/license-client` after changing it)', () => {
    expect(committed).toBe(serialiseTestVectors(generateTestVectors()));
  });

  it('covers every expected result and names each vector once', () => {
    expect(new Set(file.vectors.map((v) => v.expected))).toEqual(new Set(Object.keys(CLIENT_CODE)));
    expect(new Set(file.vectors.map((v) => v.name)).size).toBe(file.vectors.length);
  });

  it.each(file.vectors.map((v) => [v.name, v] as const))(
    '%s: verifyLease gives the expected result',
    async (_name, vector) => {
      const p = file.parameters;
      // toleranceSeconds: the slack for nbf, exp and lic_exp (verify-lease.ts). Built apart from the
      // call so that a verifyLease without the option still typechecks (and then checks exactly).
      const verification = {
        jwks: file.jwks,
        issuer: p.issuer,
        deviceId: p.device_id,
        at: new Date(p.now * 1000),
        toleranceSeconds: p.clock_tolerance_seconds,
      };
      const check = await verifyLease(vector.lease, verification);
      expect(check.ok ? 'ok' : check.code, check.ok ? 'valid' : check.message).toBe(
        CLIENT_CODE[vector.expected],
      );
    },
  );
});
