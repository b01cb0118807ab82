/**
 * Writes docs/license-test-vectors.json: leases a verifier in any language must accept or refuse,
 * each with its expected result, for the desktop program's ports (C#/.NET, Swift, C++) and for
 * this client's own tests. Run: `npm run test-vectors -w @lbs/license-client`.
 *
 * The leases are signed the way the server's LeaseIssuer signs them (apps/server/src/modules/
 * license-server/lease.ts): compact JWS, header {alg, kid, typ} and the claims in the server's
 * order, each part JSON.stringify'd and base64url-encoded, Ed25519 over `header.payload` with
 * node:crypto (the server signs with libsodium where it loads, else node:crypto: the same bytes).
 * Ed25519 signatures are deterministic (RFC 8032), so a run reproduces the file byte for byte; a
 * test checks the committed file against a fresh run.
 */
import crypto from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * TEST KEYS, NOT THE SHOP'S. Generated once for these vectors and published with them: anyone can
 * sign with them, so no server may ever be configured with them (LICENSE_SIGNING_KEY) and no
 * client may ever pin them outside a test.
 */
export const TEST_ONLY_SIGNING_KEYS = {
  /** Listed in the vectors' JWKS: the key the valid leases are signed with. */
  trusted: {
    kid: 'lentibooth-test-vectors-1',
    x: 'LJl1IiISQ_HY1tC-tEk-uBadIhafKL7jlfgYOfJU_Z0',
    d: '-dtynhFZYhu7uZIhXd-BFw1obchTHftrQJJ0PE6U-80',
  },
  /** Not in the JWKS: a lease naming its kid is signed by a key the verifier does not know. */
  unknown: {
    kid: 'lentibooth-test-vectors-unknown',
    x: 'LKfD7jr5Hc51boL_uugU38YyXjXTzXgi3_KtueQOgkU',
    d: 'Cs0OtIc9Ndf7xqnch7pDia5zLHP7TPX_HI7ZfuXa9Lo',
  },
  /** Not in the JWKS either, but signs under the trusted key's kid: the signature must not verify. */
  impostor: {
    kid: 'lentibooth-test-vectors-1',
    x: 'mCMBo8Lq_Os2ydBbOz1WPhDCPAUG7U0WBGbOfIRTMMg',
    d: 'wXKb5S3z7z07wVIJQoCK0-PfSjIjKDLCmdQcWniw5fE',
  },
} as const;

type TestKey = (typeof TEST_ONLY_SIGNING_KEYS)[keyof typeof TEST_ONLY_SIGNING_KEYS];

/**
 * What a verifier concludes. The Node client's codes: valid → ok, expired → LEASE_EXPIRED,
 * not_yet_valid → LEASE_NOT_YET_VALID, unknown_key → UNKNOWN_KEY, invalid → LEASE_INVALID.
 */
export type ExpectedResult = 'valid' | 'expired' | 'not_yet_valid' | 'unknown_key' | 'invalid';

export interface TestVector {
  name: string;
  description: string;
  lease: string;
  expected: ExpectedResult;
  /**
   * Only for a lease in grace (an automatic renewal unpaid) that verifies: its `due` claim, which a
   * verifier that reads it reports as "payment due since" (one that does not still accepts it).
   */
  due?: number;
}

export interface TestVectorFile {
  description: string;
  warning: string;
  /** The values every vector is checked with. */
  parameters: {
    /** The verifier's (offset-corrected) clock, seconds since the epoch, and the same as ISO 8601. */
    now: number;
    now_iso: string;
    /** Expected `iss` (the licence server's PUBLIC_URL). */
    issuer: string;
    /** Expected `dev` (this booth's device id). */
    device_id: string;
    /** Slack for `nbf`, `exp` and `lic_exp` against `now`: the Node client's clock tolerance. */
    clock_tolerance_seconds: number;
    alg: 'EdDSA';
    typ: 'lease+jwt';
  };
  checks: string[];
  jwks: {
    keys: { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; alg: 'EdDSA'; use: 'sig' }[];
  };
  vectors: TestVector[];
  offline_activation: OfflineActivationVectors;
}

