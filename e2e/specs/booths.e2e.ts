import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBoothPage } from '@lbs/domain/booths';
import { adminCredentials, baseUrl, closeBrowser, newPage, screenshot, transitionsSettled, VIEWPORTS } from '../support/browser';
import { createVerifiedUser, loginInBrowser, signInThroughApi } from '../support/auth';
import { accountTimeZone } from '../support/shop';
import { seriousViolations } from '../support/axe';
import { cli } from '../support/license-cli';
import { formatDateTime, setDisplayTimeZone } from '../../apps/web/src/lib/format-date';

/*
 * The operator's fleet (issue 20): a customer with four keys on three booths (the first booth
 * holds two of them), activated by the CLI and the licence API, with usage reported. Booths lists
 * each booth once with its licence, version, last seen and counts, at 1440 and 375 px; a rename
 * stays after a reload and shows in the admin licence list; another customer sees none of them;
 * the admin licence list shows device, version and last seen; ANALYTICS links a device to its licence and ranks the busiest booths and the ones with most errors (issue 22).
 */

afterAll(closeBrowser);

/** Screenshots the reviewers look at, beside the suite's own. */
const SHOTS = '/tmp/i20/shots';
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await transitionsSettled(page);
  await screenshot(page, name, { dir: SHOTS, fullPage });
}

interface Issued {
  _id: string;
  license_key: string;
}

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const device = (n: number) => `booth-fleet-${run}-${n}`;

async function generate(admin: Record<string, string>, email: string, mode: string): Promise<Issued> {
  const res = await fetch(`${baseUrl()}/api/subscriptions/licenses`, { method: 'POST', headers: admin, body: JSON.stringify({ email, mode }) });
  if (res.status !== 201) throw new Error(`generate answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Issued;
}

/** The licence API as a booth calls it. */
async function activate(key: string, deviceId: string, deviceName: string, appVersion: string): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/licenses/activate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ license_key: key, device_id: deviceId, device_name: deviceName, app_version: appVersion }),
  });
  if (res.status !== 200) throw new Error(`activate answered ${res.status}: ${await res.text()}`);
}

async function reportUsage(key: string, deviceId: string, kinds: Array<'success' | 'error'>, batch = ''): Promise<void> {
  const now = Date.now();
  const events = kinds.map((kind, i) => ({
    event_id: `${deviceId}-${batch}${i}`,
    kind,
    timestamp: new Date(now - (kinds.length - i) * 1000).toISOString(),
    filename: `${deviceId}-IMG_${i}.JPG`,
    file_type: 'jpg',
    ...(kind === 'success' ? { processing_time: 1.5 } : { error_message: 'Printer offline' }),
  }));
  const res = await fetch(`${baseUrl()}/api/analytics/usage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ license_key: key, device_id: deviceId, events }),
  });
  if (res.status !== 202) throw new Error(`usage answered ${res.status}: ${await res.text()}`);
}

