import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_CODE_MESSAGES, USAGE_BATCH_MAX } from '@lbs/domain/license-server';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { createAdminWithSession, createUserWithSession, randomIp, type TestUser } from '../../../test/fixtures';
import { activate, licenseCall } from '../../../test/license-server-fixtures';
import { usageEvents } from '../../db/schema';

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
const rowsOf = (licenseId: string) => t.db.select().from(usageEvents).where(eq(usageEvents.licenseId, licenseId));

async function activated(device: string) {
  const l = await insertLicense(t.db, customer);
  expect((await activate(t, l.licenseKey, device)).statusCode).toBe(200);
  return l;
}

beforeAll(async () => {
  t = await buildTestApp();
  customer = await createUserWithSession(t.db);
});
afterAll(() => t?.close());

describe('POST /api/analytics/usage', () => {
  it('stores a batch from the bound device with the server’s view of the address', async () => {
    const l = await activated('booth-u1');
    const ip = randomIp();
    const events = [event(), event({ kind: 'error', filename: null, processing_time: null, error_message: 'printer offline', file_type: 'png' })];
    const res = await report(l.licenseKey, 'booth-u1', events, ip);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accepted: 2, duplicates: 0 });
    const rows = await rowsOf(l.id);
    expect(rows).toHaveLength(2);
    const error = rows.find((r) => r.kind === 'error')!;
    expect(error).toMatchObject({ deviceId: 'booth-u1', ipAddress: ip, fileType: 'png', errorMessage: 'printer offline', eventId: events[1]!.event_id });
    expect(error.occurredAt.toISOString()).toBe(events[1]!.timestamp);
  });

  it('counts each event once: a retried batch adds nothing and answers duplicates', async () => {
    const l = await activated('booth-u2');
    const events = Array.from({ length: 5 }, () => event());
    expect((await report(l.licenseKey, 'booth-u2', events)).json()).toEqual({ accepted: 5, duplicates: 0 });
    expect((await report(l.licenseKey, 'booth-u2', events)).json()).toEqual({ accepted: 0, duplicates: 5 });
    const mixed = [...events.slice(0, 2), event(), event()];
    expect((await report(l.licenseKey, 'booth-u2', mixed)).json()).toEqual({ accepted: 2, duplicates: 2 });
    // The same id twice in one batch counts once too.
    const twin = event();
    expect((await report(l.licenseKey, 'booth-u2', [twin, twin])).json()).toEqual({ accepted: 1, duplicates: 1 });
    expect(await rowsOf(l.id)).toHaveLength(8);
  });

  it('takes up to 100 events in one report and refuses more (400)', async () => {
    const l = await activated('booth-u3');
    const many = Array.from({ length: USAGE_BATCH_MAX }, () => event());
    expect((await report(l.licenseKey, 'booth-u3', many)).json()).toEqual({ accepted: USAGE_BATCH_MAX, duplicates: 0 });
    expect((await report(l.licenseKey, 'booth-u3', [...many, event()])).statusCode).toBe(400);
    expect((await report(l.licenseKey, 'booth-u3', [])).statusCode).toBe(400);
  });

  it('refuses every caller but the bound device with 403 and the code, storing nothing', async () => {
    const l = await activated('booth-u4');
    const idle = await insertLicense(t.db, customer);
    const revoked = await insertLicense(t.db, customer, { revoked: true, deviceId: 'booth-u4' });
    const expired = await insertLicense(t.db, customer, { type: 'day', startAt: new Date(Date.now() - 2 * DAY), deviceId: 'booth-u4' });
    const cases: Array<[string, string, string]> = [
      [l.licenseKey, 'booth-foreign', 'DEVICE_MISMATCH'],
      [idle.licenseKey, 'booth-u4', 'NOT_ACTIVATED'],
      [revoked.licenseKey, 'booth-u4', 'REVOKED'],
      [expired.licenseKey, 'booth-u4', 'EXPIRED'],
      ['ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567', 'booth-u4', 'NOT_FOUND'],
    ];
    for (const [key, device, code] of cases) {
      const res = await report(key, device, [event()]);
      expect(res.statusCode, code).toBe(403);
      expect(res.json()).toEqual({ detail: { code, message: LICENSE_CODE_MESSAGES[code as keyof typeof LICENSE_CODE_MESSAGES] } });
    }
    for (const id of [l.id, idle.id, revoked.id, expired.id]) expect(await rowsOf(id)).toHaveLength(0);
  });

  it('refuses timestamps older than 30 days or over 5 minutes ahead (400 naming the event), storing nothing', async () => {
    const l = await activated('booth-u5');
    for (const timestamp of [new Date(Date.now() - 31 * DAY).toISOString(), new Date(Date.now() + 6 * MINUTE).toISOString()]) {
      const res = await report(l.licenseKey, 'booth-u5', [event(), event({ timestamp })]);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/^body\.events\.1\.timestamp: /);
    }
    expect(await rowsOf(l.id)).toHaveLength(0);
    // Inside the window at both ends, and with a zone offset, is fine.
    const inSingapore = `${new Date(Date.now() - MINUTE + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
    const edges = [event({ timestamp: new Date(Date.now() - 29 * DAY).toISOString() }), event({ timestamp: new Date(Date.now() + 4 * MINUTE).toISOString() }), event({ timestamp: inSingapore })];
    expect((await report(l.licenseKey, 'booth-u5', edges)).json()).toEqual({ accepted: 3, duplicates: 0 });
    const stored = (await rowsOf(l.id)).map((r) => r.occurredAt.getTime());
    expect(stored).toContain(Date.parse(inSingapore));
  });

  it('bounds every string (400)', async () => {
    const l = await activated('booth-u6');
    for (const bad of [{ filename: 'x'.repeat(256) }, { error_message: 'x'.repeat(2001) }, { file_type: 'x'.repeat(51) }, { event_id: 'x'.repeat(101) }, { file_type: 'jpg\u0000' }]) {
      expect((await report(l.licenseKey, 'booth-u6', [event(bad)])).statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
    }
  });

  it('feeds the back office’s analytics reads', async () => {
    const l = await activated('booth-u7');
    const filename = `analytics-${crypto.randomUUID()}.jpg`;
    expect((await report(l.licenseKey, 'booth-u7', [event({ filename }), event({ kind: 'error', error_message: `boom ${filename}` })])).statusCode).toBe(202);
    const admin = await createAdminWithSession(t.db);
    const events = (await t.app.inject({ method: 'GET', url: '/api/analytics/events', headers: admin.headers, query: { page_size: '100' } })).json();
    expect(events.items.find((e: { filename: string }) => e.filename === filename)).toMatchObject({ device_address: 'booth-u7', file_type: 'jpg', processing_time: 3.25 });
    const errors = (await t.app.inject({ method: 'GET', url: '/api/analytics/errors', headers: admin.headers, query: { page_size: '100' } })).json();
    expect(errors.items.some((e: { error_message: string }) => e.error_message === `boom ${filename}`)).toBe(true);
  });
});
