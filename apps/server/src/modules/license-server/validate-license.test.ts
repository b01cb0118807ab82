import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LICENSE_CODE_MESSAGES } from '@lbs/domain/license-server';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { createAdminWithSession, createUserWithSession, randomIp, type TestUser } from '../../../test/fixtures';
import { activate, jwksOf, updateLicense, validate, verifyLease } from '../../../test/license-server-fixtures';
import { licenses } from '../../db/schema';

let t: TestApp;
let customer: TestUser;
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const rowOf = async (id: string) => (await t.db.select().from(licenses).where(eq(licenses.id, id)))[0]!;

/** A licence activated on `device`. */
async function activated(device: string, opts: Parameters<typeof insertLicense>[2] = {}) {
  const l = await insertLicense(t.db, customer, opts);
  const res = await activate(t, l.licenseKey, device);
  expect(res.statusCode, res.body).toBe(200);
  return l;
}

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.test' });
  customer = await createUserWithSession(t.db);
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

describe('POST /api/licenses/validate', () => {
  it('answers VALID with the licence and a fresh lease on the bound device, and records the call', async () => {
    const l = await activated('booth-v1');
    const ip = randomIp();
    const res = await validate(t, l.licenseKey, 'booth-v1', { app_version: '3.0.0' }, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      code: 'VALID',
      detail: LICENSE_CODE_MESSAGES.VALID,
      license: { id: l.id, type: 'year', starts_at: l.startAt.toISOString(), expires_at: l.expiresAt!.toISOString(), device_id: 'booth-v1', activate_by: null },
      lease: expect.any(String),
    });
    // Checks are written together once a second; flush writes them now.
    await t.ctx.licenseChecks.flush();
    const row = await rowOf(l.id);
    expect(row).toMatchObject({ lastAppVersion: '3.0.0', lastValidatedIp: ip });
    expect(Date.now() - row.lastValidatedAt!.getTime()).toBeLessThan(60_000);
  });

  it('writes many checks as one: each licence keeps its latest time, address and version, and a check without a version keeps the last one', async () => {
    const a = await activated('booth-w1');
    const b = await activated('booth-w2');
    const early = randomIp();
    const late = randomIp();
    await validate(t, a.licenseKey, 'booth-w1', { app_version: '4.0.0' }, early);
    await validate(t, b.licenseKey, 'booth-w2', { app_version: '4.1.0' }, early);
    await validate(t, a.licenseKey, 'booth-w1', {}, late);
    // Nothing is written until the batch goes.
    expect((await rowOf(a.id)).lastValidatedIp).not.toBe(late);
    await t.ctx.licenseChecks.flush();
    expect(await rowOf(a.id)).toMatchObject({ lastValidatedIp: late, lastAppVersion: '4.0.0' });
    expect(await rowOf(b.id)).toMatchObject({ lastValidatedIp: early, lastAppVersion: '4.1.0' });
    // A slower process writing an older check afterwards does not move the time back.
    const latest = (await rowOf(a.id)).lastValidatedAt!;
    t.ctx.licenseChecks.record(a.id, { at: new Date(latest.getTime() - 60_000), ip: early, appVersion: null });
    await t.ctx.licenseChecks.flush();
    expect((await rowOf(a.id)).lastValidatedAt).toEqual(latest);
  });

  it('writes the end of a VALID check’s lease (the fleet view’s lease until), never moving it back', async () => {
    const l = await activated('booth-lease1');
    const res = await validate(t, l.licenseKey, 'booth-lease1');
    const { claims } = await verifyLease(t, res.json().lease);
    await t.ctx.licenseChecks.flush();
    expect((await rowOf(l.id)).leaseExpiresAt).toEqual(new Date(claims.exp * 1000));
    // An older lease written afterwards (a slower process) leaves the later one.
    t.ctx.licenseChecks.record(l.id, { at: new Date(), ip: randomIp(), appVersion: null, leaseExpiresAt: new Date(claims.exp * 1000 - HOUR) });
    await t.ctx.licenseChecks.flush();
    expect((await rowOf(l.id)).leaseExpiresAt).toEqual(new Date(claims.exp * 1000));
  });

  it('writes no lease end for a check answered without a lease', async () => {
    const l = await activated('booth-lease2');
    await updateLicense(t.db, l.id, { leaseExpiresAt: null, suspendedAt: new Date() });
    expect((await validate(t, l.licenseKey, 'booth-lease2')).json()).toMatchObject({ code: 'SUSPENDED' });
    await t.ctx.licenseChecks.flush();
    expect(await rowOf(l.id)).toMatchObject({ leaseExpiresAt: null });
    expect((await rowOf(l.id)).lastValidatedAt).not.toBeNull();
  });

  it('answers an unknown key NOT_FOUND and nothing more', async () => {
    const res = await validate(t, 'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567', 'booth-v2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: false, code: 'NOT_FOUND', detail: LICENSE_CODE_MESSAGES.NOT_FOUND });
  });

  it('answers NOT_ACTIVATED for a key on no device, with the licence but no lease', async () => {
    const l = await insertLicense(t.db, customer);
    const body = (await validate(t, l.licenseKey, 'booth-v3')).json();
    expect(body).toMatchObject({ valid: false, code: 'NOT_ACTIVATED', license: { id: l.id, device_id: null } });
    expect(body.lease).toBeUndefined();
  });

  it('answers DEVICE_MISMATCH to another device: no licence, no lease, nothing recorded', async () => {
    const l = await activated('booth-v4');
    const before = await rowOf(l.id);
    const res = await validate(t, l.licenseKey, 'booth-elsewhere', { app_version: '9.9.9' });
    expect(res.json()).toEqual({ valid: false, code: 'DEVICE_MISMATCH', detail: LICENSE_CODE_MESSAGES.DEVICE_MISMATCH });
    expect(res.body).not.toContain('booth-v4');
    await t.ctx.licenseChecks.flush();
    const after = await rowOf(l.id);
    expect(after.lastValidatedIp).toBe(before.lastValidatedIp);
    expect(after.lastAppVersion).toBe(before.lastAppVersion);
  });

  it('answers REVOKED once an admin revokes the licence, without a lease', async () => {
    const l = await activated('booth-v5');
    const admin = await createAdminWithSession(t.db);
    const revoke = await t.app.inject({ method: 'PUT', url: '/api/subscriptions/licenses', headers: admin.headers, payload: { license_id: l.id, mode: 'revoke' } });
    expect(revoke.statusCode).toBe(200);
    const body = (await validate(t, l.licenseKey, 'booth-v5')).json();
    expect(body).toMatchObject({ valid: false, code: 'REVOKED', detail: LICENSE_CODE_MESSAGES.REVOKED });
    expect(body.lease).toBeUndefined();
  });

  it('answers EXPIRED once time passes the licence’s end, without a lease', async () => {
    const l = await activated('booth-v6', { type: 'day' });
    expect((await validate(t, l.licenseKey, 'booth-v6')).json().code).toBe('VALID');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(l.expiresAt!.getTime() + 1000);
    const body = (await validate(t, l.licenseKey, 'booth-v6')).json();
    expect(body).toMatchObject({ valid: false, code: 'EXPIRED', license: { id: l.id } });
    expect(body.lease).toBeUndefined();
    expect((await activate(t, l.licenseKey, 'booth-v6')).json().detail.code).toBe('EXPIRED');
  });

  it('answers SUSPENDED while an admin has suspended the licence: no lease, the licence shown; valid again once reinstated', async () => {
    const l = await activated('booth-s1');
    await updateLicense(t.db, l.id, { suspendedAt: new Date() });
    const body = (await validate(t, l.licenseKey, 'booth-s1')).json();
    expect(body).toMatchObject({ valid: false, code: 'SUSPENDED', detail: LICENSE_CODE_MESSAGES.SUSPENDED, license: { id: l.id } });
    expect(body.lease).toBeUndefined();
    await updateLicense(t.db, l.id, { suspendedAt: null });
    expect((await validate(t, l.licenseKey, 'booth-s1')).json()).toMatchObject({ valid: true, code: 'VALID' });
  });

  it('answers NOT_YET_VALID with starts_at for a licence that starts in the future, without a lease', async () => {
    const startAt = new Date(Date.now() + 3 * DAY);
    const l = await insertLicense(t.db, customer, { type: 'month', startAt, deviceId: 'booth-f1' });
    const body = (await validate(t, l.licenseKey, 'booth-f1')).json();
    expect(body).toMatchObject({ valid: false, code: 'NOT_YET_VALID', detail: LICENSE_CODE_MESSAGES.NOT_YET_VALID, starts_at: startAt.toISOString() });
    expect(body.lease).toBeUndefined();
  });

  it('checks in Keygen’s order: revoked before suspended before not yet valid before expired before the device', async () => {
    const future = new Date(Date.now() + DAY);
    const l = await insertLicense(t.db, customer, { type: 'month', startAt: future, expiresAt: new Date(Date.now() - HOUR), deviceId: 'booth-o1' });
    // Not yet started and already ended (an impossible row, but it shows the order): not yet valid first.
    expect((await validate(t, l.licenseKey, 'someone-else')).json().code).toBe('NOT_YET_VALID');
    await updateLicense(t.db, l.id, { suspendedAt: new Date() });
    expect((await validate(t, l.licenseKey, 'someone-else')).json().code).toBe('SUSPENDED');
    await updateLicense(t.db, l.id, { revokedAt: new Date() });
    expect((await validate(t, l.licenseKey, 'someone-else')).json().code).toBe('REVOKED');
    const ended = await insertLicense(t.db, customer, { type: 'month', expiresAt: new Date(Date.now() - HOUR), deviceId: 'booth-o2' });
    expect((await validate(t, ended.licenseKey, 'someone-else')).json().code).toBe('EXPIRED');
  });

  it('answers an unused Daily pass NOT_ACTIVATED with its activate_by date', async () => {
    const activateBy = new Date(Date.now() + 300 * DAY);
    const l = await insertLicense(t.db, customer, { type: 'day', expiresAt: activateBy });
    await updateLicense(t.db, l.id, { activateBy, unstartedTermHours: 24 });
    const body = (await validate(t, l.licenseKey, 'booth-d1')).json();
    expect(body).toMatchObject({ valid: false, code: 'NOT_ACTIVATED', license: { id: l.id, activate_by: activateBy.toISOString(), expires_at: activateBy.toISOString() } });
  });

  it('refuses malformed input with 400, not a code', async () => {
    expect((await validate(t, '', 'booth')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/licenses/validate', payload: { license_key: 'K' }, remoteAddress: randomIp() })).statusCode).toBe(400);
    expect((await validate(t, 'K', 'booth', { extra: 1 })).statusCode).toBe(400);
  });
});

describe('the lease', () => {
  it('verifies with jose against the JWKS: EdDSA, the key it names, typ lease+jwt, the contract’s claims', async () => {
    const l = await activated('booth-l1');
    const before = Math.floor(Date.now() / 1000);
    const { lease } = (await validate(t, l.licenseKey, 'booth-l1')).json();
    const { claims, header } = await verifyLease(t, lease);
    const jwks = await jwksOf(t);
    expect(header).toEqual({ alg: 'EdDSA', kid: jwks.keys[0]!.kid, typ: 'lease+jwt' });
    expect(Object.keys(claims).sort()).toEqual(['dev', 'exp', 'iat', 'iss', 'lic_exp', 'nbf', 'sub', 'typ']);
    expect(claims).toMatchObject({
      iss: 'https://shop.test',
      sub: l.id,
      typ: 'year',
      dev: 'booth-l1',
      nbf: Math.floor(l.startAt.getTime() / 1000),
      lic_exp: Math.floor(l.expiresAt!.getTime() / 1000),
    });
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    // A Yearly licence's offline allowance: 14 days.
    expect(claims.exp).toBe(claims.iat + 14 * 24 * 3600);
  });

  it('is refused when any one character of it changes', async () => {
    const l = await activated('booth-l2');
    const { lease } = (await validate(t, l.licenseKey, 'booth-l2')).json() as { lease: string };
    const keys = createLocalJWKSet(await jwksOf(t));
    await expect(jwtVerify(lease, keys)).resolves.toBeTruthy();
    const [h, p, s] = lease.split('.') as [string, string, string];
    const flip = (part: string, at: number) => part.slice(0, at) + (part[at] === 'A' ? 'B' : 'A') + part.slice(at + 1);
    for (const forged of [
      [flip(h, Math.floor(h.length / 2)), p, s],
      [h, flip(p, Math.floor(p.length / 2)), s],
      [h, flip(p, 5), s],
      [h, p, flip(s, 10)],
      [h, p, flip(s, Math.floor(s.length / 2))],
    ]) {
      await expect(jwtVerify(forged.join('.'), keys), forged.join('.')).rejects.toThrow();
    }
    // A lease for another device, made by re-encoding the claims, fails too.
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const other = Buffer.from(JSON.stringify({ ...claims, dev: 'pirate-pc' })).toString('base64url');
    await expect(jwtVerify([h, other, s].join('.'), keys)).rejects.toThrow();
  });

  it('never outlives its licence: a licence ending in 2 hours gives a lease ending with it', async () => {
    const l = await activated('booth-l3', { type: 'day', startAt: new Date(Date.now() - 22 * HOUR) });
    const { lease } = (await validate(t, l.licenseKey, 'booth-l3')).json();
    const { claims } = await verifyLease(t, lease);
    expect(claims.exp).toBe(Math.floor(l.expiresAt!.getTime() / 1000));
    expect(claims.exp * 1000).toBeLessThanOrEqual(l.expiresAt!.getTime());
    expect(claims.lic_exp).toBe(claims.exp);
    // And the verifier refuses it once the licence has ended.
    await expect(verifyLease(t, lease, { currentDate: new Date(l.expiresAt!.getTime() + 1000) })).rejects.toThrow(/exp/);
  });

  it('lasts the plan’s offline allowance when the licence lasts longer: Monthly 7 days, Yearly 14, setup kit 7; Daily the whole pass', async () => {
    const cases = [
      { type: 'month', hours: 7 * 24 },
      { type: 'year', hours: 14 * 24 },
      { type: 'onetime', hours: 7 * 24 },
    ] as const;
    for (const { type, hours } of cases) {
      const l = await activated(`booth-allow-${type}`, { type });
      const { claims } = await verifyLease(t, (await validate(t, l.licenseKey, `booth-allow-${type}`)).json().lease);
      expect(claims.exp - claims.iat, type).toBe(hours * 3600);
    }
    // A Daily pass: the lease runs to the pass's end, offline all day.
    const day = await activated('booth-allow-day', { type: 'day' });
    const { claims } = await verifyLease(t, (await validate(t, day.licenseKey, 'booth-allow-day')).json().lease);
    expect(claims.exp).toBe(Math.floor(day.expiresAt!.getTime() / 1000));
  });

  it('takes each plan’s allowance from OFFLINE_ALLOWANCE_*_HOURS', async () => {
    const short = await buildTestApp({ OFFLINE_ALLOWANCE_MONTH_HOURS: '5', OFFLINE_ALLOWANCE_YEAR_HOURS: '30' });
    try {
      const owner = await createUserWithSession(short.db);
      for (const [type, hours] of [['month', 5], ['year', 30]] as const) {
        const l = await insertLicense(short.db, owner, { type });
        const { lease } = (await activate(short, l.licenseKey, `booth-l4-${type}`)).json();
        const { claims } = await verifyLease(short, lease);
        expect(claims.exp - claims.iat, type).toBe(hours * 3600);
        expect(decodeProtectedHeader(lease).typ).toBe('lease+jwt');
      }
    } finally {
      await short.close();
    }
  });

  it('is not valid before the licence starts (nbf), and a verifier refuses it then', async () => {
    const startAt = new Date(Date.now() - HOUR);
    const l = await activated('booth-nbf', { type: 'month', startAt });
    const { lease } = (await validate(t, l.licenseKey, 'booth-nbf')).json();
    const { claims } = await verifyLease(t, lease);
    expect(claims.nbf).toBe(Math.floor(startAt.getTime() / 1000));
    await expect(verifyLease(t, lease, { currentDate: new Date(startAt.getTime() - 60_000) })).rejects.toThrow(/nbf/);
  });

  it('is issued for an activated licence only while it is current: never for a revoked or expired one', async () => {
    const l = await activated('booth-l5', { type: 'day', startAt: new Date(Date.now() - DAY + HOUR) });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(l.expiresAt!.getTime());
    expect((await validate(t, l.licenseKey, 'booth-l5')).json()).not.toHaveProperty('lease');
  });
});
