import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { adminCredentials, baseUrl, closeBrowser, newPage, screenshot, transitionsSettled } from '../support/browser';
import { createVerifiedUser, loginInBrowser, signInThroughApi } from '../support/auth';
import { journeySteps } from '../support/journey';
import { currentLicenses, payForTheCart, type ApiLicense } from '../support/shop';
import { seriousViolations } from '../support/axe';
import { cli } from '../support/license-cli';

/*
 * Issue 12's journey: a customer buys a monthly licence, the desktop program's CLI activates it
 * on a booth, the customer's overview shows the booth, the CLI reports usage, the back office
 * sees it, the customer renews from the overview, and the CLI learns the new end date: the same
 * key, 30 days later, in the licence and in the signed lease.
 */

afterAll(closeBrowser);

const DAY = 24 * 60 * 60 * 1000;
const MONTHLY = 11;

/**
 * The events lists show the newest first, and the other worker's journeys (one product server for
 * both) may report usage meanwhile, pushing this booth's rows onto a later page: they are looked
 * for page by page from the page shown (rows only ever move down, so none is skipped; two rows
 * are looked for newest first). The first page alone when the journeys run one at a time.
 */
async function cellOnSomePage(page: Page, name: string): Promise<void> {
  for (let pageNo = 1; pageNo <= 20; pageNo++) {
    try {
      await page.getByRole('cell', { name, exact: true }).waitFor({ timeout: pageNo === 1 ? 15_000 : 5_000 });
      return;
    } catch (err) {
      const next = page.getByRole('button', { name: 'Next page' }).locator('visible=true').first();
      if (!(await next.isEnabled().catch(() => false))) throw err;
      await next.click();
    }
  }
  throw new Error(`${name} is on none of the first 20 pages`);
}

