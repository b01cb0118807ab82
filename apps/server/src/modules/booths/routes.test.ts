import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBooth, TBoothPage } from '@lbs/domain/booths';
import { insertLicense } from '../../../test/account-fixtures';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUserWithSession, type TestUser } from '../../../test/fixtures';
import { boothNames, licenses, usageEvents } from '../../db/schema';

let t: TestApp;
let a: TestUser;
let b: TestUser;
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);
const ids = {} as Record<'pass' | 'year' | 'month' | 'bravo' | 'revoked' | 'onetime' | 'bKey', string>;

async function seen(id: string, at: Date | null, extra: Partial<typeof licenses.$inferInsert> = {}) {
  await t.db.update(licenses).set({ lastValidatedAt: at, ...extra }).where(eq(licenses.id, id));
}

async function events(licenseId: string | null, deviceId: string, kind: 'success' | 'error', n: number, at: Date) {
  await t.db.insert(usageEvents).values(Array.from({ length: n }, () => ({ licenseId, deviceId, kind, occurredAt: at })));
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await createUserWithSession(t.db);
  b = await createUserWithSession(t.db);

  // booth-a: three of A's keys. A used Daily pass, a yearly key (ends last of the current ones:
  // shown) and a monthly key bound later and never checked in with.
  const pass = await insertLicense(t.db, a, { type: 'day', startAt: ago(12 * DAY), expiresAt: ago(11 * DAY), deviceId: 'booth-a' });
  const year = await insertLicense(t.db, a, { type: 'year', startAt: ago(30 * DAY), expiresAt: ahead(200 * DAY), deviceId: 'booth-a' });
  const month = await insertLicense(t.db, a, { type: 'month', startAt: ago(DAY), expiresAt: ahead(20 * DAY), deviceId: 'booth-a' });
  Object.assign(ids, { pass: pass.id, year: year.id, month: month.id });
  await seen(pass.id, ago(11 * DAY), { deviceName: 'OLD-HOSTNAME', lastAppVersion: '1.0.0', leaseExpiresAt: ago(11 * DAY) });
  await seen(year.id, ago(2 * HOUR), { deviceName: 'Alpha PC', lastAppVersion: '2.1.0', leaseExpiresAt: ahead(14 * DAY) });
  await seen(month.id, null, { deviceName: 'ALPHA-HOST', leaseExpiresAt: ahead(5 * DAY) });

  // booth-b: an active monthly key last seen 8 days ago, past the 7 days (168 h) a month allows.
  const bravo = await insertLicense(t.db, a, { type: 'month', startAt: ago(10 * DAY), expiresAt: ahead(20 * DAY), deviceId: 'booth-b' });
  ids.bravo = bravo.id;
  await seen(bravo.id, ago(8 * DAY), { deviceName: 'bravo', lastAppVersion: '2.0.0', deviceSharedAt: ago(9 * DAY) });

  // booth-c: a revoked key, not seen for a month: not stale (nothing to run), no name.
  const revoked = await insertLicense(t.db, a, { type: 'year', revoked: true, deviceId: 'booth-c' });
  ids.revoked = revoked.id;
  await seen(revoked.id, ago(30 * DAY));

  // booth-d: a key that never ends, seen an hour ago.
  const onetime = await insertLicense(t.db, a, { type: 'onetime', expiresAt: null, deviceId: 'booth-d' });
  ids.onetime = onetime.id;
  await seen(onetime.id, ago(HOUR), { deviceName: 'Charlie' });

  // B's own booth, and B's key on a device id A also uses: neither is A's.
  const bKey = await insertLicense(t.db, b, { type: 'year', deviceId: 'booth-b-x' });
  const bOnA = await insertLicense(t.db, b, { type: 'year', deviceId: 'booth-a' });
  ids.bKey = bKey.id;
  await seen(bOnA.id, ago(HOUR), { leaseExpiresAt: ahead(300 * DAY), deviceSharedAt: ago(HOUR) });

  // Usage of booth-a in the window: 3 files with the yearly key, 1 error with the old pass.
  await events(year.id, 'booth-a', 'success', 3, ago(HOUR));
  await events(pass.id, 'booth-a', 'error', 1, ago(6 * DAY));
  // Outside the window, another device on the same key, B's key on booth-a: none counted.
  await events(year.id, 'booth-a', 'success', 5, ago(8 * DAY));
  await events(year.id, 'another-device', 'success', 2, ago(HOUR));
  await events(bOnA.id, 'booth-a', 'success', 7, ago(HOUR));
});
afterAll(() => t.close());

