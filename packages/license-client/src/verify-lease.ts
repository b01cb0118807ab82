import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWK } from 'jose';
import { isRecord } from './server-call';

/** The lease's claims (DESIGN §6), times in seconds since the epoch. */
export interface LeaseClaims {
  iss: string;
  /** The licence id. */
  sub: string;
  /** The licence type (day, month, year, onetime). */
  typ: string;
  /** The device the lease was issued to. */
  dev: string;
  iat: number;
  /** The licence's start: the lease is not valid before it. Null in leases from before nbf. */
  nbf: number | null;
  exp: number;
  /**
   * When the licence itself stops working; null for a licence that never expires. In grace (its
   * automatic renewal unpaid, `due` set) the end of the grace.
   */
  lic_exp: number | null;
  /**
   * Only in grace: when the paid term ended and payment became due (null otherwise). The licence
   * still works until `lic_exp`: warn, never lock out.
   */
  due: number | null;
}

export type LeaseCheck =
  | { ok: true; claims: LeaseClaims; kid: string | null }
  | {
      ok: false;
      code: 'LEASE_EXPIRED' | 'LEASE_NOT_YET_VALID' | 'LEASE_INVALID' | 'UNKNOWN_KEY';
      message: string;
    };

export interface LeaseVerification {
  /** The public keys to trust: the pinned set, or the server's JWKS as cached. */
  jwks: JSONWebKeySet;
  /** Expected `iss`: the licence server's base URL. */
  issuer: string;
  /** Expected `dev`: this device. */
  deviceId: string;
  /**
   * The time the lease is checked at: the booth's clock corrected by its measured offset from the
   * server's (ServerClock), or the lease's own `iat` for a fresh one.
   */
  at: Date;
  /**
   * How far `at` may be off, in seconds, when checking `nbf`, `exp` and `lic_exp` (default 0: the
   * times exactly; docs/license-test-vectors.json names the tolerance its cases assume). The client passes its rollback tolerance, so a
   * clock a few minutes slow does not reject a lease whose licence starts now.
   */
  toleranceSeconds?: number;
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The `iss` values that name the configured issuer: with or without a trailing slash, and on this
 * machine any loopback name for the same scheme and port (the server's default PUBLIC_URL is
 * http://localhost:PORT while the client's default server is http://127.0.0.1:3000).
 */
export function acceptedIssuers(issuer: string): string[] {
  const base = issuer.replace(/\/+$/, '');
  const names = new Set([base]);
  let url: URL | null = null;
  try {
    url = new URL(base);
  } catch {
    url = null;
  }
  if (url && LOOPBACK.includes(url.hostname)) {
    for (const host of LOOPBACK) {
      const other = new URL(url.href);
      other.hostname = host;
      names.add(other.href.replace(/\/+$/, ''));
    }
  }
  return [...names].flatMap((name) => [name, `${name}/`]);
}

/** Only Ed25519 signing keys are trusted, whatever else a key set lists. */
export function ed25519Keys(jwks: unknown): JSONWebKeySet {
  const keys = isRecord(jwks) && Array.isArray(jwks.keys) ? jwks.keys : [];
  return {
    keys: keys.filter(
      (key): key is JWK =>
        isRecord(key) &&
        key.kty === 'OKP' &&
        key.crv === 'Ed25519' &&
        typeof key.x === 'string' &&
        !('d' in key) &&
        (key.alg === undefined || key.alg === 'EdDSA') &&
        (key.use === undefined || key.use === 'sig'),
    ),
  };
}

/** base64url without padding (RFC 7515 §2), as every segment of a lease must be. */
const SEGMENT = /^[A-Za-z0-9_-]*$/;

/** The lease's protected header when its form is a lease's, else why not. */
function leaseHeader(lease: string): Record<string, unknown> | string {
  const parts = lease.split('.');
  if (parts.length !== 3) return 'not three segments';
  if (!parts.every((part) => SEGMENT.test(part) && part.length % 4 !== 1))
    return 'a segment is not unpadded base64url';
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8'));
  } catch {
    return 'the header is not JSON';
  }
  if (!isRecord(header)) return 'the header is not a JSON object';
  if (header.typ !== 'lease+jwt') return `typ ${JSON.stringify(header.typ)} is not "lease+jwt"`;
  if (typeof header.kid !== 'string' || header.kid === '') return 'the header names no key (kid)';
  return header;
}

/**
 * Checks a lease offline: the EdDSA signature by one of the trusted keys (no other algorithm is
 * accepted, so neither `none` nor an HMAC made with the public key can pass), the header's
 * `typ: lease+jwt`, the issuer, the device, that the lease has begun (`nbf`, the licence's start)
 * and that neither the lease nor the licence has ended.
 */
export async function verifyLease(lease: string, v: LeaseVerification): Promise<LeaseCheck> {
  // As strict as docs/license-api.md ("Verifying a lease in other languages"), where jose is more
  // lenient: three segments of unpadded base64url (jose takes a padded signature), a header naming
  // its key by `kid` (jose picks the only key of a one-key set without it) and the `typ`
  // "lease+jwt" exactly (jose also takes "application/lease+jwt" and other cases).
  const header = leaseHeader(lease);
  if (typeof header === 'string')
    return { ok: false, code: 'LEASE_INVALID', message: `the lease does not verify (${header})` };
  let payload: Record<string, unknown>;
  let kid: string | null;
  try {
    const result = await jwtVerify(lease, createLocalJWKSet(v.jwks), {
      algorithms: ['EdDSA'],
      typ: 'lease+jwt',
      issuer: acceptedIssuers(v.issuer),
      currentDate: v.at,
      clockTolerance: v.toleranceSeconds ?? 0,
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    payload = result.payload;
    kid = result.protectedHeader.kid ?? null;
  } catch (error) {
    if (error instanceof errors.JWTExpired)
      return { ok: false, code: 'LEASE_EXPIRED', message: 'the lease has expired' };
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf')
      return { ok: false, code: 'LEASE_NOT_YET_VALID', message: 'the lease is not valid yet' };
    if (error instanceof errors.JWKSNoMatchingKey) {
      return {
        ok: false,
        code: 'UNKNOWN_KEY',
        message: 'the lease is signed by a key this client does not know',
      };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, code: 'LEASE_INVALID', message: `the lease does not verify (${reason})` };
  }

  const { iss, sub, typ, dev, iat, nbf, exp, lic_exp, due } = payload;
  if (
    typeof iss !== 'string' ||
    typeof sub !== 'string' ||
    typeof typ !== 'string' ||
    typeof iat !== 'number' ||
    typeof exp !== 'number'
  ) {
    return { ok: false, code: 'LEASE_INVALID', message: 'the lease lacks a claim' };
  }
  if (dev !== v.deviceId)
    return { ok: false, code: 'LEASE_INVALID', message: 'the lease belongs to another device' };
  if (nbf !== undefined && typeof nbf !== 'number')
    return { ok: false, code: 'LEASE_INVALID', message: 'the lease has a malformed nbf' };
  // The server writes lic_exp: null for a licence that never ends; a lease without the claim is
  // not one it issued, and is refused rather than read as "never ends".
  if (!('lic_exp' in payload))
    return { ok: false, code: 'LEASE_INVALID', message: 'the lease lacks lic_exp (null for a licence that never ends)' };
  if (lic_exp !== null && typeof lic_exp !== 'number') {
    return { ok: false, code: 'LEASE_INVALID', message: 'the lease has a malformed lic_exp' };
  }
  const licExp = typeof lic_exp === 'number' ? lic_exp : null;
  if (licExp !== null && licExp <= v.at.getTime() / 1000 - (v.toleranceSeconds ?? 0)) {
    return { ok: false, code: 'LEASE_EXPIRED', message: 'the licence has expired' };
  }
  // `due` only ever adds a warning: a lease without it (or, never written by the server, with a
  // value that is not a number) is checked exactly as before, as verifiers that predate it do.
  return {
    ok: true,
    kid,
    claims: { iss, sub, typ, dev, iat, nbf: nbf ?? null, exp, lic_exp: licExp, due: typeof due === 'number' ? due : null },
  };
}
