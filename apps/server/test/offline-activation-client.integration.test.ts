/**
 * Offline activation end to end in one process: the real client library (packages/license-client)
 * makes the booth's request with no network, the key's owner submits it through the account area's
 * route, and the booth accepts the answer with its pinned keys.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LicenseClient } from '@lbs/license-client';
import { buildTestApp, type TestApp } from './build-test-app';
import { insertLicense } from './account-fixtures';
import { createUserWithSession, type TestUser } from './fixtures';
import { freePort } from './server-process';
import { jwksOf, submitOffline } from './license-server-fixtures';

let t: TestApp;
let serverUrl: string;
let customer: TestUser;
beforeAll(async () => {
  const port = await freePort();
  t = await buildTestApp({ PORT: String(port) });
  await t.app.listen({ port, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${port}`;
  customer = await createUserWithSession(t.db);
});
afterAll(() => t?.close());

it('a booth never online activates through its owner, then validates online; the answer is refused on a second booth', async () => {
  const l = await insertLicense(t.db, customer, { type: 'month' });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lbs-scratch-'));
  const pinned = await jwksOf(t);
  // Never online: fetch fails.
  const c = new LicenseClient({ serverUrl, stateDir: dir, deviceId: 'booth-x', pinnedJwks: pinned as never,
    fetch: () => Promise.reject(new Error('offline')) });
  const req = await c.createOfflineRequest(l.licenseKey.toLowerCase(), { deviceName: 'Booth X', appVersion: '1.0' });
  const res = await submitOffline(t, customer.headers, req.text);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json().answer as string;
  const r = await c.acceptOfflineAnswer(answer);
  expect(r, r.message).toMatchObject({ status: 'offline-grace' });
  expect((await c.acceptOfflineAnswer(answer)).code).toBe('NO_PENDING_REQUEST');
  const online = new LicenseClient({ serverUrl, stateDir: dir, deviceId: 'booth-x' });
  const v = await online.validate();
  expect(v, v.message).toMatchObject({ status: 'valid', code: 'VALID' });
  // Another booth, same key: the server refuses (device bound).
  const other = new LicenseClient({ serverUrl, stateDir: await fs.mkdtemp(path.join(os.tmpdir(), 'lbs-scratch-')), deviceId: 'booth-y', pinnedJwks: pinned as never });
  const res2 = await submitOffline(t, customer.headers, (await other.createOfflineRequest(l.licenseKey)).text);
  expect(res2.statusCode, res2.body).toBe(409);
  // The answer for booth-x fed to booth-y: rejected.
  const r3 = await other.acceptOfflineAnswer(answer);
  expect(r3.status).toBe('lease-rejected');
});
