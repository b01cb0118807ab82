import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { canonicalLicenseKey } from '@lbs/license-protocol/license-key';
import type { OfflineRequestClaims } from '@lbs/license-protocol/offline-request';
import { describe, expect, it } from 'vitest';
import { LicenseClient } from '../license-client';
import { encodeOfflineRequest, keyFingerprint } from '../offline-request';
import { verifyLease } from '../verify-lease';
import {
  generateTestVectors,
  type OfflineAnswerResult,
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
      // A lease in grace reports when payment became due; any other reports none.
      if (check.ok) expect(check.claims.due).toBe(vector.due ?? null);
    },
  );

  it('include a lease in grace (with `due`) that verifies and one whose grace has ended', () => {
    expect(file.vectors.filter((v) => v.due !== undefined && v.expected === 'valid').map((v) => v.name)).toEqual(['valid_in_grace']);
    expect(file.vectors.find((v) => v.name === 'grace_ended')?.expected).toBe('expired');
  });
});

/** The client's answer for each offline activation result. */
const OFFLINE_RESULT: Record<OfflineAnswerResult, string> = {
  accepted: 'offline-grace',
  rejected: 'lease-rejected',
  answer_mismatch: 'OFFLINE_ANSWER_MISMATCH',
  request_expired: 'OFFLINE_REQUEST_EXPIRED',
  answer_expired: 'OFFLINE_ANSWER_EXPIRED',
};

describe("docs/license-test-vectors.json's offline activation", () => {
  const offline = file.offline_activation;

  it('the request: canonical key, fingerprint, key hash and text as this client makes them', () => {
    expect(canonicalLicenseKey(offline.license_key_typed)).toBe(offline.license_key);
    expect(keyFingerprint(offline.license_key)).toBe(offline.key_fingerprint);
    expect(Buffer.from(offline.key_fingerprint, 'base64url').toString('hex')).toBe(offline.key_hash_hex);
    expect(JSON.stringify(offline.request)).toBe(offline.request_json);
    expect(encodeOfflineRequest(offline.request as unknown as OfflineRequestClaims)).toBe(offline.request_text);
  });

  it.each(offline.answers.map((a) => [a.name, a] as const))(
    '%s: acceptOfflineAnswer gives the expected result',
    async (_name, a) => {
      const p = file.parameters;
      const dir = await mkdtemp(path.join(os.tmpdir(), 'lbs-offline-vectors-'));
      try {
        await writeFile(
          path.join(dir, 'offline-request.json'),
          JSON.stringify({
            version: 1,
            server: p.issuer,
            license_key: offline.license_key,
            request: offline.request,
            text: offline.request_text,
            created_at: new Date(p.now * 1000).toISOString(),
          }),
        );
        const client = new LicenseClient({
          serverUrl: p.issuer,
          stateDir: dir,
          deviceId: p.device_id,
          pinnedJwks: file.jwks,
          clockToleranceMs: p.clock_tolerance_seconds * 1000,
          now: () => new Date(a.now * 1000),
          fetch: () => Promise.reject(new Error('an answer is checked without the network')),
        });
        const r = await client.acceptOfflineAnswer(a.answer);
        expect(r.status === 'answer-refused' ? r.code : r.status, r.message).toBe(OFFLINE_RESULT[a.expected]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
