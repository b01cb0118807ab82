import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTimeWithZone } from '@lbs/domain/dates';
import { MSG } from '@lbs/domain/messages';
import { LICENSE_CODE_MESSAGES } from '@lbs/domain/license-server';
import { OFFLINE_ANSWER_PREFIX, OFFLINE_REQUEST_PROBLEMS } from '@lbs/domain/offline-activation';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { createAdminWithSession, createUserWithSession, randomIp, type TestUser } from '../../../test/fixtures';
import { activate, offlineRequest, submitOffline, validate, verifyLease } from '../../../test/license-server-fixtures';
import { adminAudit, licenseDeviceAddresses, licenseOfflineActivations, licenses } from '../../db/schema';
import { LICENSE_RATE_LIMITS, OFFLINE_ACTIVATIONS_PER_USER } from './rate-limits';

let t: TestApp;
let customer: TestUser;
let admin: TestUser;
const DAY = 24 * 3600 * 1000;
const HOUR_S = 3600;
const nowS = () => Math.floor(Date.now() / 1000);
const rowOf = async (id: string) => (await t.db.select().from(licenses).where(eq(licenses.id, id)))[0]!;
const activationsOf = (licenseId: string) => t.db.select().from(licenseOfflineActivations).where(eq(licenseOfflineActivations.licenseId, licenseId));
const leaseOf = (answer: string) => answer.slice(OFFLINE_ANSWER_PREFIX.length);

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.test' });
  customer = await createUserWithSession(t.db);
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