async function booths(headers: Record<string, string>): Promise<TBoothPage> {
  const res = await fetch(`${baseUrl()}/api/booths?page=1&page_size=50`, { headers });
  if (res.status !== 200) throw new Error(`booths answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as TBoothPage;
}

/** The visible copy of a booth's row (the table at 1440, its card at 375). */
function boothRow(page: Page, deviceId: string): Locator {
  return page.locator('tr, li').filter({ has: page.getByTitle(deviceId, { exact: true }) }).locator('visible=true');
}

const visible = (scope: Page | Locator, text: string | RegExp) => scope.getByText(text, { exact: typeof text === 'string' }).locator('visible=true');

describe('the operator’s fleet of booths', () => {
  const owner = { email: '', password: '', headers: {} as Record<string, string> };
  const other = { email: '', password: '', headers: {} as Record<string, string> };
  const keys: Issued[] = [];
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-e2e-fleet-'));

  beforeAll(async () => {
    Object.assign(owner, await createVerifiedUser());
    Object.assign(other, await createVerifiedUser());
    owner.headers = await signInThroughApi(owner.email, owner.password);
    other.headers = await signInThroughApi(other.email, other.password);
    const admin = await signInThroughApi(adminCredentials().email, adminCredentials().password);
    for (const mode of ['month', 'year', 'month', 'onetime']) keys.push(await generate(admin, owner.email, mode));
    const foreign = await generate(admin, other.email, 'month');

    // Booth 1 runs the CLI (its state directory, as at a venue) and holds a second key too.
    const r = await cli(['activate', '--server', baseUrl(), '--key', keys[0]!.license_key, '--device', device(1), '--device-name', 'Booth 1, Marina Bay', '--app-version', '2.4.0', '--state-dir', stateDir]);
    expect(r.code, r.stderr).toBe(0);
    await activate(keys[3]!.license_key, device(1), 'Booth 1, Marina Bay', '2.4.0');
    await activate(keys[1]!.license_key, device(2), 'Booth 2, Jakarta hall', '2.3.1');
    await activate(keys[2]!.license_key, device(3), 'Booth 3, Bali', '2.4.0');
    await activate(foreign.license_key, device(9), 'Somebody else’s booth', '2.4.0');
    // Booth 1 checks in, as a running booth does: its lease's end is its "offline until".
    const check = await fetch(`${baseUrl()}/api/licenses/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ license_key: keys[0]!.license_key, device_id: device(1) }),
    });
    expect(((await check.json()) as { code: string }).code).toBe('VALID');
    await reportUsage(keys[0]!.license_key, device(1), ['success', 'success', 'success', 'error']);
    await reportUsage(keys[1]!.license_key, device(2), ['success']);
  });
  afterAll(() => fs.rmSync(stateDir, { recursive: true, force: true }));

  it('the API lists each booth once, with its counts, and only the owner’s', async () => {
    const mine = await booths(owner.headers);
    expect(mine.total).toBe(3);
    expect(mine.items.map((b) => b.device_id).sort()).toEqual([device(1), device(2), device(3)]);
    const first = mine.items.find((b) => b.device_id === device(1))!;
    // The check is written to the licence a moment later (batched with others): wait for it.
    await expect.poll(async () => (await booths(owner.headers)).items.find((b) => b.device_id === device(1))!.lease_until, { timeout: 15_000 }).not.toBeNull();
    expect(first).toMatchObject({ licenses_count: 2, app_version: '2.4.0', files_7d: 3, errors_7d: 1, name: 'Booth 1, Marina Bay' });
    expect(mine.items.find((b) => b.device_id === device(2))).toMatchObject({ files_7d: 1, errors_7d: 0, app_version: '2.3.1' });

    const theirs = await booths(other.headers);
    expect(theirs.items.map((b) => b.device_id)).toEqual([device(9)]);
    // Nor can they rename one of the owner's.
    const res = await fetch(`${baseUrl()}/api/booths/rename`, { method: 'POST', headers: other.headers, body: JSON.stringify({ device_id: device(1), name: 'Mine now' }) });
    expect(res.status).toBe(404);
  });

  // Both widths in one journey: one sign-in, then the page is reached and checked at each width.
  it('Booths lists every booth with its licence, version, last seen and counts, at 1440 and 375 px', async () => {
    const { context, page } = await newPage('desktop');
    try {
      await loginInBrowser(page, owner.email, owner.password);
      setDisplayTimeZone(await accountTimeZone(page));
      for (const viewport of ['desktop', 'mobile'] as const) {
        const width = VIEWPORTS[viewport].width;
        await page.setViewportSize(VIEWPORTS[viewport]);
        await page.goto('/accounts/overview');
        // Reached from the account menu, right after Overview.
        await page.getByRole('link', { name: 'Booths' }).locator('visible=true').first().click();
        await page.waitForURL('**/accounts/booths');
        await page.getByRole('heading', { name: 'Booths', level: 1 }).waitFor();
        const listed = (await booths(owner.headers)).items;

        for (const booth of listed) {
          const row = boothRow(page, booth.device_id);
          await expect.poll(() => row.count()).toBe(1);
          await visible(row, booth.name!).waitFor();
          await visible(row, `…${booth.license.key_suffix}`).waitFor();
          await visible(row, booth.app_version!).waitFor();
          await visible(row, 'Active').waitFor();
          // Last seen: relative on screen, the exact time in the customer's zone in its title.
          await expect(row.locator(`time[datetime="${booth.last_seen_at}"]`).getAttribute('title')).resolves.toBe(formatDateTime(booth.last_seen_at));
          await visible(row, /^(just now|\d+ (second|minute)s? ago)$/).waitFor();
        }
        const first = boothRow(page, device(1));
        await visible(first, '+1 more key on this booth').waitFor();
        await expect(first.locator(`time[datetime="${listed.find((b) => b.device_id === device(1))!.lease_until}"]`).innerText()).resolves.toMatch(
          formatDateTime(listed.find((b) => b.device_id === device(1))!.lease_until).split(', ')[0]!,
        );
        await visible(first, '3 files').waitFor();
        await visible(first, /1 error$/).waitFor();
        await expect(visible(page, 'Somebody else’s booth').count()).resolves.toBe(0);
        await expect(page.getByRole('link', { name: 'Activate a booth offline' }).getAttribute('href')).resolves.toBe('/accounts/booths/activate-offline');

        await shot(page, `booths-${width}`);
        await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
        expect(await seriousViolations(page)).toEqual([]);
      }
    } finally {
      await context.close();
    }
  }, 180_000);

  it('another customer sees only their own booth; one with none is told how to add one', async () => {
    const { context, page } = await newPage('mobile');
    try {
      await loginInBrowser(page, other.email, other.password);
      await page.goto('/accounts/booths');
      await expect.poll(() => boothRow(page, device(9)).count()).toBe(1);
      for (const n of [1, 2, 3]) await expect(page.getByTitle(device(n), { exact: true }).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
    const none = await createVerifiedUser();
    const fresh = await newPage('mobile');
    try {
      await loginInBrowser(fresh.page, none.email, none.password);
      await fresh.page.goto('/accounts/booths');
      await visible(fresh.page, 'No booth activated yet').waitFor();
      await fresh.page.getByRole('link', { name: 'Overview' }).locator('visible=true').last().waitFor();
      expect(await seriousViolations(fresh.page)).toEqual([]);
    } finally {
      await fresh.context.close();
    }
  });

  it('a renamed booth keeps its name after a reload and in the admin licence list', async () => {
    const { context, page } = await newPage('mobile');
    try {
      await loginInBrowser(page, owner.email, owner.password);
      await page.goto('/accounts/booths');
      const row = boothRow(page, device(2));
      await row.getByRole('button', { name: 'Rename booth Booth 2, Jakarta hall' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rename booth' });
      await dialog.getByRole('textbox', { name: 'Booth name' }).fill('Hall B entrance');
      // The screen as seen (a whole-page shot would draw the fixed header over the open dialog).
      await shot(page, 'booths-rename-375', false);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Booth renamed').waitFor();
      await visible(row, 'Hall B entrance').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.reload();
      await visible(boothRow(page, device(2)), 'Hall B entrance').waitFor();
    } finally {
      await context.close();
    }

    const admin = await newPage('desktop');
    try {
      await loginInBrowser(admin.page, adminCredentials().email, adminCredentials().password);
      await admin.page.goto(`/accounts/overview/licenses?q=${encodeURIComponent(keys[1]!._id)}`);
      await visible(admin.page, 'Hall B entrance').waitFor();
    } finally {
      await admin.context.close();
    }
  });

  it('the admin licence list shows device, version and last seen, at 1440 and 375 px', async () => {
    const { context, page } = await newPage('desktop');
    try {
      await loginInBrowser(page, adminCredentials().email, adminCredentials().password);
      setDisplayTimeZone(await accountTimeZone(page));
      for (const viewport of ['desktop', 'mobile'] as const) {
        const width = VIEWPORTS[viewport].width;
        await page.setViewportSize(VIEWPORTS[viewport]);
        await page.goto('/accounts/overview/licenses');
        await page.getByRole('heading', { name: 'Licenses', level: 2 }).waitFor();
        await page.getByLabel('Search licenses').fill(owner.email);
        // Only this customer's four keys once the search has run (another customer's booth is on the first page before it).
        await visible(page, `4 licenses matching “${owner.email}”`).waitFor();
        await expect.poll(() => visible(page, 'Booth 1, Marina Bay').count()).toBe(2);
        const row = page.locator('tr, li').filter({ has: page.getByTitle(device(3), { exact: true }) }).locator('visible=true');
        await visible(row, 'Booth 3, Bali').waitFor();
        await visible(row, '2.4.0').waitFor();
        await visible(row, /^(just now|\d+ (second|minute)s? ago)$/).waitFor();
        await shot(page, `admin-licenses-${width}`);
        await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
        expect(await seriousViolations(page)).toEqual([]);
      }
    } finally {
      await context.close();
    }
  }, 180_000);

  it('ANALYTICS links a device to its licence; its busiest booths and most errors link each booth to its licence and customer, at 1440 and 375 px', async () => {
    const { context, page } = await newPage('desktop');
    try {
      await loginInBrowser(page, adminCredentials().email, adminCredentials().password);
      await page.goto('/accounts/overview/analytics');
      await page.getByRole('table', { name: 'Successful Usage Events' }).locator('tbody tr').first().waitFor();
      const link = page.getByRole('link', { name: new RegExp(`${device(2)}, open its license`) }).first();
      await link.click();
      await page.waitForURL(`**/accounts/overview/licenses?q=${encodeURIComponent(keys[1]!._id)}`);
      await expect.poll(() => page.locator('table tbody tr').count()).toBe(1);
      await visible(page.locator('table'), 'Hall B entrance').waitFor();

      // A busy afternoon at booth 1 (100 events, 40 failed): the top of both lists whatever else the shared server holds.
      await reportUsage(keys[0]!.license_key, device(1), Array.from({ length: 100 }, (_, i) => (i % 5 < 2 ? 'error' : 'success')), 'busy-');
      await page.goto('/accounts/overview/analytics');
      await page.getByTestId('usage-summary').getByText(/^Error Rate: (\d+(\.\d)?%|<0\.1%)$/).waitFor();
      const suffix = keys[0]!.license_key.split('-').at(-1)!;
      for (const [list, name] of [['busiest-booths', 'Busiest booths'], ['booths-most-errors', 'Booths with the most errors']] as const) {
        const row = page.getByRole('table', { name }).locator('tbody tr').filter({ hasText: 'Booth 1, Marina Bay' });
        await expect.poll(() => row.innerText(), { message: list }).toMatch(new RegExp(`Booth 1, Marina Bay.*\\s+…${suffix}\\s+${owner.email.replace(/[.+]/g, '\\$&')}\\s+104\\s+41`));
      }
      await shot(page, 'admin-analytics-booths-1440');
      expect(await seriousViolations(page)).toEqual([]);
      const busiest = page.getByRole('table', { name: 'Busiest booths' }).locator('tbody tr').filter({ hasText: 'Booth 1, Marina Bay' });
      await busiest.getByRole('link', { name: owner.email }).click();
      await page.waitForURL(/\/accounts\/overview\/customers\/\d+$/);
      await visible(page, owner.email).first().waitFor();
      await page.goBack();
      // The lists come back after the page: click once the row is there again, not while it moves.
      await expect.poll(() => busiest.innerText()).toMatch(/104\s+41$/);
      await busiest.getByRole('link', { name: `License …${suffix}` }).click();
      await page.waitForURL(`**/accounts/overview/licenses?q=${encodeURIComponent(keys[0]!._id)}`);
      await expect.poll(() => page.locator('table tbody tr').count()).toBe(1);

      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto('/accounts/overview/analytics');
      const card = page.getByRole('list', { name: 'Busiest booths' }).locator('li').filter({ hasText: 'Booth 1, Marina Bay' });
      await expect.poll(() => card.innerText()).toMatch(/Events\s+104\s+Errors\s+41/);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'admin-analytics-booths-375');
    } finally {
      await context.close();
    }
  });
});