/**
 * What a booth concludes on an offline activation answer (docs/license-api.md, "Offline
 * activation: the booth's side"). The Node client: accepted → offline-grace, rejected →
 * lease-rejected, answer_mismatch → OFFLINE_ANSWER_MISMATCH, request_expired →
 * OFFLINE_REQUEST_EXPIRED, answer_expired → OFFLINE_ANSWER_EXPIRED.
 */
export type OfflineAnswerResult =
  | 'accepted'
  | 'rejected'
  | 'answer_mismatch'
  | 'request_expired'
  | 'answer_expired';

export interface OfflineActivationVectors {
  description: string;
  /** The key as typed, and canonical; the fingerprint and the shop's key hash (hex) of it. */
  license_key_typed: string;
  license_key: string;
  key_fingerprint: string;
  key_hash_hex: string;
  /** The request's JSON exactly as encoded, its fields, and its text (the QR payload). */
  request_json: string;
  request: Record<string, unknown>;
  request_text: string;
  /** Answers to that request (the booth's pending one), each read at `now` with `parameters`. */
  answers: { name: string; description: string; now: number; answer: string; expected: OfflineAnswerResult }[];
}

const NOW = Date.UTC(2026, 2, 14, 12, 0, 0) / 1000;
const ISSUER = 'https://shop.lentibooth.test';
const DEVICE_ID = 'lb-5d1c0a7e93b24f6e8a0c71d2b4e6f809';
const LICENSE_ID = '0b6f2d9e-4c1a-4e7b-9f3d-2a8c5e1b7d40';
/** The client's default clock tolerance (LicenseClient's clockToleranceMs, one hour). */
const CLOCK_TOLERANCE_SECONDS = 60 * 60;
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const base64url = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64url');
const encodeJson = (value: unknown) => base64url(JSON.stringify(value));

function privateKeyOf(key: TestKey): crypto.KeyObject {
  return crypto.createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: key.x, d: key.d },
    format: 'jwk',
  });
}

/** Signs the exact header and payload segments given, as LeaseIssuer.issue does. */
function signSegments(headerSegment: string, payloadSegment: string, key: TestKey): string {
  const signingInput = `${headerSegment}.${payloadSegment}`;
  // Ed25519 takes no digest: the algorithm argument is null.
  const signature = crypto.sign(null, Buffer.from(signingInput), privateKeyOf(key));
  return `${signingInput}.${base64url(signature)}`;
}

/** The server's header, in its order. */
const leaseHeader = (kid: string) => ({ alg: 'EdDSA', kid, typ: 'lease+jwt' });

/** The server's claims (lease.ts leaseClaims), in its order: a Daily pass started an hour ago. */
function leaseClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    iss: ISSUER,
    sub: LICENSE_ID,
    typ: 'day',
    dev: DEVICE_ID,
    iat: NOW - HOUR,
    nbf: NOW - HOUR,
    exp: NOW + 23 * HOUR,
    lic_exp: NOW + 23 * HOUR,
    ...overrides,
  };
}

function signLease(
  claims: Record<string, unknown>,
  {
    key = TEST_ONLY_SIGNING_KEYS.trusted as TestKey,
    header = leaseHeader(key.kid) as Record<string, unknown>,
  } = {},
): string {
  return signSegments(encodeJson(header), encodeJson(claims), key);
}

function withoutClaim(name: string): Record<string, unknown> {
  const { [name]: _dropped, ...rest } = leaseClaims();
  return rest;
}