describe('POST /api/licenses/offline-activations (the key’s owner)', () => {
  it('binds the request’s device and answers a lease bound to the request, verifiable with the published keys', async () => {
    const l = await insertLicense(t.db, customer, { type: 'month' });
    const req = offlineRequest(l.licenseKey, 'booth-offline-1', { dn: 'Booth PC, Marina Bay', av: '2.4.1' });
    const ip = randomIp();
    const res = await submitOffline(t, customer.headers, req.text, { ip });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      answer: expect.stringMatching(/^lboa1-ans\.[\w-]+\.[\w-]+\.[\w-]+$/),
      license: { id: l.id, type: 'month', key_suffix: l.licenseKey.split('-').at(-1), starts_at: l.startAt.toISOString(), expires_at: l.expiresAt!.toISOString() },
      device_id: 'booth-offline-1',
      device_name: 'Booth PC, Marina Bay',
      lease_expires_at: expect.any(String),
      request_expires_at: new Date(req.exp * 1000).toISOString(),
    });
    const { claims, header } = await verifyLease(t, leaseOf(body.answer));
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'lease+jwt' });
    expect(claims).toMatchObject({ iss: 'https://shop.test', sub: l.id, typ: 'month', dev: 'booth-offline-1', nonce: req.n, kfp: req.kf });
    // The Monthly plan's offline allowance, 7 days, as online.
    expect(claims.exp - claims.iat).toBe(7 * 24 * HOUR_S);
    expect(body.lease_expires_at).toBe(new Date(claims.exp * 1000).toISOString());

    const row = await rowOf(l.id);
    expect(row).toMatchObject({ deviceId: 'booth-offline-1', deviceName: 'Booth PC, Marina Bay', lastAppVersion: '2.4.1' });
    expect(row.deviceBoundAt).not.toBeNull();
    expect(row.leaseExpiresAt!.getTime()).toBe(claims.exp * 1000);
    // The booth was not seen: no validation time, and the operator's phone is not its address.
    expect(row.lastValidatedAt).toBeNull();
    expect(row.lastValidatedIp).toBeNull();
    expect(await t.db.select().from(licenseDeviceAddresses).where(eq(licenseDeviceAddresses.licenseId, l.id))).toEqual([]);

    const [activation, ...more] = await activationsOf(l.id);
    expect(more).toEqual([]);
    expect(activation).toMatchObject({ deviceId: 'booth-offline-1', deviceName: 'Booth PC, Marina Bay', nonce: req.n, actorId: customer.id, byAdmin: false, ip });
    expect(activation!.requestExpiresAt.getTime()).toBe(req.exp * 1000);
    expect(activation!.leaseExpiresAt.getTime()).toBe(claims.exp * 1000);
    // A customer's own activation is not an admin action.
    expect(await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, l.id))).toEqual([]);
    // The booth then validates online as any activated booth.
    expect((await validate(t, l.licenseKey, 'booth-offline-1')).json()).toMatchObject({ valid: true, code: 'VALID' });
  });

  it('starts an unused Daily pass, with a lease to the end of its hours', async () => {
    const owner = await createUserWithSession(t.db);
    const activateBy = new Date(Date.now() + 300 * DAY);
    const pass = await insertLicense(t.db, owner, { type: 'day', startAt: new Date(Date.now() - 5 * DAY), expiresAt: activateBy });
    await t.db.update(licenses).set({ activateBy, unstartedTermHours: 24 }).where(eq(licenses.id, pass.id));
    const before = Date.now();
    const res = await submitOffline(t, owner.headers, offlineRequest(pass.licenseKey, 'booth-pass').text);
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(pass.id);
    expect(row.startAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.expiresAt!.getTime() - row.startAt.getTime()).toBe(DAY);
    expect(row).toMatchObject({ activateBy: null, unstartedTermHours: null, deviceId: 'booth-pass' });
    const { claims } = await verifyLease(t, leaseOf(res.json().answer));
    expect(claims.exp).toBe(Math.floor(row.expiresAt!.getTime() / 1000));
    expect(row.leaseExpiresAt!.getTime()).toBe(claims.exp * 1000);
    expect(res.json().license).toMatchObject({ starts_at: row.startAt.toISOString(), expires_at: row.expiresAt!.toISOString() });
  });

  it('takes the text as pasted: wrapped lines, spaces and an upper-case prefix', async () => {
    const l = await insertLicense(t.db, customer);
    const { text } = offlineRequest(l.licenseKey, 'booth-pasted');
    const pasted = `  ${text.slice(0, 10).toUpperCase()}\n${text.slice(10, 60)}\r\n ${text.slice(60)} \n`;
    const res = await submitOffline(t, customer.headers, pasted);
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(l.id)).deviceId).toBe('booth-pasted');
  });

  it('answers another customer’s key exactly as an unknown key (404), binding nothing', async () => {
    const stranger = await createUserWithSession(t.db);
    const l = await insertLicense(t.db, stranger);
    const theirs = await submitOffline(t, customer.headers, offlineRequest(l.licenseKey, 'booth-x').text);
    const unknown = await submitOffline(t, customer.headers, offlineRequest('ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567', 'booth-x').text);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: MSG.offlineKeyNotYours });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(theirs.body);
    expect((await rowOf(l.id)).deviceId).toBeNull();
    expect(await activationsOf(l.id)).toEqual([]);
  });

  it('refuses a stranger with 401 before looking at the body', async () => {
    const res = await submitOffline(t, undefined, 'not even a request');
    expect(res.statusCode).toBe(401);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/licenses/offline-activations', payload: { nope: 1 }, remoteAddress: randomIp() });
    expect(malformed.statusCode).toBe(401);
  });

  it('refuses what is not a request, a damaged one and a malformed body (400), with the operator’s sentence', async () => {
    const me = await createUserWithSession(t.db);
    const l = await insertLicense(t.db, me);
    const good = offlineRequest(l.licenseKey, 'booth-bad');
    const asJson = (json: unknown) => `lboa1-req.${Buffer.from(JSON.stringify(json)).toString('base64url')}`;
    const cases: Array<[string, string]> = [
      ['https://example.com/not-a-request', OFFLINE_REQUEST_PROBLEMS.notARequest],
      [good.text.replace('lboa1-req.', 'lboa2-req.'), OFFLINE_REQUEST_PROBLEMS.notARequest],
      ['lboa1-req.!!!not*base64', OFFLINE_REQUEST_PROBLEMS.damaged],
      [`lboa1-req.${Buffer.from('{"v":1,"kf":').toString('base64url')}`, OFFLINE_REQUEST_PROBLEMS.damaged],
      [good.text.slice(0, -12), OFFLINE_REQUEST_PROBLEMS.damaged],
      [asJson({ v: 1, kf: good.kf.slice(0, 40), dev: 'booth-bad', n: good.n, iat: good.iat, exp: good.exp }), OFFLINE_REQUEST_PROBLEMS.damaged],
      [asJson({ v: 2, kf: good.kf, dev: 'booth-bad', n: good.n, iat: good.iat, exp: good.exp }), OFFLINE_REQUEST_PROBLEMS.damaged],
      [`lboa1-req.${'A'.repeat(2100)}`, OFFLINE_REQUEST_PROBLEMS.notARequest],
    ];
    for (const [text, detail] of cases) {
      const res = await submitOffline(t, me.headers, text);
      expect(res.statusCode, text.slice(0, 40)).toBe(400);
      expect(res.json(), text.slice(0, 40)).toEqual({ detail });
    }
    const notAString = await t.app.inject({ method: 'POST', url: '/api/licenses/offline-activations', payload: { request: 42 }, headers: me.headers, remoteAddress: randomIp() });
    expect(notAString.statusCode).toBe(400);
    expect(notAString.json().detail).toMatch(/^body\.request/);
    expect((await rowOf(l.id)).deviceId).toBeNull();
  });

  it('refuses an expired request (past its tolerance), one living over 24 hours and one dated ahead of the clock (400)', async () => {
    const me = await createUserWithSession(t.db);
    const l = await insertLicense(t.db, me);
    const expired = offlineRequest(l.licenseKey, 'booth-late', { iat: nowS() - 26 * HOUR_S, exp: nowS() - 2 * HOUR_S });
    const tooLong = offlineRequest(l.licenseKey, 'booth-late', { iat: nowS(), exp: nowS() + 48 * HOUR_S });
    const ahead = offlineRequest(l.licenseKey, 'booth-late', { iat: nowS() + 3 * HOUR_S });
    expect((await submitOffline(t, me.headers, expired.text)).json()).toEqual({ detail: OFFLINE_REQUEST_PROBLEMS.expired });
    const long = await submitOffline(t, me.headers, tooLong.text);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ detail: OFFLINE_REQUEST_PROBLEMS.damaged });
    const early = await submitOffline(t, me.headers, ahead.text);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ detail: MSG.offlineRequestAhead });
    expect((await rowOf(l.id)).deviceId).toBeNull();
    // Within the clock tolerance (an hour) a request just past its 24 hours is still answered.
    const justPast = offlineRequest(l.licenseKey, 'booth-late', { iat: nowS() - 24 * HOUR_S - 1800, exp: nowS() - 1800 });
    expect((await submitOffline(t, me.headers, justPast.text)).statusCode).toBe(200);
  });

  it('refuses a revoked, suspended, expired or not yet started licence (403), binding nothing', async () => {
    const me = await createUserWithSession(t.db);
    const startAt = new Date(Date.now() + 2 * DAY);
    const revoked = await insertLicense(t.db, me, { revoked: true });
    const suspended = await insertLicense(t.db, me);
    await t.db.update(licenses).set({ suspendedAt: new Date() }).where(eq(licenses.id, suspended.id));
    const expired = await insertLicense(t.db, me, { type: 'day', startAt: new Date(Date.now() - 3 * DAY) });
    const later = await insertLicense(t.db, me, { type: 'month', startAt });
    const cases: Array<[typeof revoked, string]> = [
      [revoked, MSG.offlineLicenseRevoked],
      [suspended, MSG.offlineLicenseSuspended],
      [expired, MSG.offlineLicenseExpired],
      // In the owner's zone (the default, Singapore), as every date a person reads.
      [later, MSG.offlineLicenseNotYetValid(formatDateTimeWithZone(startAt, 'Asia/Singapore'))],
    ];
    for (const [l, detail] of cases) {
      const res = await submitOffline(t, me.headers, offlineRequest(l.licenseKey, 'booth-refused').text);
      expect(res.statusCode, detail).toBe(403);
      expect(res.json()).toEqual({ detail });
      expect((await rowOf(l.id)).deviceId).toBeNull();
      expect(await activationsOf(l.id)).toEqual([]);
    }
  });

  it('refuses a key activated on another device (409), telling the operator to free it first', async () => {
    const l = await insertLicense(t.db, customer);
    expect((await activate(t, l.licenseKey, 'booth-online')).statusCode).toBe(200);
    const res = await submitOffline(t, customer.headers, offlineRequest(l.licenseKey, 'booth-offline').text);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: MSG.offlineDeviceLimit });
    expect((await rowOf(l.id)).deviceId).toBe('booth-online');
    expect(await activationsOf(l.id)).toEqual([]);
  });

  it('answers the same request again for the same device; refuses its nonce for another device of the licence (409), not for another licence', async () => {
    const me = await createUserWithSession(t.db);
    const l = await insertLicense(t.db, me);
    const req = offlineRequest(l.licenseKey, 'booth-again');
    const first = await submitOffline(t, me.headers, req.text);
    expect(first.statusCode, first.body).toBe(200);
    const again = await submitOffline(t, me.headers, req.text);
    expect(again.statusCode, again.body).toBe(200);
    const { claims } = await verifyLease(t, leaseOf(again.json().answer));
    expect(claims).toMatchObject({ dev: 'booth-again', nonce: req.n, kfp: req.kf });
    expect(await activationsOf(l.id)).toHaveLength(1);

    // The same nonce with another key (a stranger's, read off a photographed QR): answered for that
    // key, and the owner's own submission is not blocked by it (the booth refuses an answer whose
    // key fingerprint is not its request's).
    const stranger = await createUserWithSession(t.db);
    const strangerKey = await insertLicense(t.db, stranger);
    const sameNonce = await submitOffline(t, stranger.headers, offlineRequest(strangerKey.licenseKey, 'booth-again', { n: req.n }).text);
    expect(sameNonce.statusCode, sameNonce.body).toBe(200);
    const stillMine = await submitOffline(t, me.headers, req.text);
    expect(stillMine.statusCode, stillMine.body).toBe(200);

    // The same nonce for another device of the same licence, once the first was freed: refused,
    // and the binding it would have made is rolled back.
    await t.db.update(licenses).set({ deviceId: null }).where(eq(licenses.id, l.id));
    const moved = await submitOffline(t, me.headers, offlineRequest(l.licenseKey, 'booth-elsewhere', { n: req.n }).text);
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({ detail: MSG.offlineRequestAnsweredElsewhere });
    expect((await rowOf(l.id)).deviceId).toBeNull();
    expect(await activationsOf(l.id)).toHaveLength(1);
  });

  it('binds a new device clean: the device freed before leaves no last check, version or shared flag behind', async () => {
    const me = await createUserWithSession(t.db);
    const l = await insertLicense(t.db, me);
    // Booth A checked in an hour ago from two places; then the customer reset the key.
    await t.db
      .update(licenses)
      .set({ deviceId: null, deviceName: 'Booth A', lastValidatedAt: new Date(Date.now() - 3600_000), lastValidatedIp: '10.0.0.1', lastAppVersion: '1.0.0', deviceSharedAt: new Date() })
      .where(eq(licenses.id, l.id));
    const res = await submitOffline(t, me.headers, offlineRequest(l.licenseKey, 'booth-b-new').text);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(l.id)).toMatchObject({ deviceId: 'booth-b-new', deviceName: null, lastValidatedAt: null, lastValidatedIp: null, lastAppVersion: null, deviceSharedAt: null });
  });

  it('lets one of several devices submitted at once win', async () => {
    const me = await createUserWithSession(t.db);
    const l = await insertLicense(t.db, me);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => submitOffline(t, me.headers, offlineRequest(l.licenseKey, `booth-race-${i}`).text)));
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect((await rowOf(l.id)).deviceId).toBe(winners[0]!.json().device_id);
    expect(await activationsOf(l.id)).toHaveLength(1);
  });

  it('answers one nonce submitted at once for two devices of a licence once, refusing the other without a 500', async () => {
    const me = await createUserWithSession(t.db);
    const l = await insertLicense(t.db, me);
    const n = offlineRequest(l.licenseKey, 'booth-n1').n;
    const results = await Promise.all(['booth-n1', 'booth-n2'].map((dev) => submitOffline(t, me.headers, offlineRequest(l.licenseKey, dev, { n }).text)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!;
    expect((await rowOf(l.id)).deviceId).toBe(winner.json().device_id);
    expect(await t.db.select().from(licenseOfflineActivations).where(eq(licenseOfflineActivations.nonce, n))).toHaveLength(1);
  });
});

