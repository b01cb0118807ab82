import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LEASE_CLOCK_TOLERANCE_MS, LICENSE_CODE_MESSAGES } from '@lbs/domain/license-server';
import { OFFLINE_ANSWER_PREFIX } from '@lbs/domain/offline-activation';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { createUserWithSession, type TestUser } from '../../../test/fixtures';
import { activate, licenseCall, offlineRequest, submitOffline, validate, verifyLease } from '../../../test/license-server-fixtures';
import { licenses } from '../../db/schema';
import { hashLicenseKey } from './find-license';
import { setLicenseGrace } from '../license-changes/renewal-grace';

/*
 * The booth's side of grace (DESIGN §6.3): from the end of a term E until grace_until, while its
 * automatic renewal is unpaid, the licence is current for the licence server, and the booth is
 * told that payment is due. The grace is set as the renewal engine sets it, through the wing.
 */

let t: TestApp;
let customer: TestUser;
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PAY_URL = 'https://shop.test/accounts/overview';
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
/** A lease's end as the server records it: whole seconds. */
const leaseEnd = (date: Date) => new Date(seconds(date) * 1000);
const rowOf = async (id: string) => (await t.db.select().from(licenses).where(eq(licenses.id, id)))[0]!;

/** Sets (or clears) a licence's grace as the renewal engine does: through the wing, in a transaction. */
const setGrace = (id: string, graceUntil: Date | null) => t.db.transaction((tx) => setLicenseGrace(tx, id, graceUntil));

/**
 * A Monthly licence whose term ended at `endedAgo` ms before now, with its grace ending
 * `graceLeft` ms from now (negative: ended), optionally bound to `deviceId`.
 */
async function licenseInGrace(opts: { endedAgo?: number; graceLeft?: number; deviceId?: string } = {}) {
  const expiresAt = new Date(Date.now() - (opts.endedAgo ?? 2 * DAY));
  const l = await insertLicense(t.db, customer, { type: 'month', startAt: new Date(expiresAt.getTime() - 30 * DAY), expiresAt, deviceId: opts.deviceId ?? null });
  const graceUntil = new Date(Date.now() + (opts.graceLeft ?? 5 * DAY));
  await setGrace(l.id, graceUntil);
  return { ...l, expiresAt, graceUntil };
}

const event = (timestamp: Date) => ({ event_id: crypto.randomUUID(), kind: 'success', timestamp: timestamp.toISOString(), file_type: 'jpg' });
const report = (key: string, device: string, events: unknown[]) => licenseCall(t, '/analytics/usage', { license_key: key, device_id: device, events });
const outcomes = (res: { json(): unknown }) => (res.json() as { results: { result: string; code?: string }[] }).results.map((r) => r.code ?? r.result);

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.test' });
  customer = await createUserWithSession(t.db);
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

/** Whether validation answers this key from the row it keeps in memory (license-row-cache.ts). */
const kept = (key: string) => t.ctx.licenseRows.has(hashLicenseKey(key));

