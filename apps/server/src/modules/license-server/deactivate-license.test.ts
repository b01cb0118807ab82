import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEACTIVATION_WINDOW_MS, DEACTIVATIONS_PER_WINDOW } from '@lbs/domain/license-terms';
import { LICENSE_CODE_MESSAGES } from '@lbs/domain/license-server';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { createUserWithSession, type TestUser } from '../../../test/fixtures';
import { activate, deactivate, validate } from '../../../test/license-server-fixtures';
import { licenseDeactivations, licenses } from '../../db/schema';

let t: TestApp;
let customer: TestUser;
const DAY = 24 * 3600 * 1000;
const rowOf = async (id: string) => (await t.db.select().from(licenses).where(eq(licenses.id, id)))[0]!;

beforeAll(async () => {
  t = await buildTestApp();
  customer = await createUserWithSession(t.db);
});
afterAll(() => t?.close());

describe('POST /api/licenses/deactivate', () => {
  it('frees the licence from its device so another can activate it', async () => {
    const l = await insertLicense(t.db, customer);
    expect((await activate(t, l.licenseKey, 'booth-d1', { device_name: 'Old PC' })).statusCode).toBe(200);
    const res = await deactivate(t, l.licenseKey, 'booth-d1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deactivated: true });
    expect(await rowOf(l.id)).toMatchObject({ deviceId: null, deviceBoundAt: null, deviceName: null });
    expect((await validate(t, l.licenseKey, 'booth-d1')).json().code).toBe('NOT_ACTIVATED');
    expect((await activate(t, l.licenseKey, 'booth-d1-new')).statusCode).toBe(200);
  });

  it('refuses another device with 409 DEVICE_MISMATCH and keeps the binding', async () => {
    const l = await insertLicense(t.db, customer);
    await activate(t, l.licenseKey, 'booth-d2');
    const res = await deactivate(t, l.licenseKey, 'booth-intruder');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: { code: 'DEVICE_MISMATCH', message: LICENSE_CODE_MESSAGES.DEVICE_MISMATCH } });
    expect((await rowOf(l.id)).deviceId).toBe('booth-d2');
  });

  it('answers 409 NOT_ACTIVATED for a licence on no device and 404 NOT_FOUND for an unknown key', async () => {
    const l = await insertLicense(t.db, customer);
    const idle = await deactivate(t, l.licenseKey, 'booth-d3');
    expect(idle.statusCode).toBe(409);
    expect(idle.json().detail.code).toBe('NOT_ACTIVATED');
    const unknown = await deactivate(t, 'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567', 'booth-d3');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail.code).toBe('NOT_FOUND');
  });

  it(`allows ${DEACTIVATIONS_PER_WINDOW} in 30 days, then 429 DEACTIVATION_LIMIT with Retry-After; the customer's reset still works`, async () => {
    const owner = await createUserWithSession(t.db);
    const l = await insertLicense(t.db, owner);
    for (let i = 0; i < DEACTIVATIONS_PER_WINDOW; i += 1) {
      expect((await activate(t, l.licenseKey, `booth-cycle-${i}`)).statusCode).toBe(200);
      expect((await deactivate(t, l.licenseKey, `booth-cycle-${i}`)).statusCode).toBe(200);
    }
    expect((await activate(t, l.licenseKey, 'booth-stuck')).statusCode).toBe(200);
    const refused = await deactivate(t, l.licenseKey, 'booth-stuck');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: { code: 'DEACTIVATION_LIMIT', message: LICENSE_CODE_MESSAGES.DEACTIVATION_LIMIT } });
    // The first deactivation ages out of the window in (just under) 30 days.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(DEACTIVATION_WINDOW_MS / 1000 - 120);
    expect(retryAfter).toBeLessThanOrEqual(DEACTIVATION_WINDOW_MS / 1000);
    expect((await rowOf(l.id)).deviceId).toBe('booth-stuck');

    // The customer's own reset is a separate allowance and still frees the device.
    const reset = await t.app.inject({ method: 'POST', url: `/api/subscriptions/licenses/${l.id}/reset-device`, headers: owner.headers });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await rowOf(l.id)).deviceId).toBeNull();

    // Deactivations older than 30 days no longer count.
    expect((await activate(t, l.licenseKey, 'booth-later')).statusCode).toBe(200);
    expect((await deactivate(t, l.licenseKey, 'booth-later')).statusCode).toBe(429);
    await t.db.update(licenseDeactivations).set({ createdAt: new Date(Date.now() - 31 * DAY) }).where(eq(licenseDeactivations.licenseId, l.id));
    expect((await deactivate(t, l.licenseKey, 'booth-later')).statusCode).toBe(200);
  });

  it('frees a suspended licence and one that starts later too: freeing a device harms nothing', async () => {
    const suspended = await insertLicense(t.db, customer, { type: 'month', deviceId: 'booth-sus' });
    await t.db.update(licenses).set({ suspendedAt: new Date() }).where(eq(licenses.id, suspended.id));
    expect((await deactivate(t, suspended.licenseKey, 'booth-sus')).statusCode).toBe(200);
    const later = await insertLicense(t.db, customer, { type: 'month', startAt: new Date(Date.now() + 86_400_000), deviceId: 'booth-later-start' });
    expect((await deactivate(t, later.licenseKey, 'booth-later-start')).statusCode).toBe(200);
    const rows = await t.db.select().from(licenses).where(eq(licenses.userId, customer.id));
    expect(rows.filter((r) => r.id === suspended.id || r.id === later.id).map((r) => r.deviceId)).toEqual([null, null]);
  });
});