const list = (u: TestUser | null, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/booths', headers: u?.headers ?? {}, query });
const rename = (u: TestUser | null, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/booths/rename', headers: u?.headers ?? {}, payload });

async function allOf(u: TestUser): Promise<TBooth[]> {
  const res = await list(u, { page_size: '100' });
  expect(res.statusCode).toBe(200);
  return (res.json() as TBoothPage).items;
}
const boothOf = async (u: TestUser, deviceId: string) => (await allOf(u)).find((x) => x.device_id === deviceId);

describe('GET /api/booths', () => {
  it('lists one row per device, by name (case-insensitive), unnamed last, then by device id', async () => {
    const booths = await allOf(a);
    expect(booths.map((x) => [x.device_id, x.name])).toEqual([
      ['booth-a', 'Alpha PC'],
      ['booth-b', 'bravo'],
      ['booth-d', 'Charlie'],
      ['booth-c', null],
    ]);
  });

  it('pages on the server and counts every device', async () => {
    const one = (await list(a, { page: '1', page_size: '2' })).json() as TBoothPage;
    const two = (await list(a, { page: '2', page_size: '2' })).json() as TBoothPage;
    const past = (await list(a, { page: '3', page_size: '2' })).json() as TBoothPage;
    expect(one.items.map((x) => x.device_id)).toEqual(['booth-a', 'booth-b']);
    expect(two.items.map((x) => x.device_id)).toEqual(['booth-d', 'booth-c']);
    expect([one.total, two.total, past.total]).toEqual([4, 4, 4]);
    expect(past.items).toEqual([]);
  });

  it('folds a device over several licences into one row showing the current one that ends last', async () => {
    const booth = (await boothOf(a, 'booth-a'))!;
    expect(booth.licenses_count).toBe(3);
    expect(booth.license).toMatchObject({ id: ids.year, type: 'year', state: 'active' });
    const [row] = await t.db.select().from(licenses).where(eq(licenses.id, ids.year));
    expect(booth.license.key_suffix).toBe(row!.licenseKey.split('-').at(-1));
    expect(booth.license.expires_at).toBe(row!.expiresAt!.toISOString());
    // Name, version and time from the licence it was last seen with.
    expect(booth).toMatchObject({ reported_name: 'Alpha PC', custom_name: null, app_version: '2.1.0' });
    expect(booth.last_seen_at).toBe(row!.lastValidatedAt!.toISOString());
  });

  it('shows a key that never ends over one that does, and a past key when nothing is current', async () => {
    expect((await boothOf(a, 'booth-d'))!.license).toMatchObject({ id: ids.onetime, expires_at: null, state: 'active' });
    expect((await boothOf(a, 'booth-c'))!.license).toMatchObject({ id: ids.revoked, state: 'revoked' });
  });

  it('gives lease_until as the latest lease over its licences, null when none', async () => {
    const [year] = await t.db.select().from(licenses).where(eq(licenses.id, ids.year));
    expect((await boothOf(a, 'booth-a'))!.lease_until).toBe(year!.leaseExpiresAt!.toISOString());
    expect((await boothOf(a, 'booth-d'))!.lease_until).toBeNull();
  });

  it('counts files and errors of this device on its licences in the last 7 days only', async () => {
    expect(await boothOf(a, 'booth-a')).toMatchObject({ files_7d: 3, errors_7d: 1 });
    expect(await boothOf(a, 'booth-b')).toMatchObject({ files_7d: 0, errors_7d: 0 });
  });

  it('marks an active booth not seen for longer than its plan allows, and only that one', async () => {
    const booths = await allOf(a);
    expect(booths.filter((x) => x.stale).map((x) => x.device_id)).toEqual(['booth-b']);
    expect(booths.find((x) => x.device_id === 'booth-b')!.offline_allowance_hours).toBe(t.ctx.config.offlineAllowanceHours.month);
  });

  it('marks an active booth never seen once its binding is older than the allowance', async () => {
    const u = await createUserWithSession(t.db);
    const fresh = await insertLicense(t.db, u, { type: 'month', startAt: ago(HOUR), deviceId: 'never-seen-new' });
    const old = await insertLicense(t.db, u, { type: 'month', startAt: ago(10 * DAY), deviceId: 'never-seen-old' });
    expect([fresh.lastValidatedAt, old.lastValidatedAt]).toEqual([null, null]);
    const booths = await allOf(u);
    expect(booths.map((x) => [x.device_id, x.stale])).toEqual([
      ['never-seen-new', false],
      ['never-seen-old', true],
    ]);
  });

  it('does not mark a booth activated offline since it was last seen: its new lease covers it', async () => {
    const u = await createUserWithSession(t.db);
    const l = await insertLicense(t.db, u, { type: 'month', startAt: ago(20 * DAY), deviceId: 'offline-again' });
    // Last online 10 days ago (past the 7 days a month allows), then handed a 7-day lease offline today.
    await seen(l.id, ago(10 * DAY), { leaseExpiresAt: ahead(7 * DAY) });
    expect(await boothOf(u, 'offline-again')).toMatchObject({ stale: false });
    await seen(l.id, ago(10 * DAY), { leaseExpiresAt: ago(3 * DAY) });
    expect(await boothOf(u, 'offline-again')).toMatchObject({ stale: true });
  });

  it('counts a booth’s usage under a key it no longer holds, and from the top of the hour 7 days ago', async () => {
    const u = await createUserWithSession(t.db);
    const kept = await insertLicense(t.db, u, { type: 'year', deviceId: 'moved-booth' });
    const freed = await insertLicense(t.db, u, { type: 'month' });
    await events(freed.id, 'moved-booth', 'success', 4, ago(2 * DAY));
    await events(kept.id, 'moved-booth', 'error', 2, ago(HOUR));
    // Another customer's key on the same device id: not this customer's usage.
    const theirs = await insertLicense(t.db, b, { type: 'month' });
    await events(theirs.id, 'moved-booth', 'success', 9, ago(HOUR));
    expect(await boothOf(u, 'moved-booth')).toMatchObject({ files_7d: 4, errors_7d: 2 });
  });

  it('carries the shared flag, the latest over its licences', async () => {
    const [bravo] = await t.db.select().from(licenses).where(eq(licenses.id, ids.bravo));
    expect((await boothOf(a, 'booth-b'))!.shared_at).toBe(bravo!.deviceSharedAt!.toISOString());
    expect((await boothOf(a, 'booth-a'))!.shared_at).toBeNull();
  });

  it('never shows another customer’s devices or licences', async () => {
    expect((await allOf(b)).map((x) => [x.device_id, x.licenses_count])).toEqual([
      ['booth-a', 1],
      ['booth-b-x', 1],
    ]);
    const mine = (await boothOf(a, 'booth-a'))!;
    expect(mine.licenses_count).toBe(3);
    expect(mine.files_7d).toBe(3);
  });

  it('tells the licence states as the account area does', async () => {
    const u = await createUserWithSession(t.db);
    const later = await insertLicense(t.db, u, { type: 'year', startAt: ahead(3 * DAY), deviceId: 'd-later' });
    const suspended = await insertLicense(t.db, u, { type: 'year', deviceId: 'd-suspended' });
    await t.db.update(licenses).set({ suspendedAt: new Date() }).where(eq(licenses.id, suspended.id));
    await insertLicense(t.db, u, { type: 'year', startAt: ago(400 * DAY), deviceId: 'd-expired' });
    expect(later.id).toBeDefined();
    const states = Object.fromEntries((await allOf(u)).map((x) => [x.device_id, [x.license.state, x.stale]]));
    expect(states).toEqual({ 'd-later': ['starts-later', false], 'd-suspended': ['suspended', false], 'd-expired': ['expired', false] });
  });

  it('answers 401 without a session and 400 for a bad page', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(a, { page: '0' })).statusCode).toBe(400);
  });
});