describe('POST /api/admin/licenses/offline-activations', () => {
  it('answers for any customer’s key, recording the admin as actor and in the audit log', async () => {
    const owner = await createUserWithSession(t.db);
    const l = await insertLicense(t.db, owner, { type: 'year' });
    const req = offlineRequest(l.licenseKey, 'booth-admin', { dn: 'Hall B' });
    const ip = randomIp();
    const res = await submitOffline(t, admin.headers, req.text, { admin: true, ip });
    expect(res.statusCode, res.body).toBe(200);
    const { claims } = await verifyLease(t, leaseOf(res.json().answer));
    expect(claims).toMatchObject({ sub: l.id, dev: 'booth-admin', nonce: req.n, kfp: req.kf });
    expect(await activationsOf(l.id)).toEqual([expect.objectContaining({ actorId: admin.id, byAdmin: true, ip, nonce: req.n })]);
    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetId, l.id), eq(adminAudit.action, 'license.offline_activated')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, actorEmail: admin.email, targetType: 'license', ip, label: `…${l.licenseKey.split('-').at(-1)} · ${l.email}`, subjectUserId: l.userId });
    expect(audit[0]!.before).toMatchObject({ device_id: null });
    expect(audit[0]!.after).toMatchObject({ device_id: 'booth-admin', device_name: 'Hall B', nonce: req.n, lease_expires_at: new Date(claims.exp * 1000).toISOString() });
  });

  it('answers an unknown key 404 with the admin’s sentence', async () => {
    const res = await submitOffline(t, admin.headers, offlineRequest('ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567', 'booth-u').text, { admin: true });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: MSG.offlineKeyUnknown });
  });

  it('refuses a customer (403), even for their own key, and a stranger (401)', async () => {
    const l = await insertLicense(t.db, customer);
    const req = offlineRequest(l.licenseKey, 'booth-not-admin');
    expect((await submitOffline(t, customer.headers, req.text, { admin: true })).statusCode).toBe(403);
    expect((await submitOffline(t, undefined, req.text, { admin: true })).statusCode).toBe(401);
    expect((await rowOf(l.id)).deviceId).toBeNull();
  });
});

