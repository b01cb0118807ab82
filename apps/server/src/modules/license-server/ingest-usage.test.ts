import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_CLOCK_TOLERANCE_MS, LICENSE_CODE_MESSAGES, USAGE_BATCH_MAX, USAGE_REPORT_MAX_BYTES } from '@lbs/domain/license-server';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { createAdminWithSession, createUserWithSession, randomIp, type TestUser } from '../../../test/fixtures';
import { activate, deactivate, licenseCall } from '../../../test/license-server-fixtures';
import { licenses, usageEvents } from '../../db/schema';

let t: TestApp;
let customer: TestUser;
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

const event = (over: Record<string, unknown> = {}) => ({
  event_id: crypto.randomUUID(),
  kind: 'success',
  timestamp: new Date(Date.now() - MINUTE).toISOString(),
  filename: 'IMG_0042.jpg',
  file_type: 'jpg',
  processing_time: 3.25,
  ...over,
});
const report = (license_key: string, device_id: string, events: unknown[], ip?: string) =>
  licenseCall(t, '/analytics/usage', { license_key, device_id, events }, { ip });
const at = (ms: number) => new Date(ms).toISOString();
/** Every event accepted, as the answer lists them. */
const allAccepted = (events: { event_id: string }[]) => ({
  accepted: events.length,
  duplicates: 0,
  refused: 0,
  results: events.map((e) => ({ event_id: e.event_id, result: 'accepted' })),
});
const resultsOf = (res: { json(): unknown }) => (res.json() as { results: { result: string; code?: string }[] }).results.map((r) => r.code ?? r.result);
const rowsOf = (licenseId: string) => t.db.select().from(usageEvents).where(eq(usageEvents.licenseId, licenseId));

async function activated(device: string, opts: Parameters<typeof insertLicense>[2] = {}) {
  const l = await insertLicense(t.db, customer, opts);
  expect((await activate(t, l.licenseKey, device)).statusCode).toBe(200);
  return l;
}

beforeAll(async () => {
  t = await buildTestApp();
  customer = await createUserWithSession(t.db);
});
afterAll(() => t?.close());