describe('licence server journey: buy, activate with the CLI, report usage, renew', () => {
  const step = journeySteps();
  const device = `booth-e2e-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-e2e-cli-'));
  let customer: { context: BrowserContext; page: Page };
  let admin: { context: BrowserContext; page: Page };
  let email = '';
  let key = '';
  let bought: ApiLicense;

  beforeAll(async () => {
    const user = await createVerifiedUser();
    email = user.email;
    customer = await newPage('desktop');
    await customer.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginInBrowser(customer.page, user.email, user.password);
  });
  afterAll(async () => {
    await customer?.context.close();
    await admin?.context.close();
    fs.rmSync(stateDir, { recursive: true, force: true });
  });

  step('the customer buys a monthly licence and copies its key from the overview', async () => {
    const { page } = customer;
    await page.goto('/accounts/plans');
    await page.evaluate((id) => localStorage.setItem('cart_items', JSON.stringify([{ product_id: id, quantity: 1 }])), MONTHLY);
    await page.goto('/shipping');
    await payForTheCart(page);

    await page.goto('/accounts/overview');
    await page.getByRole('heading', { name: 'Get Started with LentiBooth' }).waitFor();
    const row = page.locator('table tbody tr').first();
    await row.getByText('Unknown Device').waitFor();
    await row.getByRole('button', { name: 'Copy license key' }).click();
    await row.getByRole('button', { name: 'Copied!' }).waitFor();
    key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){5}$/);
    const owned = await currentLicenses(page);
    expect(owned).toHaveLength(1);
    bought = owned[0]!;
    expect(bought.license_key).toBe(key);
    expect(bought.device_number).toBeNull();
  });

  step('the CLI activates the key on the booth and stores a lease for the licence', async () => {
    const r = await cli(['activate', '--server', baseUrl(), '--key', key, '--device', device, '--device-name', 'Booth 3, Marina Bay', '--app-version', '2.4.0', '--state-dir', stateDir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toMatchObject({ status: 'valid', code: 'VALID', usable: true, device_id: device });
    expect(r.json.license).toMatchObject({ id: bought._id, type: 'month', device_id: device, expires_at: bought.expire_date });
    expect(r.json.lease).toMatchObject({ sub: bought._id, dev: device, lic_exp: Math.floor(Date.parse(bought.expire_date) / 1000) });
    const stored = JSON.parse(fs.readFileSync(path.join(stateDir, 'license.json'), 'utf8')) as { license_key: string; lease: string };
    expect(stored.license_key).toBe(key);
    expect(stored.lease.split('.')).toHaveLength(3);

    // Offline, the stored lease alone says the booth may work.
    const offline = await cli(['status', '--server', baseUrl(), '--device', device, '--state-dir', stateDir]);
    expect(offline.code).toBe(0);
    expect(offline.json).toMatchObject({ status: 'offline-grace', code: 'LEASE_VALID' });
  });

  step('the customer’s overview shows the booth the key is activated on', async () => {
    const { page } = customer;
    await page.goto('/accounts/overview');
    await page.getByRole('heading', { name: 'Get Started with LentiBooth' }).waitFor();
    const row = page.locator('table tbody tr').first();
    await row.getByText(device).waitFor();
    await expect(row.getByText('Unknown Device').count()).resolves.toBe(0);
    await row.getByText('Active').waitFor({ state: 'visible' });
    expect((await currentLicenses(page))[0]!.device_number).toBe(device);
    await transitionsSettled(page);
    await screenshot(page, 'license-server-overview-device-1440');
    expect(await seriousViolations(page)).toEqual([]);

    // The small screen's card shows it too.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByText(device).locator('visible=true').first().waitFor();
    await transitionsSettled(page);
    await screenshot(page, 'license-server-overview-device-375');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  step('the CLI sends the booth’s usage', async () => {
    const now = Date.now();
    const events = [
      { kind: 'success', file_type: 'jpg', filename: `${device}-IMG_0042.JPG`, processing_time: 2.75, timestamp: new Date(now - 120_000).toISOString() },
      { kind: 'success', file_type: 'png', filename: `${device}-booth_0043.png`, processing_time: 3.5, timestamp: new Date(now - 60_000).toISOString() },
      { kind: 'error', file_type: 'heic', filename: `${device}-IMG_0044.HEIC`, error_message: 'Printer offline: check the USB cable and paper tray', timestamp: new Date(now - 30_000).toISOString() },
    ];
    const file = path.join(stateDir, 'events.json');
    fs.writeFileSync(file, JSON.stringify({ events }));
    const r = await cli(['send-usage', '--server', baseUrl(), '--device', device, '--state-dir', stateDir, '--events', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toMatchObject({ status: 'sent', queued: 3, sent: 3, accepted: 3, duplicates: 0, remaining: 0, dropped: [] });
  });

  step('the back office sees the events, and the booth on the licence', async () => {
    // The admin API has them as the booth sent them…
    const headers = await signInThroughApi(adminCredentials().email, adminCredentials().password);
    const read = async (list: 'events' | 'errors') => {
      const res = await fetch(`${baseUrl()}/api/analytics/${list}?page=1&page_size=100`, { headers });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { items: Array<Record<string, unknown>> };
      return body.items.filter((e) => e.device_address === device);
    };
    const processed = await read('events');
    expect(processed.map((e) => e.filename)).toEqual([`${device}-booth_0043.png`, `${device}-IMG_0042.JPG`]);
    expect(processed[1]).toMatchObject({ file_type: 'jpg', processing_time: 2.75, ip_address: '127.0.0.1' });
    const failed = await read('errors');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ filename: `${device}-IMG_0044.HEIC`, file_type: 'heic', error_message: 'Printer offline: check the USB cable and paper tray' });

    // …and the owner sees them in the Analytics tab: the processed files, then the error log.
    admin = await newPage('desktop');
    await loginInBrowser(admin.page, adminCredentials().email, adminCredentials().password);
    await admin.page.goto('/accounts/overview/analytics');
    await admin.page.getByRole('heading', { name: 'Successful Usage Events' }).waitFor();
    // Newest first: the later file, then the earlier one on the same page or a later one.
    await cellOnSomePage(admin.page, `${device}-booth_0043.png`);
    await cellOnSomePage(admin.page, `${device}-IMG_0042.JPG`);
    await admin.page.getByRole('radio', { name: 'Error' }).check();
    await admin.page.getByRole('heading', { name: 'Error Logs' }).waitFor();
    await cellOnSomePage(admin.page, `${device}-IMG_0044.HEIC`);
    await admin.page.getByRole('cell', { name: 'Printer offline: check the USB cable and paper tray' }).waitFor();
    await expect(admin.page.getByText(/^Total Usage: \d+ \| Avg Time: \d+\.\d\d s$/).count()).resolves.toBe(1);

    // The Licenses tab lists the key with the booth it runs on (the id cut short, whole in its title).
    await admin.page.goto('/accounts/overview/licenses');
    await admin.page.getByRole('heading', { name: 'Licenses', level: 2 }).waitFor();
    await admin.page.getByLabel('Search licenses').fill(email);
    const row = admin.page.locator('table tbody tr').filter({ hasText: email });
    await row.getByTitle(device, { exact: true }).waitFor();
    await expect(row.getByTitle(device, { exact: true }).innerText()).resolves.toBe(`${device.slice(0, 8)}…`);
    await expect(row.count()).resolves.toBe(1);
  });

  step('the customer renews from the overview and pays: the same key ends 30 days later', async () => {
    const { page } = customer;
    await page.goto('/accounts/overview');
    const renew = page.getByRole('button', { name: `Renew license ${key.slice(0, 10)}…` }).locator('visible=true');
    await renew.waitFor();
    await renew.click();
    await page.waitForURL('**/shipping');
    await page.getByTestId(`cart-line-renewal-${bought._id}`).waitFor();
    await payForTheCart(page);

    const after = await currentLicenses(page);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ _id: bought._id, license_key: key, device_number: device });
    expect(Date.parse(after[0]!.expire_date) - Date.parse(bought.expire_date)).toBe(30 * DAY);
  });

  step('the CLI’s next validation shows the new end date in the licence and in the lease', async () => {
    const newEnd = Date.parse(bought.expire_date) + 30 * DAY;
    const r = await cli(['validate', '--server', baseUrl(), '--device', device, '--state-dir', stateDir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toMatchObject({ status: 'valid', code: 'VALID' });
    expect(Date.parse(r.json.license!.expires_at!)).toBe(newEnd);
    expect(r.json.license).toMatchObject({ id: bought._id, device_id: device });
    expect(r.json.lease!.lic_exp).toBe(Math.floor(newEnd / 1000));
    // The stored lease carries it too, for the days the booth works offline.
    const offline = await cli(['status', '--server', baseUrl(), '--device', device, '--state-dir', stateDir]);
    expect(offline.json.lease!.lic_exp).toBe(Math.floor(newEnd / 1000));
  });
});