describe('a licence in grace (its automatic renewal unpaid)', () => {
  it('validates VALID with payment_due {since: E, grace_until, pay_url: the account area} and a lease', async () => {
    const l = await licenseInGrace({ deviceId: 'booth-g1' });
    const res = await validate(t, l.licenseKey, 'booth-g1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      code: 'VALID',
      detail: LICENSE_CODE_MESSAGES.VALID,
      license: { id: l.id, type: 'month', starts_at: l.startAt.toISOString(), expires_at: l.expiresAt.toISOString(), device_id: 'booth-g1', activate_by: null },
      lease: expect.any(String),
      payment_due: { since: l.expiresAt.toISOString(), grace_until: l.graceUntil.toISOString(), pay_url: PAY_URL },
    });
  });

  it('gets a lease with lic_exp = grace_until, exp no later, and due = E', async () => {
    const l = await licenseInGrace({ deviceId: 'booth-g2', graceLeft: 3 * DAY });
    const { claims } = await verifyLease(t, (await validate(t, l.licenseKey, 'booth-g2')).json().lease);
    expect(claims.lic_exp).toBe(seconds(l.graceUntil));
    expect(claims.due).toBe(seconds(l.expiresAt));
    // The Monthly allowance (7 days) reaches past the grace: the grace's end bounds the lease.
    expect(claims.exp).toBe(seconds(l.graceUntil));
    expect(Object.keys(claims)).toEqual(['iss', 'sub', 'typ', 'dev', 'iat', 'nbf', 'exp', 'lic_exp', 'due']);
  });

  it('gets a lease bounded by the offline allowance when the grace outlasts it', async () => {
    const l = await licenseInGrace({ deviceId: 'booth-g3', graceLeft: 20 * DAY });
    const { claims } = await verifyLease(t, (await validate(t, l.licenseKey, 'booth-g3')).json().lease);
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
    expect(claims.exp).toBeLessThan(claims.lic_exp!);
    expect(claims.lic_exp).toBe(seconds(l.graceUntil));
  });

  it('changes nothing before E, though grace_until is already set (the renewal order is prepared early)', async () => {
    const expiresAt = new Date(Date.now() + 2 * DAY);
    const l = await insertLicense(t.db, customer, { type: 'month', startAt: new Date(expiresAt.getTime() - 30 * DAY), expiresAt, deviceId: 'booth-g4' });
    await setGrace(l.id, new Date(expiresAt.getTime() + 7 * DAY));
    const body = (await validate(t, l.licenseKey, 'booth-g4')).json();
    expect(body).toMatchObject({ valid: true, code: 'VALID' });
    expect(body.payment_due).toBeUndefined();
    const { claims } = await verifyLease(t, body.lease);
    expect(claims.lic_exp).toBe(seconds(expiresAt));
    expect(claims.exp).toBe(seconds(expiresAt));
    expect('due' in claims).toBe(false);
  });

  it('is EXPIRED once grace_until has passed, without a lease or payment_due', async () => {
    const l = await licenseInGrace({ deviceId: 'booth-g5', endedAgo: 8 * DAY, graceLeft: -HOUR });
    const body = (await validate(t, l.licenseKey, 'booth-g5')).json();
    expect(body).toMatchObject({ valid: false, code: 'EXPIRED' });
    expect(body.lease).toBeUndefined();
    expect(body.payment_due).toBeUndefined();
  });

  it('answers what the wing last wrote, though the row is kept in memory: into grace, paid, given up', async () => {
    const expiresAt = new Date(Date.now() - DAY);
    const l = await insertLicense(t.db, customer, { type: 'month', startAt: new Date(expiresAt.getTime() - 30 * DAY), expiresAt, deviceId: 'booth-g6' });
    expect((await validate(t, l.licenseKey, 'booth-g6')).json()).toMatchObject({ code: 'EXPIRED' });
    expect(kept(l.licenseKey)).toBe(true);
    const graceUntil = new Date(Date.now() + 6 * DAY);
    await setGrace(l.id, graceUntil);
    expect((await validate(t, l.licenseKey, 'booth-g6')).json()).toMatchObject({ code: 'VALID', payment_due: { grace_until: graceUntil.toISOString() } });
    // Given up (abandonRenewalOrder clears the grace): ended at E again.
    await setGrace(l.id, null);
    expect((await validate(t, l.licenseKey, 'booth-g6')).json()).toMatchObject({ code: 'EXPIRED' });
  });

  it('turns EXPIRED at grace_until by the clock alone, from the row kept in memory', async () => {
    const expiresAt = new Date(Date.now() - DAY);
    const l = await insertLicense(t.db, customer, { type: 'month', startAt: new Date(expiresAt.getTime() - 30 * DAY), expiresAt, deviceId: 'booth-g13' });
    // Written before any check read the row, and not through the wing: the wing's write keeps this
    // process from keeping the row for a few seconds, which this test needs kept.
    await t.db.update(licenses).set({ graceUntil: new Date(Date.now() + 20_000) }).where(eq(licenses.id, l.id));
    expect((await validate(t, l.licenseKey, 'booth-g13')).json()).toMatchObject({ code: 'VALID', payment_due: expect.any(Object) });
    expect(kept(l.licenseKey)).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 21_000);
    expect(kept(l.licenseKey)).toBe(true);
    const after = (await validate(t, l.licenseKey, 'booth-g13')).json();
    expect(after).toMatchObject({ code: 'EXPIRED' });
    expect(after.payment_due).toBeUndefined();
  });

  it('activates on a new device (a booth renamed or replaced in grace), with payment_due and the grace lease', async () => {
    const l = await licenseInGrace();
    const res = await activate(t, l.licenseKey, 'booth-g7', { device_name: 'Booth 7' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      valid: true,
      code: 'VALID',
      license: { id: l.id, device_id: 'booth-g7', expires_at: l.expiresAt.toISOString() },
      payment_due: { since: l.expiresAt.toISOString(), grace_until: l.graceUntil.toISOString(), pay_url: PAY_URL },
    });
    const { claims } = await verifyLease(t, body.lease);
    expect(claims).toMatchObject({ lic_exp: seconds(l.graceUntil), due: seconds(l.expiresAt), exp: seconds(l.graceUntil) });
    // The bound row records the lease it got, whose end is the grace's.
    expect(await rowOf(l.id)).toMatchObject({ deviceId: 'booth-g7', deviceName: 'Booth 7', leaseExpiresAt: leaseEnd(l.graceUntil) });
  });

  it('refuses activation once grace_until has passed (EXPIRED)', async () => {
    const l = await licenseInGrace({ endedAgo: 8 * DAY, graceLeft: -MINUTE });
    const res = await activate(t, l.licenseKey, 'booth-g8');
    expect(res.statusCode).toBe(403);
    expect(res.json().detail.code).toBe('EXPIRED');
    expect((await rowOf(l.id)).deviceId).toBeNull();
  });

  it('activates offline in grace: the answer’s lease has due and lic_exp = grace_until', async () => {
    const l = await licenseInGrace();
    const req = offlineRequest(l.licenseKey, 'booth-g9');
    const res = await submitOffline(t, customer.headers, req.text);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ device_id: 'booth-g9', license: { expires_at: l.expiresAt.toISOString() }, lease_expires_at: leaseEnd(l.graceUntil).toISOString() });
    const { claims } = await verifyLease(t, body.answer.slice(OFFLINE_ANSWER_PREFIX.length));
    expect(claims).toMatchObject({ dev: 'booth-g9', nonce: req.n, kfp: req.kf, lic_exp: seconds(l.graceUntil), due: seconds(l.expiresAt), exp: seconds(l.graceUntil) });
  });

  it('refuses offline activation once grace_until has passed (403, expired)', async () => {
    const l = await licenseInGrace({ endedAgo: 8 * DAY, graceLeft: -MINUTE });
    const res = await submitOffline(t, customer.headers, offlineRequest(l.licenseKey, 'booth-g10').text);
    expect(res.statusCode).toBe(403);
    expect((await rowOf(l.id)).deviceId).toBeNull();
  });

  it('takes usage events up to grace_until (with the lease tolerance), not after', async () => {
    // Grace from 9 days ago until 2 days ago; no lease recorded on the row.
    const l = await licenseInGrace({ deviceId: 'booth-g11', endedAgo: 9 * DAY, graceLeft: -2 * DAY });
    const events = [
      event(new Date(l.expiresAt.getTime() - HOUR)),
      event(new Date(l.expiresAt.getTime() + 3 * DAY)),
      event(new Date(l.graceUntil.getTime() + LEASE_CLOCK_TOLERANCE_MS - MINUTE)),
      event(new Date(l.graceUntil.getTime() + LEASE_CLOCK_TOLERANCE_MS + MINUTE)),
      event(new Date(Date.now() - DAY)),
    ];
    const res = await report(l.licenseKey, 'booth-g11', events);
    expect(res.statusCode, res.body).toBe(202);
    expect(outcomes(res)).toEqual(['accepted', 'accepted', 'accepted', 'OUTSIDE_TERM', 'OUTSIDE_TERM']);
  });

  it('takes the events of a grace given up while the booth was offline, up to the end of its last lease', async () => {
    const l = await licenseInGrace({ endedAgo: 3 * DAY, graceLeft: 4 * DAY });
    expect((await activate(t, l.licenseKey, 'booth-g12')).statusCode).toBe(200);
    // Renewal turned off in grace (the order abandoned): the licence ended at E, but the booth,
    // offline, works on its lease (until grace_until) and reports afterwards.
    await setGrace(l.id, null);
    expect((await validate(t, l.licenseKey, 'booth-g12')).json()).toMatchObject({ code: 'EXPIRED' });
    const res = await report(l.licenseKey, 'booth-g12', [event(new Date(Date.now() - DAY)), event(new Date(Date.now() - MINUTE))]);
    expect(res.statusCode, res.body).toBe(202);
    expect(outcomes(res)).toEqual(['accepted', 'accepted']);
  });
});
