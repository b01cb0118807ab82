import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LicenseClient, paymentDueWarning } from '@lbs/license-client';
import { runCli } from '../../../packages/license-client/src/cli';
import { setLicenseGrace } from '../src/modules/license-changes/renewal-grace';
import { insertLicense } from './account-fixtures';
import { buildTestApp, type TestApp } from './build-test-app';
import { createUserWithSession, type TestUser } from './fixtures';
import { updateLicense } from './license-server-fixtures';
import { freePort } from './server-process';

/*
 * The desktop program's licence client against the real licence server, over a real socket, for
 * a licence in grace (its automatic renewal unpaid): what the server answers is what the client
 * reads and the CLI prints, online and then offline.
 */

const DAY = 86_400_000;
const whole = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);
let t: TestApp;
let serverUrl: string;
let customer: TestUser;
const dirs: string[] = [];

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

describe('the licence client against the real server, in grace', () => {
  it('warns online and offline, keeps the booth usable, and is denied EXPIRED when the grace ends', async () => {
    const expiresAt = new Date(Date.now() - 2 * DAY);
    const graceUntil = new Date(Date.now() + 5 * DAY);
    const l = await insertLicense(t.db, customer, { type: 'month', startAt: new Date(expiresAt.getTime() - 30 * DAY), expiresAt });
    await t.db.transaction((tx) => setLicenseGrace(tx, l.id, graceUntil));
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lbs-client-grace-'));
    dirs.push(dir);
    const client = new LicenseClient({ serverUrl, stateDir: dir, deviceId: 'booth-grace-1' });
    const payUrl = `${t.ctx.config.publicUrl}/accounts/overview`;
    const due = { since: whole(expiresAt), graceUntil: whole(graceUntil), payUrl };

    const activated = await client.activate(l.licenseKey);
    expect(activated).toMatchObject({ status: 'valid', usable: true, paymentDue: due });
    const validated = await client.validate();
    expect(validated).toMatchObject({ status: 'valid', usable: true, code: 'VALID', paymentDue: due });
    expect(validated.license?.expires_at).toBe(expiresAt.toISOString());

    // The CLI prints the warning and exits 0.
    let out = '';
    const code = await runCli(['validate', '--state-dir', dir, '--device', 'booth-grace-1', '--server', serverUrl, '--issuer', t.ctx.config.publicUrl], {
      stdout: (s) => (out += s),
      stderr: (s) => (out += s),
      env: {},
    });
    expect(code, out).toBe(0);
    expect(out).toContain(paymentDueWarning(due));

    // Offline: the stored lease's due says the same, and where to pay is remembered.
    await expect(client.status()).resolves.toMatchObject({ status: 'offline-grace', usable: true, paymentDue: due });

    // The grace ends unpaid (the engine gives the renewal up at grace_until): EXPIRED.
    await updateLicense(t.db, l.id, { graceUntil: new Date(Date.now() - 1000) });
    await expect(client.validate()).resolves.toMatchObject({ status: 'denied', code: 'EXPIRED', usable: false, paymentDue: null });
  });
});
