import { LEASE_ALG, LEASE_TYP, type LicenseServerType, type TLeaseClaims } from '@lbs/domain/license-server';
import { isInGrace } from '@lbs/domain/renewals';
import type { licenses } from '../../db/schema';
import type { LicenseSigningKeys } from './signing-keys';

type LicenseRow = typeof licenses.$inferSelect;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export interface LeaseOptions {
  issuer: string;
  /** The offline allowance per licence type (DESIGN §6.1), hours. */
  allowanceHours: Readonly<Record<LicenseServerType, number>>;
}

/**
 * The offline allowance of `license`, seconds: its plan's, except that a Daily pass's covers at
 * least the whole pass. A pass renewed before it started runs 48 hours (or more), and a booth
 * offline for the whole event must not stop after the first 24.
 */
function allowanceSeconds(license: LicenseRow, allowanceHours: LeaseOptions['allowanceHours']): number {
  const plan = allowanceHours[license.type] * 3600;
  if (license.type !== 'day' || !license.expiresAt || license.activateBy !== null) return plan;
  return Math.max(plan, seconds(license.expiresAt) - seconds(license.startAt));
}

/**
 * The claims of a lease for `license` on `deviceId`, issued at `now`: valid from the licence's
 * start (`nbf`) and until the plan's offline allowance runs out or the licence ends, whichever is
 * first, so a lease never outlives its licence.
 *
 * In grace (DESIGN §6.3: the term ended at E, its automatic renewal unpaid) the licence ends at
 * `grace_until`: `lic_exp` says so, and `due` = E lets a booth offline warn that payment is due.
 * Every verifier already shipped checks `lic_exp` and ignores a claim it does not know, so it
 * takes such a lease as it is. Before E nothing changes, even with grace_until set (the renewal
 * order is prepared a few days early and is usually paid before E).
 */
export function leaseClaims(license: LicenseRow, deviceId: string, opts: LeaseOptions & { now: Date }): TLeaseClaims {
  const iat = seconds(opts.now);
  const inGrace = isInGrace(license, opts.now);
  const licExp = inGrace ? seconds(license.graceUntil!) : license.expiresAt ? seconds(license.expiresAt) : null;
  const byAllowance = iat + allowanceSeconds(license, opts.allowanceHours);
  return {
    iss: opts.issuer,
    sub: license.id,
    typ: license.type,
    dev: deviceId,
    iat,
    nbf: seconds(license.startAt),
    exp: licExp === null ? byAllowance : Math.min(licExp, byAllowance),
    lic_exp: licExp,
    ...(inGrace ? { due: seconds(license.expiresAt!) } : {}),
  };
}

/** The claims binding an offline activation's lease to its request (DESIGN §6.1). */
export interface LeaseBinding {
  nonce: string;
  kfp: string;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

// The protected header, encoded once per key id: the same bytes for every lease the key signs.
const encodedHeaders = new Map<string, string>();
function encodedHeader(kid: string): string {
  let header = encodedHeaders.get(kid);
  if (header === undefined) encodedHeaders.set(kid, (header = base64url({ alg: LEASE_ALG, kid, typ: LEASE_TYP })));
  return header;
}

/**
 * Signs leases: compact JWS (RFC 7515), EdDSA with Ed25519 (RFC 8037), header {alg, kid, typ:
 * 'lease+jwt'}. Signed by the key's signing thread (ed25519-signing-thread.ts: libsodium where it
 * has a build, else node:crypto; the same bytes either way), never jose's SignJWT: jose signs through
 * WebCrypto, several times slower, and every valid check issues one (decision 0017). The
 * serialisation is the standard's three base64url parts; jose verifies the result in the tests
 * and in packages/license-client, so any JOSE library reads what this writes.
 */
export class LeaseIssuer {
  constructor(
    private readonly keys: LicenseSigningKeys,
    private readonly opts: LeaseOptions,
  ) {}

  /** The leases' `iss`: the shop's PUBLIC_URL, which the booth's other links (pay_url) start with. */
  get issuer(): string {
    return this.opts.issuer;
  }

  /**
   * When a lease issued now for `license` on `deviceId` ends: what licenses.lease_expires_at
   * records in the transaction that binds the device, before the lease is signed after it. A
   * property, so the binding verb can be handed it alone.
   */
  readonly expiryOf = (license: LicenseRow, deviceId: string, now: Date): Date =>
    new Date(leaseClaims(license, deviceId, { ...this.opts, now }).exp * 1000);

  /**
   * `binding` adds the claims that tie an offline activation's answer to its request (the
   * request's nonce and key fingerprint); every other claim is the online lease's.
   */
  async issue(license: LicenseRow, deviceId: string, now: Date, binding?: LeaseBinding): Promise<string> {
    const signing = await this.keys.current();
    const claims: TLeaseClaims = { ...leaseClaims(license, deviceId, { ...this.opts, now }), ...(binding ? { nonce: binding.nonce, kfp: binding.kfp } : {}) };
    const signingInput = `${encodedHeader(signing.kid)}.${base64url(claims)}`;
    return `${signingInput}.${await signing.signer.sign(signingInput)}`;
  }
}
