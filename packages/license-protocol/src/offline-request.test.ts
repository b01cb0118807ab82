import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  OFFLINE_ANSWER_PREFIX,
  OFFLINE_REQUEST_NONCE_BYTES,
  OFFLINE_REQUEST_PREFIX,
  OFFLINE_REQUEST_TTL_SECONDS,
  type OfflineRequestClaims,
} from './offline-request';

describe('offline activation texts', () => {
  it('have two prefixes, lower case (readers compare them with the text lower-cased), neither the start of the other', () => {
    expect(OFFLINE_REQUEST_PREFIX).toBe('lboa1-req.');
    expect(OFFLINE_ANSWER_PREFIX).toBe('lboa1-ans.');
    for (const prefix of [OFFLINE_REQUEST_PREFIX, OFFLINE_ANSWER_PREFIX]) expect(prefix).toBe(prefix.toLowerCase());
    expect(OFFLINE_REQUEST_PREFIX.startsWith(OFFLINE_ANSWER_PREFIX)).toBe(false);
    expect(OFFLINE_ANSWER_PREFIX.startsWith(OFFLINE_REQUEST_PREFIX)).toBe(false);
  });

  it('a request is good for 24 hours, and its nonce is 16 bytes (22 base64url characters)', () => {
    expect(OFFLINE_REQUEST_TTL_SECONDS).toBe(86_400);
    expect(OFFLINE_REQUEST_NONCE_BYTES).toBe(16);
    expect(Math.ceil((OFFLINE_REQUEST_NONCE_BYTES * 8) / 6)).toBe(22);
  });

  it("the request's claims are the fields docs/license-api.md lists, dn and av optional", () => {
    // Checked by the type checker (npm run typecheck), not at run time.
    expectTypeOf<keyof OfflineRequestClaims>().toEqualTypeOf<'v' | 'kf' | 'dev' | 'dn' | 'av' | 'n' | 'iat' | 'exp'>();
    expectTypeOf<OfflineRequestClaims['v']>().toEqualTypeOf<1>();
    expectTypeOf<Pick<OfflineRequestClaims, 'kf' | 'dev' | 'n'>>().toEqualTypeOf<{ kf: string; dev: string; n: string }>();
    expectTypeOf<Pick<OfflineRequestClaims, 'dn' | 'av'>>().toEqualTypeOf<{ dn?: string; av?: string }>();
    expectTypeOf<Pick<OfflineRequestClaims, 'iat' | 'exp'>>().toEqualTypeOf<{ iat: number; exp: number }>();
  });
});