describe('POST /api/analytics/usage', () => {
  it('stores a report from the bound device with the server’s view of the address, answering each event', async () => {
    const l = await activated('booth-u1');
    const ip = randomIp();
    const events = [event(), event({ kind: 'error', filename: null, processing_time: null, error_message: 'printer offline', file_type: 'png' })];
    const res = await report(l.licenseKey, 'booth-u1', events, ip);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual(allAccepted(events));
    const rows = await rowsOf(l.id);
    expect(rows).toHaveLength(2);
    const error = rows.find((r) => r.kind === 'error')!;
    expect(error).toMatchObject({ deviceId: 'booth-u1', ipAddress: ip, fileType: 'png', errorMessage: 'printer offline', eventId: events[1]!.event_id });
    expect(error.occurredAt.toISOString()).toBe(events[1]!.timestamp);
  });

  it('counts each event once: a retried report adds nothing and answers duplicates', async () => {
    const l = await activated('booth-u2');
    const events = Array.from({ length: 5 }, () => event());
    expect((await report(l.licenseKey, 'booth-u2', events)).json()).toMatchObject({ accepted: 5, duplicates: 0, refused: 0 });
    const again = await report(l.licenseKey, 'booth-u2', events);
    expect(again.json()).toMatchObject({ accepted: 0, duplicates: 5, refused: 0 });
    expect(resultsOf(again)).toEqual(Array(5).fill('duplicate'));
    const mixed = [...events.slice(0, 2), event(), event()];
    const res = await report(l.licenseKey, 'booth-u2', mixed);
    expect(res.json()).toMatchObject({ accepted: 2, duplicates: 2 });
    expect(resultsOf(res)).toEqual(['duplicate', 'duplicate', 'accepted', 'accepted']);
    // The same id twice in one report counts once too: its first occurrence is the accepted one.
    const twin = event();
    expect(resultsOf(await report(l.licenseKey, 'booth-u2', [twin, twin]))).toEqual(['accepted', 'duplicate']);
    expect(await rowsOf(l.id)).toHaveLength(8);
  });

  it('takes up to 100 events in one report and refuses more (400)', async () => {
    const l = await activated('booth-u3');
    const many = Array.from({ length: USAGE_BATCH_MAX }, () => event());
    expect((await report(l.licenseKey, 'booth-u3', many)).json()).toMatchObject({ accepted: USAGE_BATCH_MAX, duplicates: 0 });
    expect((await report(l.licenseKey, 'booth-u3', [...many, event()])).statusCode).toBe(400);
    expect((await report(l.licenseKey, 'booth-u3', [])).statusCode).toBe(400);
  });

  it('refuses a whole report (403) only for an unknown key or a device that never held the licence', async () => {
    const l = await activated('booth-u4');
    const idle = await insertLicense(t.db, customer);
    const cases: Array<[string, string, string]> = [
      [l.licenseKey, 'booth-foreign', 'DEVICE_MISMATCH'],
      [idle.licenseKey, 'booth-u4', 'NOT_ACTIVATED'],
      ['ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567', 'booth-u4', 'NOT_FOUND'],
    ];
    for (const [key, device, code] of cases) {
      const res = await report(key, device, [event()]);
      expect(res.statusCode, code).toBe(403);
      expect(res.json()).toEqual({ detail: { code, message: LICENSE_CODE_MESSAGES[code as keyof typeof LICENSE_CODE_MESSAGES] } });
    }
    for (const id of [l.id, idle.id]) expect(await rowsOf(id)).toHaveLength(0);
  });

  it('an unstarted Daily pass has no events: NOT_ACTIVATED', async () => {
    const pass = await insertLicense(t.db, customer, { type: 'day', expiresAt: new Date(Date.now() + 300 * DAY) });
    await t.db.update(licenses).set({ activateBy: pass.expiresAt, unstartedTermHours: 24 }).where(eq(licenses.id, pass.id));
    expect((await report(pass.licenseKey, 'booth-u4b', [event()])).json().detail.code).toBe('NOT_ACTIVATED');
  });

  it('takes the events of a Daily pass’s day reported after it ended, its last hour of the client’s tolerance included, and refuses those after it (OUTSIDE_TERM)', async () => {
    // The client keeps a lease usable for LEASE_CLOCK_TOLERANCE_MS past its end: what it lets a booth do, the server stores.
    expect(LEASE_CLOCK_TOLERANCE_MS).toBe(60 * MINUTE);
    const start = Date.now() - 30 * 3600_000;
    const pass = await insertLicense(t.db, customer, { type: 'day', startAt: new Date(start), deviceId: 'booth-u8' });
    const end = pass.expiresAt!.getTime();
    const inside = [
      event({ timestamp: at(start + MINUTE) }),
      event({ timestamp: at(end - MINUTE) }),
      event({ timestamp: at(end + 14 * MINUTE) }),
      event({ timestamp: at(end + 16 * MINUTE) }),
      event({ timestamp: at(end + LEASE_CLOCK_TOLERANCE_MS - MINUTE) }),
      event({ timestamp: at(start - 14 * MINUTE) }),
    ];
    const outside = [event({ timestamp: at(end + LEASE_CLOCK_TOLERANCE_MS + MINUTE) }), event({ timestamp: at(start - 16 * MINUTE) })];
    const res = await report(pass.licenseKey, 'booth-u8', [...inside, ...outside]);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ accepted: 6, duplicates: 0, refused: 2 });
    expect(res.json().results.slice(inside.length)).toEqual(
      outside.map((e) => ({ event_id: e.event_id, result: 'refused', code: 'OUTSIDE_TERM', message: 'The event lies outside the time this device held the license' })),
    );
    expect((await rowsOf(pass.id)).map((r) => r.eventId).sort()).toEqual(inside.map((e) => e.event_id).sort());
  });

  it('ends the term at revocation and at suspension, not before', async () => {
    for (const end of ['revokedAt', 'suspendedAt'] as const) {
      const l = await activated(`booth-u9-${end}`, { startAt: new Date(Date.now() - 10 * DAY) });
      const endedAt = Date.now() - 2 * DAY;
      await t.db.update(licenses).set({ [end]: new Date(endedAt) }).where(eq(licenses.id, l.id));
      // After a revocation or a suspension the tolerance stays 15 minutes, not the client's hour.
      const res = await report(l.licenseKey, `booth-u9-${end}`, [
        event({ timestamp: at(endedAt - 3600_000) }),
        event({ timestamp: at(endedAt + 14 * MINUTE) }),
        event({ timestamp: at(endedAt + 16 * MINUTE) }),
        event({ timestamp: at(endedAt + 3600_000) }),
      ]);
      expect(resultsOf(res), end).toEqual(['accepted', 'accepted', 'OUTSIDE_TERM', 'OUTSIDE_TERM']);
    }
  });

  it('answers each event on its own: TOO_OLD, AHEAD and accepted in one report, storing the accepted', async () => {
    const l = await activated('booth-u5', { startAt: new Date(Date.now() - 60 * DAY) });
    const inSingapore = `${new Date(Date.now() - MINUTE + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
    const events = [
      event({ timestamp: at(Date.now() - 31 * DAY) }),
      event({ timestamp: at(Date.now() + 6 * MINUTE) }),
      event({ timestamp: at(Date.now() - 29 * DAY) }),
      event({ timestamp: at(Date.now() + 4 * MINUTE) }),
      event({ timestamp: inSingapore }),
    ];
    const res = await report(l.licenseKey, 'booth-u5', events);
    expect(res.statusCode).toBe(202);
    expect(res.json().results.slice(0, 2)).toEqual([
      { event_id: events[0]!.event_id, result: 'refused', code: 'TOO_OLD', message: 'The event is older than 30 days' },
      { event_id: events[1]!.event_id, result: 'refused', code: 'AHEAD', message: "The event is more than 5 minutes ahead of the server's clock; send it again later" },
    ]);
    expect(resultsOf(res).slice(2)).toEqual(['accepted', 'accepted', 'accepted']);
    const stored = (await rowsOf(l.id)).map((r) => r.occurredAt.getTime());
    expect(stored).toHaveLength(3);
    expect(stored).toContain(Date.parse(inSingapore));
  });

  it('takes a freed device’s events of its time with the licence: deactivated, or reset by the customer', async () => {
    const l = await activated('booth-u10', { startAt: new Date(Date.now() - 10 * DAY) });
    const before = event({ timestamp: at(Date.now() - 2 * MINUTE - 15 * MINUTE) });
    expect((await deactivate(t, l.licenseKey, 'booth-u10')).statusCode).toBe(200);
    // Another booth takes the seat; the first still sends what it recorded before it let go.
    expect((await activate(t, l.licenseKey, 'booth-u10-next')).statusCode).toBe(200);
    const after = event({ timestamp: at(Date.now() + 4 * MINUTE) });
    const res = await report(l.licenseKey, 'booth-u10', [before, after]);
    expect(res.statusCode, res.body).toBe(202);
    expect(resultsOf(res)).toEqual(['accepted', 'accepted']); // "after" lies within the 15 minutes' tolerance

    const r = await activated('booth-u11', { startAt: new Date(Date.now() - 10 * DAY) });
    const reset = await t.app.inject({ method: 'POST', url: `/api/subscriptions/licenses/${r.id}/reset-device`, headers: customer.headers });
    expect(reset.statusCode, reset.body).toBe(200);
    const late = event({ timestamp: at(Date.now() - 2 * DAY) });
    const res2 = await report(r.licenseKey, 'booth-u11', [late, event({ timestamp: at(Date.now() - 20 * DAY) })]);
    expect(resultsOf(res2)).toEqual(['accepted', 'OUTSIDE_TERM']);
  });

  it('refuses a freed device’s events after it was freed (OUTSIDE_TERM)', async () => {
    const l = await activated('booth-u12', { startAt: new Date(Date.now() - 10 * DAY) });
    expect((await deactivate(t, l.licenseKey, 'booth-u12')).statusCode).toBe(200);
    // As if freed an hour ago: the deactivation's record says when.
    await t.db.execute(sql`update license_deactivations set created_at = now() - interval '1 hour' where license_id = ${l.id}`);
    const res = await report(l.licenseKey, 'booth-u12', [event({ timestamp: at(Date.now() - 2 * 3600_000) }), event({ timestamp: at(Date.now() - 30 * MINUTE) })]);
    expect(resultsOf(res)).toEqual(['accepted', 'OUTSIDE_TERM']);
  });

  it(`takes a body up to ${USAGE_REPORT_MAX_BYTES} bytes (60 errors with 2,000-character messages) and answers 413 {"detail"} beyond`, async () => {
    const l = await activated('booth-u13');
    const big = Array.from({ length: 60 }, () => event({ kind: 'error', error_message: 'x'.repeat(2000), filename: `${'f'.repeat(250)}.jpg` }));
    const res = await report(l.licenseKey, 'booth-u13', big);
    expect(Buffer.byteLength(JSON.stringify({ events: big }))).toBeGreaterThan(100_000);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(202);
    expect(res.json().accepted).toBe(60);
    // Multi-byte messages: 100 events of 2,000 three-byte characters are about 600 kB.
    const huge = Array.from({ length: 100 }, () => event({ kind: 'error', error_message: '€'.repeat(2000) }));
    const tooBig = await report(l.licenseKey, 'booth-u13', huge);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ detail: 'Request body is too large' });
  });

  it('refuses an event with a field it can never store alone (INVALID, final), storing the rest of the report', async () => {
    const l = await activated('booth-u6');
    const bad = [
      { filename: 'x'.repeat(256) },
      { file_type: 'x'.repeat(51) },
      { event_id: 'x'.repeat(101) },
      { file_type: 'jpg\u0000' },
      { kind: 'crash' },
      { timestamp: 'yesterday' },
      { processing_time: -1 },
      { file_type: undefined },
    ].map((over) => event(over));
    const good = [event(), event()];
    const res = await report(l.licenseKey, 'booth-u6', [good[0], ...bad, good[1]]);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ accepted: 2, duplicates: 0, refused: bad.length });
    const results = res.json().results as { event_id: string; result: string; code?: string; message?: string }[];
    expect(results.map((r) => r.code ?? r.result)).toEqual(['accepted', ...bad.map(() => 'INVALID'), 'accepted']);
    expect(results.map((r) => r.event_id)).toEqual([good[0], ...bad, good[1]].map((e) => e!.event_id));
    expect(results[1]!.message).toMatch(/^The event cannot be stored: filename: /);
    expect((await rowsOf(l.id)).map((r) => r.eventId).sort()).toEqual(good.map((e) => e.event_id).sort());
    // A report of nothing but bad events is still answered event by event, never 400.
    expect(resultsOf(await report(l.licenseKey, 'booth-u6', [event({ kind: 'crash' }), 'not an event', null]))).toEqual(['INVALID', 'INVALID', 'INVALID']);
    // What is not an event's field is the request's: still 400.
    expect((await report(l.licenseKey, 'booth-u6\u0000', [event()])).statusCode).toBe(400);
  });

  it('stores an over-long error_message cut to 2,000 characters, counted as characters (an emoji is one)', async () => {
    const l = await activated('booth-u14');
    const camera = '\u{1F4F7}';
    const events = [
      event({ kind: 'error', error_message: 'x'.repeat(2001) }),
      event({ kind: 'error', error_message: camera.repeat(2000) }),
      event({ kind: 'error', error_message: `${'é'.repeat(1999)}${camera}${camera}` }),
    ];
    const res = await report(l.licenseKey, 'booth-u14', events);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(202);
    expect(res.json()).toEqual(allAccepted(events));
    const stored = new Map((await rowsOf(l.id)).map((r) => [r.eventId, r.errorMessage]));
    expect(stored.get(events[0]!.event_id)).toBe('x'.repeat(2000));
    expect(stored.get(events[1]!.event_id)).toBe(camera.repeat(2000));
    // Cut between characters, never inside a surrogate pair.
    expect(stored.get(events[2]!.event_id)).toBe(`${'é'.repeat(1999)}${camera}`);
  });

  it('counts a report from the bound device as the device seen (last seen, its address); not one from a freed device', async () => {
    const l = await activated('booth-u15', { startAt: new Date(Date.now() - 10 * DAY) });
    await t.ctx.licenseChecks.flush();
    const seenAt = async () => (await t.db.select().from(licenses).where(eq(licenses.id, l.id)))[0]!;
    await t.db.update(licenses).set({ lastValidatedAt: new Date(Date.now() - 3 * DAY), lastValidatedIp: '198.51.100.1' }).where(eq(licenses.id, l.id));
    const ip = randomIp();
    const before = Date.now();
    expect((await report(l.licenseKey, 'booth-u15', [event()], ip)).statusCode).toBe(202);
    await t.ctx.licenseChecks.flush();
    const seen = await seenAt();
    expect(seen.lastValidatedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(seen.lastValidatedIp).toBe(ip); // "last seen" (license-json.ts, the booths list) reads these

    // A device that no longer holds the licence reports its old events, but is not the seat's device seen.
    expect((await deactivate(t, l.licenseKey, 'booth-u15')).statusCode).toBe(200);
    await t.ctx.licenseChecks.flush();
    await t.db.update(licenses).set({ lastValidatedAt: null, lastValidatedIp: null }).where(eq(licenses.id, l.id));
    expect((await report(l.licenseKey, 'booth-u15', [event({ timestamp: at(Date.now() - 3 * MINUTE) })])).statusCode).toBe(202);
    await t.ctx.licenseChecks.flush();
    expect((await seenAt()).lastValidatedAt).toBeNull();
  });

  it('feeds the back office’s analytics reads', async () => {
    const l = await activated('booth-u7');
    const filename = `analytics-${crypto.randomUUID()}.jpg`;
    expect((await report(l.licenseKey, 'booth-u7', [event({ filename }), event({ kind: 'error', filename: `failed-${filename}`, error_message: `boom ${filename}` })])).statusCode).toBe(202);
    const admin = await createAdminWithSession(t.db);
    const events = (await t.app.inject({ method: 'GET', url: '/api/analytics/events', headers: admin.headers, query: { page_size: '100' } })).json();
    expect(events.items.find((e: { filename: string }) => e.filename === filename)).toMatchObject({ device_address: 'booth-u7', file_type: 'jpg', processing_time: 3.25 });
    const errors = (await t.app.inject({ method: 'GET', url: '/api/analytics/errors', headers: admin.headers, query: { page_size: '100' } })).json();
    // The error row keeps the file that failed (it used to be dropped on the way to the list).
    expect(errors.items.find((e: { error_message: string }) => e.error_message === `boom ${filename}`)).toMatchObject({ filename: `failed-${filename}` });
  });
});