function buildVectors(): TestVector[] {
  const valid = signLease(leaseClaims());
  const [validHeader, validPayload, validSignature] = valid.split('.') as [string, string, string];

  const flippedSignature = Buffer.from(validSignature, 'base64url');
  flippedSignature[0] = flippedSignature[0]! ^ 0x01;

  // The same header, its members reordered: equal as JSON, different bytes, so the signature
  // (made over the bytes as sent) no longer verifies.
  const reorderedHeader = encodeJson({
    typ: 'lease+jwt',
    kid: TEST_ONLY_SIGNING_KEYS.trusted.kid,
    alg: 'EdDSA',
  });
  // The payload of the valid lease with its end pushed 30 days later, the signature kept.
  const extendedPayload = encodeJson(leaseClaims({ exp: NOW + 30 * DAY, lic_exp: NOW + 30 * DAY }));

  // HS256 keyed with the public key's bytes: the classic algorithm-confusion forgery.
  const hsHeader = encodeJson({
    alg: 'HS256',
    kid: TEST_ONLY_SIGNING_KEYS.trusted.kid,
    typ: 'lease+jwt',
  });
  const hsMac = crypto
    .createHmac('sha256', Buffer.from(TEST_ONLY_SIGNING_KEYS.trusted.x, 'base64url'))
    .update(`${hsHeader}.${validPayload}`)
    .digest();

  return [
    {
      name: 'valid',
      description:
        "A Daily pass's lease as the server issues it: started an hour ago, 23 hours left.",
      lease: valid,
      expected: 'valid',
    },
    {
      name: 'valid_licence_without_end',
      description:
        'A setup kit licence that never ends (lic_exp null); the lease itself ends in 7 days.',
      lease: signLease(
        leaseClaims({
          typ: 'onetime',
          iat: NOW - DAY,
          nbf: NOW - 90 * DAY,
          exp: NOW + 6 * DAY,
          lic_exp: null,
        }),
      ),
      expected: 'valid',
    },
    {
      name: 'nbf_within_tolerance',
      description:
        'A lease issued a moment ago to a booth whose clock is 15 minutes slow: nbf and iat lie 15 minutes after `now`, inside the tolerance.',
      lease: signLease(
        leaseClaims({
          iat: NOW + 15 * MINUTE,
          nbf: NOW + 15 * MINUTE,
          exp: NOW + DAY + 15 * MINUTE,
          lic_exp: NOW + DAY + 15 * MINUTE,
        }),
      ),
      expected: 'valid',
    },
    {
      name: 'ended_within_tolerance',
      description:
        "A Daily pass that ended 10 minutes ago by the booth's clock (exp = lic_exp): inside the tolerance, still valid.",
      lease: signLease(
        leaseClaims({
          iat: NOW - DAY,
          nbf: NOW - DAY,
          exp: NOW - 10 * MINUTE,
          lic_exp: NOW - 10 * MINUTE,
        }),
      ),
      expected: 'valid',
    },
    {
      name: 'expired',
      description:
        'The offline allowance ran out a day ago (exp passed); the licence itself runs on.',
      lease: signLease(
        leaseClaims({
          typ: 'month',
          iat: NOW - 8 * DAY,
          nbf: NOW - 20 * DAY,
          exp: NOW - DAY,
          lic_exp: NOW + 10 * DAY,
        }),
      ),
      expected: 'expired',
    },
    {
      name: 'licence_expired',
      description:
        'lic_exp passed two hours ago though exp has not: the licence has ended, whatever the lease says.',
      lease: signLease(leaseClaims({ exp: NOW + DAY, lic_exp: NOW - 2 * HOUR })),
      expected: 'expired',
    },
    {
      name: 'valid_in_grace',
      description:
        "A Monthly licence in grace: its term ended 2 days ago (due), its automatic renewal is unpaid, and it works until the grace ends in 5 days (lic_exp, and exp, the earlier of it and the allowance). Valid; a verifier that reads `due` warns that payment is due.",
      lease: signLease(
        leaseClaims({
          typ: 'month',
          nbf: NOW - 32 * DAY,
          exp: NOW + 5 * DAY,
          lic_exp: NOW + 5 * DAY,
          due: NOW - 2 * DAY,
        }),
      ),
      expected: 'valid',
      due: NOW - 2 * DAY,
    },
    {
      name: 'grace_ended',
      description:
        'A lease issued in grace whose grace (lic_exp, and exp) ended two hours ago, its renewal never paid: the licence has ended.',
      lease: signLease(
        leaseClaims({
          typ: 'month',
          iat: NOW - 3 * DAY,
          nbf: NOW - 37 * DAY,
          exp: NOW - 2 * HOUR,
          lic_exp: NOW - 2 * HOUR,
          due: NOW - 7 * DAY - 2 * HOUR,
        }),
      ),
      expected: 'expired',
    },
    {
      name: 'not_yet_valid',
      description:
        'The licence starts in three days (nbf in the future, far beyond the tolerance).',
      lease: signLease(
        leaseClaims({
          typ: 'month',
          iat: NOW,
          nbf: NOW + 3 * DAY,
          exp: NOW + 7 * DAY,
          lic_exp: NOW + 33 * DAY,
        }),
      ),
      expected: 'not_yet_valid',
    },
    {
      name: 'tampered_header',
      description:
        "The valid lease's header with its members reordered: equal JSON, other bytes; the signature fails.",
      lease: `${reorderedHeader}.${validPayload}.${validSignature}`,
      expected: 'invalid',
    },
    {
      name: 'tampered_payload',
      description:
        "The valid lease's payload with exp and lic_exp moved 30 days later, its signature kept.",
      lease: `${validHeader}.${extendedPayload}.${validSignature}`,
      expected: 'invalid',
    },
    {
      name: 'tampered_signature',
      description: "The valid lease with one bit of its signature's first byte flipped.",
      lease: `${validHeader}.${validPayload}.${base64url(flippedSignature)}`,
      expected: 'invalid',
    },
    {
      name: 'signed_by_another_key_under_a_known_kid',
      description:
        "Signed by a key not in the JWKS but naming the trusted key's kid: the signature fails.",
      lease: signLease(leaseClaims(), { key: TEST_ONLY_SIGNING_KEYS.impostor }),
      expected: 'invalid',
    },
    {
      name: 'unknown_kid',
      description:
        'Signed by a key the JWKS does not list (its kid is unknown): refetch the JWKS once, then refuse.',
      lease: signLease(leaseClaims(), { key: TEST_ONLY_SIGNING_KEYS.unknown }),
      expected: 'unknown_key',
    },
    {
      name: 'wrong_device',
      description: 'Issued to another device (dev differs): a lease copied from another booth.',
      lease: signLease(leaseClaims({ dev: 'lb-0000000000000000000000000000beef' })),
      expected: 'invalid',
    },
    {
      name: 'wrong_issuer',
      description: 'Issued by another server (iss differs).',
      lease: signLease(leaseClaims({ iss: 'https://licences.example.net' })),
      expected: 'invalid',
    },
    {
      name: 'wrong_typ',
      description:
        'Header typ "JWT", not "lease+jwt": a token of another kind signed by the same key.',
      lease: signLease(leaseClaims(), {
        header: { alg: 'EdDSA', kid: TEST_ONLY_SIGNING_KEYS.trusted.kid, typ: 'JWT' },
      }),
      expected: 'invalid',
    },
    {
      name: 'typ_with_media_type_prefix',
      description:
        'Header typ "application/lease+jwt": RFC 7515 lets a JOSE library read it as "lease+jwt", but the lease\'s typ is exactly "lease+jwt".',
      lease: signLease(leaseClaims(), {
        header: { alg: 'EdDSA', kid: TEST_ONLY_SIGNING_KEYS.trusted.kid, typ: 'application/lease+jwt' },
      }),
      expected: 'invalid',
    },
    {
      name: 'missing_kid',
      description:
        'Signed by the trusted key, but the header names no kid: a lease names its key (a JOSE library may try the only key it has).',
      lease: signLease(leaseClaims(), { header: { alg: 'EdDSA', typ: 'lease+jwt' } }),
      expected: 'invalid',
    },
    {
      name: 'padded_signature',
      description:
        'The valid lease with "==" padding added to its signature segment: base64url without padding only (some decoders take it).',
      lease: `${valid}==`,
      expected: 'invalid',
    },
    {
      name: 'missing_lic_exp',
      description:
        'Signed, but without lic_exp: a licence that never ends says lic_exp null; a missing lic_exp is not "never ends".',
      lease: signLease(withoutClaim('lic_exp')),
      expected: 'invalid',
    },
    {
      name: 'wrong_alg_hs256',
      description: 'Header alg HS256, MACed with the public key: only EdDSA may be accepted.',
      lease: `${hsHeader}.${validPayload}.${base64url(hsMac)}`,
      expected: 'invalid',
    },
    {
      name: 'wrong_alg_none',
      description: 'Header alg "none" and an empty signature.',
      lease: `${encodeJson({ alg: 'none', kid: TEST_ONLY_SIGNING_KEYS.trusted.kid, typ: 'lease+jwt' })}.${validPayload}.`,
      expected: 'invalid',
    },
    {
      name: 'missing_exp',
      description: 'Signed, but without exp: a lease must say when it ends.',
      lease: signLease(withoutClaim('exp')),
      expected: 'invalid',
    },
    {
      name: 'malformed_two_parts',
      description: 'Two dot-separated parts instead of three.',
      lease: `${validHeader}.${validPayload}`,
      expected: 'invalid',
    },
    {
      name: 'malformed_header_not_json',
      description: 'The header segment decodes to text that is not JSON.',
      lease: `${base64url('lease+jwt EdDSA')}.${validPayload}.${validSignature}`,
      expected: 'invalid',
    },
    {
      name: 'malformed_payload_not_an_object',
      description: 'Correctly signed, but the payload is a JSON array, not a claims object.',
      lease: signSegments(
        validHeader,
        encodeJson([ISSUER, DEVICE_ID]),
        TEST_ONLY_SIGNING_KEYS.trusted,
      ),
      expected: 'invalid',
    },
    {
      name: 'malformed_not_a_jws',
      description: 'Not a JWS at all.',
      lease: 'not a lease',
      expected: 'invalid',
    },
  ];
}

