import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { MSG } from '@lbs/domain/messages';
import { adminCredentials, baseUrl, closeBrowser, newPage, screenshot, transitionsSettled } from '../support/browser';
import { createVerifiedUser, loginInBrowser, signInThroughApi } from '../support/auth';
import { journeySteps } from '../support/journey';
import { accountTimeZone, buyThroughCheckout, currentLicenses } from '../support/shop';
import { cli } from '../support/license-cli';
import { formatDate, setDisplayTimeZone } from '../../apps/web/src/lib/format-date';

/*
 * Issue 19's Daily pass, end to end: an operator buys a pass days before the event; the overview
 * says it starts on first activation and until when it can be activated; at the event the booth's
 * CLI activates it and its 24 hours start then, in the licence, the lease and the overview. A key
 * the shop issued to start next month is refused by the CLI as not yet valid (exit status 3), with
 * its start date.
 */

afterAll(closeBrowser);

const HOUR = 3600 * 1000;
const DAILY = 10;

const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).locator('visible=true');

describe('a Daily pass starts at its first activation', () => {
  const step = journeySteps();
  const device = `booth-day-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-e2e-day-'));
  let customer: { context: BrowserContext; page: Page };
  let email = '';
  let key = '';
  let paidAt = 0;

  beforeAll(async () => {
    const user = await createVerifiedUser();
    email = user.email;
    customer = await newPage('desktop');
    await loginInBrowser(customer.page, user.email, user.password);
    setDisplayTimeZone(await accountTimeZone(customer.page));
  });
  afterAll(async () => {
    await customer?.context.close();
    fs.rmSync(stateDir, { recursive: true, force: true });
  });

  step('the operator buys a Daily pass ahead of the event: it starts on first activation', async () => {
    const { page } = customer;
    paidAt = Date.now();
    await buyThroughCheckout(page, [{ product_id: DAILY, quantity: 1 }]);
    const [pass] = await currentLicenses(page);
    expect(pass).toMatchObject({ type: 'day', device_number: null });
    const activateBy = (pass as unknown as { activate_by: string }).activate_by;
    // Payment + 12 months (a minute's leeway for the checkout's own time).
    expect(Date.parse(activateBy) - paidAt).toBeGreaterThan(364 * 24 * HOUR);
    key = pass!.license_key;

    await page.goto('/accounts/overview');
    await page.getByRole('heading', { name: 'Get Started with LentiBooth' }).waitFor();
    await visible(page, MSG.licenseStartsOnFirstActivation).waitFor();
    await visible(page, MSG.licenseActivateBy(formatDate(activateBy))).waitFor();
    await visible(page, MSG.licenseStatusUnstarted).waitFor();
  });

  step('at the event the booth activates it with the CLI: its 24 hours start now', async () => {
    const before = Date.now();
    const r = await cli(['activate', '--server', baseUrl(), '--key', key, '--device', device, '--device-name', 'Booth 1, Jakarta hall', '--state-dir', stateDir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toMatchObject({ status: 'valid', code: 'VALID', usable: true });
    const license = r.json.license!;
    expect(license).toMatchObject({ type: 'day', device_id: device, activate_by: null });
    const startsAt = Date.parse(license.starts_at!);
    expect(startsAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(license.expires_at!) - startsAt).toBe(24 * HOUR);
    // The lease: valid from the start (nbf), to the pass's end (the Daily allowance is the whole pass).
    expect(r.json.lease).toMatchObject({ nbf: Math.floor(startsAt / 1000), lic_exp: Math.floor(Date.parse(license.expires_at!) / 1000) });
    expect(r.json.lease!.exp).toBe(r.json.lease!.lic_exp);

    // Again from the same booth: the same term, not a new one.
    const again = await cli(['validate', '--state-dir', stateDir, '--device', device]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json.license).toMatchObject({ starts_at: license.starts_at, expires_at: license.expires_at });
  });

  step('the overview shows the pass running from today, on the booth', async () => {
    const { page } = customer;
    const [pass] = await currentLicenses(page);
    await page.goto('/accounts/overview');
    const row = page.locator('table tbody tr').filter({ hasText: device });
    await row.waitFor();
    await row.getByText(formatDate(new Date(Date.parse(pass!.expire_date) - 24 * HOUR).toISOString()), { exact: true }).waitFor();
    await row.getByText(formatDate(pass!.expire_date), { exact: true }).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await expect(row.getByText(MSG.licenseStartsOnFirstActivation).count()).resolves.toBe(0);
    await transitionsSettled(page);
    await screenshot(page, 'license-day-pass-started-1440');
  });

  step('a key issued to start next month: the CLI says not yet valid, with its start date', async () => {
    const admin = await signInThroughApi(adminCredentials().email, adminCredentials().password);
    const start = new Date(Date.now() + 30 * 24 * HOUR);
    start.setUTCHours(0, 0, 0, 0);
    const end = new Date(start.getTime() + 30 * 24 * HOUR);
    const issued = await fetch(`${baseUrl()}/api/subscriptions/licenses`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ email, mode: 'custom', start_date: start.toISOString(), end_date: end.toISOString() }),
    });
    expect(issued.status).toBe(201);
    const later = (await issued.json()) as { license_key: string };

    const otherBooth = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-e2e-later-'));
    try {
      const r = await cli(['activate', '--server', baseUrl(), '--key', later.license_key, '--device', `${device}-2`, '--state-dir', otherBooth]);
      expect(r.code, r.stderr).toBe(3);
      expect(r.json).toMatchObject({ status: 'not-yet-valid', code: 'NOT_YET_VALID', usable: false });
      expect(Date.parse(r.json.startsAt!)).toBe(start.getTime());
    } finally {
      fs.rmSync(otherBooth, { recursive: true, force: true });
    }
  });
});
