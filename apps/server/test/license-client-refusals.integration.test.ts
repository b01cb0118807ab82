import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LicenseClient } from '@lbs/license-client';
import { licenses } from '../src/db/schema';
import { insertLicense } from './account-fixtures';
import { buildTestApp, type TestApp } from './build-test-app';
import { createUserWithSession, type TestUser } from './fixtures';
import { freePort } from './server-process';

/*
 * Issue 37: the licence client keeps the licence the real server sends with a refusal. An unused
 * Daily pass (and one renewed after it ended, its device kept) is answered NOT_ACTIVATED with
 * `license.activate_by`: the signal the client README tells integrators to rely on.
 */

const DAY = 86_400_000;
let t: TestApp;
let serverUrl: string;
let customer: TestUser;
const dirs: string[] = [];

async function booth(deviceId: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lbs-client-refusals-'));
  dirs.push(dir);
  return new LicenseClient({ serverUrl, stateDir: dir, deviceId });
}

beforeAll(async () => {
  const port = await freePort();
  t = await buildTestApp({ PORT: String(port) });
  await t.app.listen({ port, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${port}`;
  customer = await createUserWithSession(t.db);
});

afterAll(async () => {
  await t?.close();
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('the licence the real server sends with NOT_ACTIVATED', () => {
  it('a fresh booth asking about an unused Daily pass sees its activate_by; a used pass renewed after it ended is stored so', async () => {
    // Bought, not started: activate_by a year ahead, no device.
    const paidAt = new Date(Date.now() - DAY);
    const activateBy = new Date(paidAt.getTime() + 365 * DAY);
    const row = await insertLicense(t.db, customer, { type: 'day', startAt: paidAt, expiresAt: activateBy });
    await t.db.update(licenses).set({ activateBy, unstartedTermHours: 24 }).where(eq(licenses.id, row.id));

    const c = await booth('booth-refusals-1');
    const fresh = await c.validate({ licenseKey: row.licenseKey });
    expect(fresh).toMatchObject({ status: 'denied', code: 'NOT_ACTIVATED', license: { id: row.id, activate_by: activateBy.toISOString() } });
    expect(await c.storedLicense()).toBeNull();

    // Started at the event...
    const started = await c.activate(row.licenseKey);
    expect(started).toMatchObject({ status: 'valid', license: { activate_by: null } });
    // ...ended, then renewed after it ended: an unused pass again, its device kept.
    const renewedAt = new Date();
    const renewedBy = new Date(renewedAt.getTime() + 365 * DAY);
    await t.db
      .update(licenses)
      .set({ startAt: renewedAt, activateBy: renewedBy, expiresAt: renewedBy, unstartedTermHours: 24 })
      .where(eq(licenses.id, row.id));

    const check = await c.validate();
    expect(check).toMatchObject({
      status: 'denied',
      code: 'NOT_ACTIVATED',
      license: { id: row.id, activate_by: renewedBy.toISOString(), expires_at: renewedBy.toISOString() },
    });
    expect((await c.storedLicense())?.license).toMatchObject({ activate_by: renewedBy.toISOString() });
    // Activating from this device starts the new pass.
    expect(await c.activate(row.licenseKey)).toMatchObject({ status: 'valid', license: { activate_by: null } });
  });
});