/** A request for the example key of docs/license-api.md's offline activation section, from the vectors' device, and answers to it. */
function buildOfflineActivation(): OfflineActivationVectors {
  const typed = '7k2qf 0m9xd r4t8v b1nce hz6wa p3yjs';
  const key = '7K2QF-0M9XD-R4T8V-B1NCE-HZ6WA-P3YJS';
  const digest = crypto.createHash('sha256').update(key, 'utf8').digest();
  const request = {
    v: 1,
    kf: base64url(digest),
    dev: DEVICE_ID,
    dn: 'Booth 3',
    av: '2.4.0',
    n: 'uOzKhtk8CiuGCxzYpJ4A3Q',
    iat: NOW - HOUR,
    exp: NOW - HOUR + DAY,
  };
  const requestJson = JSON.stringify(request);
  // The server's lease for an unused Daily pass started by this activation, half an hour after
  // the request was made, plus the claims binding it to the request.
  const answerClaims = (overrides: Record<string, unknown> = {}) => ({
    ...leaseClaims({ iat: NOW - 30 * MINUTE, nbf: NOW - 30 * MINUTE, exp: NOW - 30 * MINUTE + DAY, lic_exp: NOW - 30 * MINUTE + DAY }),
    nonce: request.n,
    kfp: request.kf,
    ...overrides,
  });
  const answer = (lease: string) => `lboa1-ans.${lease}`;
  const unknown = TEST_ONLY_SIGNING_KEYS.unknown;
  return {
    description:
      "An offline activation request made by the booth and answers to it, the request being the booth's pending one; each answer is read at its `now`, with the issuer, device id, clock tolerance and JWKS above. See docs/license-api.md, \"Offline activation: the booth's side\".",
    license_key_typed: typed,
    license_key: key,
    key_fingerprint: request.kf,
    key_hash_hex: digest.toString('hex'),
    request_json: requestJson,
    request,
    request_text: `lboa1-req.${base64url(requestJson)}`,
    answers: [
      {
        name: 'accepted',
        description: 'The answer to this request, read an hour after the request was made.',
        now: NOW,
        answer: answer(signLease(answerClaims())),
        expected: 'accepted',
      },
      {
        name: 'another_request',
        description: 'A genuine answer to another request of this device (another nonce).',
        now: NOW,
        answer: answer(signLease(answerClaims({ nonce: 'Wm9vbTZ0aGVyUmVxdWVzdA' }))),
        expected: 'answer_mismatch',
      },
      {
        name: 'another_key',
        description: "The right nonce, another key's fingerprint.",
        now: NOW,
        answer: answer(
          signLease(
            answerClaims({ kfp: base64url(crypto.createHash('sha256').update('00000-00000-00000-00000-00000-00000').digest()) }),
          ),
        ),
        expected: 'answer_mismatch',
      },
      {
        name: 'another_device',
        description: "The request's nonce and fingerprint, but a lease for another device.",
        now: NOW,
        answer: answer(signLease(answerClaims({ dev: 'lb-0000000000000000000000000000beef' }))),
        expected: 'rejected',
      },
      {
        name: 'forged_embedded_jwk',
        description:
          "Signed by a key the booth does not hold, which the answer carries in a jwk header: never trusted.",
        now: NOW,
        answer: answer(
          signLease(answerClaims(), {
            key: unknown,
            header: {
              alg: 'EdDSA',
              kid: unknown.kid,
              typ: 'lease+jwt',
              jwk: { kty: 'OKP', crv: 'Ed25519', x: unknown.x },
            },
          }),
        ),
        expected: 'rejected',
      },
      {
        name: 'request_expired',
        description:
          "The genuine answer, read 61 minutes after the request's exp (past the hour's tolerance).",
        now: request.exp + CLOCK_TOLERANCE_SECONDS + MINUTE,
        answer: answer(signLease(answerClaims())),
        expected: 'request_expired',
      },
      {
        name: 'answer_expired',
        description:
          "The answer for a Monthly licence ending 2 hours after it was issued (its lease ends then too), read 61 minutes after that end (past the hour's tolerance) while the request is still good: already ended, refused before anything is stored.",
        now: NOW - 30 * MINUTE + 2 * HOUR + CLOCK_TOLERANCE_SECONDS + MINUTE,
        answer: answer(
          signLease(
            answerClaims({
              typ: 'month',
              nbf: NOW - 28 * DAY,
              exp: NOW - 30 * MINUTE + 2 * HOUR,
              lic_exp: NOW - 30 * MINUTE + 2 * HOUR,
            }),
          ),
        ),
        expected: 'answer_expired',
      },
    ],
  };
}

