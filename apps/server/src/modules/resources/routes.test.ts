import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUserWithSession, type TestUser } from '../../../test/fixtures';
import { insertLicense } from '../../../test/account-fixtures';
import { sessions } from '../../db/schema';

const DAY = 24 * 3600 * 1000;

describe('resources for licence holders', () => {
  let t: TestApp;
  let holder: TestUser;
  let lapsed: TestUser;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-resources-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    holder = await createUserWithSession(t.db);
    lapsed = await createUserWithSession(t.db);
    await insertLicense(t.db, holder, { type: 'month' });
    await insertLicense(t.db, lapsed, { type: 'day', startAt: new Date(Date.now() - 2 * DAY) });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (u: TestUser | null, url: string) => t.app.inject({ method: 'GET', url, headers: u?.headers ?? {} });

  it('serves a multi-page guidebook PDF to a holder of a current licence only', async () => {
    const res = await get(holder, '/api/subscriptions/download-guidebook');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="LentiBooth-Guidebook\.pdf"/);
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)!.length).toBeGreaterThanOrEqual(3);
    expect((await get(lapsed, '/api/subscriptions/download-guidebook')).statusCode).toBe(403);
    expect((await get(null, '/api/subscriptions/download-guidebook')).statusCode).toBe(401);
  });

  it('answers a clear 404 while no app build is available, and says so up front', async () => {
    expect((await get(holder, '/api/subscriptions/download-app/status')).json()).toEqual({ available: false });
    expect((await get(lapsed, '/api/subscriptions/download-app/status')).statusCode).toBe(403);
    expect((await get(null, '/api/subscriptions/download-app/status')).statusCode).toBe(401);
    const res = await get(holder, '/api/subscriptions/download-app');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/not available/);
    expect((await get(lapsed, '/api/subscriptions/download-app')).statusCode).toBe(403);
  });

  it('builds the download link from PUBLIC_URL, never from the Host header', async () => {
    const dir = path.join(dataDir, 'downloads');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'LentiBooth-Setup-1.9.0.exe'), 'old build');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions/download-app',
      headers: { ...holder.headers, host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url.startsWith(`${t.ctx.config.publicUrl}/api/subscriptions/download-app/file?ticket=`)).toBe(true);
    expect(url).not.toContain('attacker.example');
  });

  it('hands a short-lived link to the newest file in DATA_DIR/downloads', async () => {
    const dir = path.join(dataDir, 'downloads');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'LentiBooth-Setup-1.9.0.exe'), 'old build');
    fs.writeFileSync(path.join(dir, 'LentiBooth-Setup-1.10.0.exe'), 'MZ new build');
    expect((await get(holder, '/api/subscriptions/download-app/status')).json()).toEqual({ available: true });
    const res = await get(holder, '/api/subscriptions/download-app');
    expect(res.statusCode).toBe(200);
    const { url, expires_at } = res.json();
    expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect(url).not.toContain(holder.token);
    const file = await t.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('MZ new build');
    expect(file.headers['content-disposition']).toMatch(/LentiBooth-Setup-1\.10\.0\.exe/);

    const forged = url.replace(/ticket=[^&]+/, 'ticket=1.app-download.9999999999.AAAA');
    expect((await t.app.inject({ method: 'GET', url: new URL(forged).pathname + new URL(forged).search })).statusCode).toBe(401);
    // Signing out kills the link too.
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, holder.id));
    expect((await t.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search })).statusCode).toBe(401);
  });
});

describe('APP_DOWNLOAD_URL', () => {
  it('redirects a valid link to the configured download', async () => {
    const t = await buildTestApp({ APP_DOWNLOAD_URL: 'https://downloads.example.com/LentiBooth-Setup.exe' });
    try {
      const u = await createUserWithSession(t.db);
      await insertLicense(t.db, u, {});
      const { url } = (await t.app.inject({ method: 'GET', url: '/api/subscriptions/download-app', headers: u.headers })).json();
      const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://downloads.example.com/LentiBooth-Setup.exe');
    } finally {
      await t.close();
    }
  });
});