describe('POST /api/booths/rename', () => {
  it('names the caller’s booth, over the name it reports, and answers the booth', async () => {
    const res = await rename(a, { device_id: 'booth-c', name: '  Zulu at the door ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ device_id: 'booth-c', name: 'Zulu at the door', custom_name: 'Zulu at the door', reported_name: null, licenses_count: 1 });
    expect((await allOf(a)).map((x) => x.device_id)).toEqual(['booth-a', 'booth-b', 'booth-d', 'booth-c']);
    await rename(a, { device_id: 'booth-c', name: 'aardvark' });
    expect((await allOf(a)).map((x) => x.device_id)).toEqual(['booth-c', 'booth-a', 'booth-b', 'booth-d']);
  });

  it('keeps names per customer: B naming the same device id changes nothing for A', async () => {
    expect((await rename(b, { device_id: 'booth-a', name: 'B calls it so' })).statusCode).toBe(200);
    expect((await boothOf(a, 'booth-a'))!.name).toBe('Alpha PC');
    expect((await boothOf(b, 'booth-a'))!.name).toBe('B calls it so');
  });

  it('takes the custom name away with an empty name', async () => {
    await rename(a, { device_id: 'booth-d', name: 'Delta' });
    const res = await rename(a, { device_id: 'booth-d', name: '   ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Charlie', custom_name: null, reported_name: 'Charlie' });
    expect(await t.db.select().from(boothNames).where(eq(boothNames.deviceId, 'booth-d'))).toEqual([]);
  });

  it('answers 404 for a device on someone else’s licence or on none', async () => {
    for (const device_id of ['booth-b-x', 'no-such-device']) {
      const res = await rename(a, { device_id, name: 'Mine now' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('detail');
    }
    expect(await t.db.select().from(boothNames).where(eq(boothNames.deviceId, 'booth-b-x'))).toEqual([]);
  });

  it('refuses control characters and over-long names with 400', async () => {
    for (const name of ['line\nbreak', 'tab\there', 'bell\u0007', 'x'.repeat(101)]) {
      const res = await rename(a, { device_id: 'booth-a', name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toHaveProperty('detail');
    }
  });

  it('answers 401 without a session', async () => {
    expect((await rename(null, { device_id: 'booth-a', name: 'x' })).statusCode).toBe(401);
  });

  it('limits renames per session: 60 an hour, then 429 with a detail', async () => {
    const u = await createUserWithSession(t.db);
    await insertLicense(t.db, u, { deviceId: 'busy-booth' });
    for (let i = 0; i < 60; i += 1) expect((await rename(u, { device_id: 'busy-booth', name: `Name ${i}` })).statusCode).toBe(200);
    const limited = await rename(u, { device_id: 'busy-booth', name: 'One more' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toHaveProperty('detail');
    // Another customer is not held up by it.
    expect((await rename(b, { device_id: 'booth-b-x', name: 'Fine' })).statusCode).toBe(200);
  });
});