export function generateTestVectors(): TestVectorFile {
  return {
    description:
      'LentiBooth licence lease test vectors: every lease below, checked with `parameters` and `jwks`, must give its `expected` result. See docs/license-api.md, "Verifying a lease in other languages".',
    warning:
      "The keys here are TEST keys, published with these vectors, never the shop's: do not trust this JWKS outside a test.",
    parameters: {
      now: NOW,
      now_iso: new Date(NOW * 1000).toISOString(),
      issuer: ISSUER,
      device_id: DEVICE_ID,
      clock_tolerance_seconds: CLOCK_TOLERANCE_SECONDS,
      alg: 'EdDSA',
      typ: 'lease+jwt',
    },
    checks: [
      'Split the lease at "." into exactly three parts; base64url-decode each (no padding); the header and payload are UTF-8 JSON objects, else invalid.',
      'Header: alg is "EdDSA" and typ is exactly "lease+jwt" (not "application/lease+jwt"), and kid is a non-empty string, else invalid; kid names a key in the JWKS (kty OKP, crv Ed25519), else unknown_key.',
      'The signature (64 bytes) verifies with Ed25519 over the ASCII bytes "<header segment>.<payload segment>" as received, else invalid.',
      'Payload: iss equals the issuer, dev equals this device id, sub and typ are strings, iat and exp are numbers, nbf is a number if present, lic_exp is present and a number or null (null: a licence that never ends; missing: invalid); else invalid.',
      'nbf > now + tolerance: not_yet_valid. exp <= now - tolerance: expired. lic_exp (when not null) <= now - tolerance: expired. Otherwise valid.',
      'Any other claim is ignored by these checks. due (a number, only in grace: the licence\'s renewal is unpaid since then and it works until lic_exp) changes no result: a valid lease with due is valid, and the booth shows that payment is due (a vector\'s `due` is what to report).',
    ],
    jwks: {
      keys: [
        {
          kty: 'OKP',
          crv: 'Ed25519',
          x: TEST_ONLY_SIGNING_KEYS.trusted.x,
          kid: TEST_ONLY_SIGNING_KEYS.trusted.kid,
          alg: 'EdDSA',
          use: 'sig',
        },
      ],
    },
    vectors: buildVectors(),
    offline_activation: buildOfflineActivation(),
  };
}

/** The file's exact text: two-space JSON and a final newline. */
export const serialiseTestVectors = (file: TestVectorFile) => `${JSON.stringify(file, null, 2)}\n`;

export const TEST_VECTORS_PATH = fileURLToPath(
  new URL('../../../../docs/license-test-vectors.json', import.meta.url),
);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(TEST_VECTORS_PATH, serialiseTestVectors(generateTestVectors()));
  console.log(`wrote ${path.relative(process.cwd(), TEST_VECTORS_PATH)}`);
}
