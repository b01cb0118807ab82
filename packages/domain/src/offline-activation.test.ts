import { describe, expect, it } from 'vitest';

import {
  isOfflineRequestExpired,
  keyHashOfFingerprint,
  OFFLINE_REQUEST_CLOCK_TOLERANCE_SECONDS,
  OFFLINE_REQUEST_MAX_CHARS,
  OFFLINE_REQUEST_PREFIX,
  OFFLINE_REQUEST_TTL_SECONDS,
  parseOfflineActivationRequest,
  type TOfflineActivationRequest,
} from './offline-activation';

// Globals of Node and browsers; the domain package compiles without the DOM or Node libraries.
declare const btoa: (binary: string) => string;

// SHA-256 of the key 'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567' (UTF-8): base64url, and hex.
const KF = 'r46WPg0ddPrpCLJvwhDrsY_e3VzqZEm38YbNdMMt0l0';
const KEY_HASH = 'af8e963e0d1d74fae908b26fc210ebb18fdedd5cea6449b7f186cd74c32dd25d';
const IAT = 1_751_284_800;
let nonces = 0;

/** Base64url without padding of a binary string (one character per byte). */
const base64url = (binary: string) => btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const request = (over: Partial<Record<keyof TOfflineActivationRequest, unknown>> = {}) => ({
  v: 1,
  kf: KF,
  dev: 'booth-7f3c2a',
  dn: 'Booth PC, Marina Bay',
  av: '2.4.1',
  n: `nonce-of-the-booth-${String((nonces += 1)).padStart(4, '0')}`,
  iat: IAT,
  exp: IAT + OFFLINE_REQUEST_TTL_SECONDS,
  ...over,
});
// The test's JSON is ASCII, so its UTF-8 bytes are its characters.
const textOf = (json: unknown) => `${OFFLINE_REQUEST_PREFIX}${base64url(JSON.stringify(json))}`;

