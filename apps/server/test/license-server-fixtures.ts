import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import type { TJwks, TLeaseClaims } from '@lbs/domain/license-server';
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