describe('offline activation limits', () => {
  it('limits each signed-in user (429), whatever they submit', async () => {
    const busy = await createUserWithSession(t.db);
    for (let i = 0; i < OFFLINE_ACTIVATIONS_PER_USER.max; i += 1) expect((await submitOffline(t, busy.headers, 'not a request')).statusCode).toBe(400);
    const l = await insertLicense(t.db, busy);
    const res = await submitOffline(t, busy.headers, offlineRequest(l.licenseKey, 'booth-busy').text);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toHaveProperty('detail');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await submitOffline(t, customer.headers, 'not a request')).statusCode).toBe(400);
  });

  it('does not count a stranger’s submissions against the key (its fingerprint may be photographed from the booth)', async () => {
    const owner = await createUserWithSession(t.db);
    const l = await insertLicense(t.db, owner);
    const strangers = [await createUserWithSession(t.db), await createUserWithSession(t.db)];
    for (let i = 0; i < LICENSE_RATE_LIMITS.callsPerKey.max; i += 1) {
      const res = await submitOffline(t, strangers[i % 2]!.headers, offlineRequest(l.licenseKey, 'booth-thief').text);
      expect(res.statusCode).toBe(404);
    }
    expect((await submitOffline(t, owner.headers, offlineRequest(l.licenseKey, 'booth-owner').text)).statusCode).toBe(200);
    expect((await validate(t, l.licenseKey, 'booth-owner')).statusCode).toBe(200);
  });

  it('counts a key’s offline activations with its licence server calls, both ways', async () => {
    const L = LICENSE_RATE_LIMITS.callsPerKey;
    // Online calls first: the key's bucket full, an offline activation for it is refused.
    const online = await insertLicense(t.db, customer);
    for (let i = 0; i < L.max; i += 1) expect((await validate(t, online.licenseKey, 'booth-k')).statusCode).toBe(200);
    const refused = await submitOffline(t, customer.headers, offlineRequest(online.licenseKey, 'booth-k').text);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: MSG.offlineKeyRateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await rowOf(online.id)).deviceId).toBeNull();

    // An offline activation for the bound device: it takes one of that device's calls (the key's
    // calls are counted per key and bound device: rate-limits.ts).
    const owner = await createUserWithSession(t.db);
    const offline = await insertLicense(t.db, owner);
    expect((await submitOffline(t, owner.headers, offlineRequest(offline.licenseKey, 'booth-o').text)).statusCode).toBe(200);
    expect((await submitOffline(t, owner.headers, offlineRequest(offline.licenseKey, 'booth-o').text)).statusCode).toBe(200);
    for (let i = 1; i < L.max; i += 1) expect((await validate(t, offline.licenseKey, 'booth-o')).statusCode).toBe(200);
    const limited = await validate(t, offline.licenseKey, 'booth-o');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: { code: 'RATE_LIMITED', message: LICENSE_CODE_MESSAGES.RATE_LIMITED } });
  });
});
