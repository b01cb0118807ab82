import crypto from 'node:crypto';
import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { TJwks, TLeaseClaims } from '@lbs/domain/license-server';
import type { DbOrTx } from '../src/db/client';
import { licenses } from '../src/db/schema';
import { licensesChanged } from '../src/modules/license-changes/licenses-changed';
import type { TestApp } from './build-test-app';
import { randomIp } from './fixtures';

/** A desktop program's call to the licence server, from a fresh address unless one is given. */
export function licenseCall(t: TestApp, path: string, payload: object, opts: { ip?: string } = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: `/api${path}`, payload, remoteAddress: opts.ip ?? randomIp() });
}

export const activate = (t: TestApp, license_key: string, device_id: string, extra: object = {}, ip?: string) =>
  licenseCall(t, '/licenses/activate', { license_key, device_id, ...extra }, { ip });
export const validate = (t: TestApp, license_key: string, device_id: string, extra: object = {}, ip?: string) =>
  licenseCall(t, '/licenses/validate', { license_key, device_id, ...extra }, { ip });
export const deactivate = (t: TestApp, license_key: string, device_id: string, ip?: string) =>
  licenseCall(t, '/licenses/deactivate', { license_key, device_id }, { ip });

/**
 * Sets columns of a licence as a product write would: with licensesChanged, so validation's
 * in-memory row (license-row-cache.ts) is dropped here and in every process.
 */
export async function updateLicense(db: DbOrTx, id: string, set: Partial<typeof licenses.$inferInsert>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(licenses).set(set).where(eq(licenses.id, id));
    await licensesChanged(tx, [id]);
  });
}

export async function jwksOf(t: TestApp): Promise<TJwks> {
  const res = await t.app.inject({ method: 'GET', url: '/api/licenses/jwks.json', remoteAddress: randomIp() });
  if (res.statusCode !== 200) throw new Error(`jwks answered ${res.statusCode}: ${res.body}`);
  return res.json() as TJwks;
}

/** Verifies a lease as the desktop program would: against the published JWKS, EdDSA only, typ lease+jwt. */
export async function verifyLease(t: TestApp, lease: string, opts: { currentDate?: Date } = {}) {
  const keys = createLocalJWKSet(await jwksOf(t));
  const { payload, protectedHeader } = await jwtVerify(lease, keys, {
    algorithms: ['EdDSA'],
    typ: 'lease+jwt',
    issuer: t.ctx.config.publicUrl,
    ...(opts.currentDate ? { currentDate: opts.currentDate } : {}),
  });
  return { claims: payload as JWTPayload & TLeaseClaims, header: protectedHeader };
}

/** An offline activation request as a booth makes it (docs/license-api.md), for `key` on `dev`. */
export function offlineRequest(
  key: string,
  dev: string,
  opts: { dn?: string; av?: string; n?: string; iat?: number; exp?: number; kf?: string } = {},
): { text: string; n: string; kf: string; iat: number; exp: number } {
  const kf = opts.kf ?? crypto.createHash('sha256').update(key, 'utf8').digest('base64url');
  const n = opts.n ?? crypto.randomBytes(16).toString('base64url');
  const iat = opts.iat ?? Math.floor(Date.now() / 1000);
  const exp = opts.exp ?? iat + 24 * 3600;
  const json = { v: 1, kf, dev, ...(opts.dn ? { dn: opts.dn } : {}), ...(opts.av ? { av: opts.av } : {}), n, iat, exp };
  return { text: `lboa1-req.${Buffer.from(JSON.stringify(json)).toString('base64url')}`, n, kf, iat, exp };
}

/** The account area's offline activation call: the customer's route, or the admin's with `admin`. */
export function submitOffline(t: TestApp, headers: { authorization: string } | undefined, request: string, opts: { admin?: boolean; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: opts.admin ? '/api/admin/licenses/offline-activations' : '/api/licenses/offline-activations',
    payload: { request },
    headers: headers ?? {},
    remoteAddress: opts.ip ?? randomIp(),
  });
}