describe('parseOfflineActivationRequest', () => {
  it('reads back what a booth writes, with the key hash its fingerprint stands for', () => {
    const json = request();
    expect(parseOfflineActivationRequest(textOf(json))).toEqual({ ok: true, request: json, keyHash: KEY_HASH });
  });

  it('leaves out an absent or empty name and version', () => {
    const { dn: _dn, av: _av, ...bare } = request();
    expect(parseOfflineActivationRequest(textOf(bare))).toEqual({ ok: true, request: bare, keyHash: KEY_HASH });
    const parsed = parseOfflineActivationRequest(textOf({ ...bare, dn: null, av: null }));
    expect(parsed.ok && parsed.request).toEqual(bare);
  });

  it('ignores whitespace anywhere (a wrapped paste) and the case of the prefix', () => {
    const json = request();
    const text = textOf(json);
    const pasted = ` ${text.slice(0, 4)}\n${text.slice(4, 30).replace('lboa1-req.', 'LBOA1-REQ.')}\t${text.slice(30, 70)}\r\n  ${text.slice(70)}\n`;
    expect(parseOfflineActivationRequest(pasted)).toEqual({ ok: true, request: json, keyHash: KEY_HASH });
    expect(parseOfflineActivationRequest(text.toUpperCase().slice(0, 10) + text.slice(10))).toMatchObject({ ok: true });
  });

  it('says "not a request" for other text, another format version, or text too long to be one', () => {
    expect(parseOfflineActivationRequest('https://example.com/')).toEqual({ ok: false, problem: 'notARequest' });
    expect(parseOfflineActivationRequest('')).toEqual({ ok: false, problem: 'notARequest' });
    expect(parseOfflineActivationRequest(textOf(request()).replace('lboa1-', 'lboa2-'))).toEqual({ ok: false, problem: 'notARequest' });
    expect(parseOfflineActivationRequest('lboa1-ans.abc')).toEqual({ ok: false, problem: 'isAnswer' });
    expect(parseOfflineActivationRequest(' LBOA1-ANS.eyJh\nbGci ')).toEqual({ ok: false, problem: 'isAnswer' });
    expect(parseOfflineActivationRequest(OFFLINE_REQUEST_PREFIX + 'A'.repeat(OFFLINE_REQUEST_MAX_CHARS))).toEqual({ ok: false, problem: 'notARequest' });
  });

  it('says "damaged" for bad base64url, bytes that are not UTF-8 JSON, or JSON of another shape', () => {
    const damaged = { ok: false, problem: 'damaged' };
    expect(parseOfflineActivationRequest(`${OFFLINE_REQUEST_PREFIX}eyJ2Ijox+/=`)).toEqual(damaged);
    expect(parseOfflineActivationRequest(OFFLINE_REQUEST_PREFIX)).toEqual(damaged);
    expect(parseOfflineActivationRequest(`${OFFLINE_REQUEST_PREFIX}${base64url('{"v":1,')}`)).toEqual(damaged);
    expect(parseOfflineActivationRequest(`${OFFLINE_REQUEST_PREFIX}${base64url('\xff\xfe{')}`)).toEqual(damaged);
    expect(parseOfflineActivationRequest(textOf([1, 2]))).toEqual(damaged);
    // A text cut short (a partial scan) no longer decodes to the JSON.
    expect(parseOfflineActivationRequest(textOf(request()).slice(0, -10))).toEqual(damaged);
    expect(parseOfflineActivationRequest(textOf(request({ v: 2 })))).toEqual(damaged);
    expect(parseOfflineActivationRequest(textOf(request({ n: 'short' })))).toEqual(damaged);
    expect(parseOfflineActivationRequest(textOf(request({ dev: '' })))).toEqual(damaged);
    expect(parseOfflineActivationRequest(textOf(request({ iat: 1.5 })))).toEqual(damaged);
  });

  it('says "damaged" for a fingerprint that is not 32 bytes of base64url', () => {
    const damaged = { ok: false, problem: 'damaged' };
    expect(parseOfflineActivationRequest(textOf(request({ kf: KF.slice(0, 42) })))).toEqual(damaged);
    expect(parseOfflineActivationRequest(textOf(request({ kf: `${KF}A` })))).toEqual(damaged);
    expect(parseOfflineActivationRequest(textOf(request({ kf: KEY_HASH })))).toEqual(damaged);
    expect(parseOfflineActivationRequest(textOf(request({ kf: `${KF.slice(0, 42)}=` })))).toEqual(damaged);
  });

  it('refuses a request that lives longer than 24 hours (a few minutes’ slack) or ends before it starts', () => {
    expect(parseOfflineActivationRequest(textOf(request({ exp: IAT + OFFLINE_REQUEST_TTL_SECONDS + 300 })))).toMatchObject({ ok: true });
    expect(parseOfflineActivationRequest(textOf(request({ exp: IAT + OFFLINE_REQUEST_TTL_SECONDS + 301 })))).toEqual({ ok: false, problem: 'damaged' });
    expect(parseOfflineActivationRequest(textOf(request({ exp: IAT })))).toEqual({ ok: false, problem: 'damaged' });
  });
});

describe('keyHashOfFingerprint', () => {
  it('is the hex SHA-256 the fingerprint encodes, or null', () => {
    expect(keyHashOfFingerprint(KF)).toBe(KEY_HASH);
    expect(keyHashOfFingerprint(KF.slice(0, 40))).toBeNull();
    expect(keyHashOfFingerprint('not base64url!')).toBeNull();
  });
});

describe('isOfflineRequestExpired', () => {
  const exp = IAT + OFFLINE_REQUEST_TTL_SECONDS;
  const at = (s: number) => new Date(s * 1000);

  it('allows for the booth’s clock being off by the tolerance', () => {
    expect(isOfflineRequestExpired({ exp }, at(exp - 1))).toBe(false);
    expect(isOfflineRequestExpired({ exp }, at(exp + OFFLINE_REQUEST_CLOCK_TOLERANCE_SECONDS))).toBe(false);
    expect(isOfflineRequestExpired({ exp }, at(exp + OFFLINE_REQUEST_CLOCK_TOLERANCE_SECONDS + 1))).toBe(true);
  });
});
