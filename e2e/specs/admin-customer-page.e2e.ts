import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { MSG } from '@lbs/domain/messages';
import { createVerifiedUser, loginInBrowser } from '../support/auth';
import { seriousViolations } from '../support/axe';
import { adminCredentials, baseUrl, closeBrowser, newPage, screenshot, transitionsSettled } from '../support/browser';
import { journeySteps } from '../support/journey';
import { buyThroughCheckout, type ApiLicense } from '../support/shop';

afterAll(closeBrowser);

/**
 * Monthly licences bought in a first order, and one more in a second: twelve, more than a page of
 * ten, so the licence list pages; with the orders, invoices and sign-up, more than a timeline page.
 */
const FIRST_ORDER = 11;
const LICENSES_BOUGHT = FIRST_ORDER + 1;
const MONTHLY_LICENSE = 11;
const BOOTH = { device_id: `booth-${Date.now()}`, device_name: 'Booth 7, Kota Tua', app_version: '2.5.1' };

/** Every current licence of the signed-in customer (the shop's helper reads one page of ten). */
async function allCurrentLicenses(page: Page): Promise<ApiLicense[]> {
  return page.evaluate(async () => {
    const res = await fetch('/api/subscriptions/licenses?mode=CURRENT&page=1&page_size=100', {
      headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` },
    });
    if (!res.ok) throw new Error(`licences answered ${res.status}`);
    return ((await res.json()) as { items: ApiLicense[] }).items;
  });
}

/** Waits for the page as long as a locator would (expect.poll's own default is one second). */
const POLL = { timeout: 15_000 };

const customerUrl = /\/accounts\/overview\/customers\/\d+(\?.*)?$/;

/** The moments the timeline shows, top to bottom. */
const timelineMoments = (page: Page) =>
  page.getByRole('list', { name: 'Timeline, newest first' }).locator('time').evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute('datetime') ?? '')));

/**
 * Issue 21's customer page: a customer buys licences and activates one on a booth; the admin finds
 * them from the header's search by the key typed as a person would (lower case, no dashes), sees
 * their orders, licences and the booth, pages through them and the timeline, and opens them from
 * USERS too, at 1440 and 375 px.
 */
describe('back office: a page per customer and the header search', () => {
  const step = journeySteps();
  let customer: { context: BrowserContext; page: Page; email: string };
  let admin: { context: BrowserContext; page: Page };
  let licenses: ApiLicense[] = [];
  let booth: ApiLicense;

  beforeAll(async () => {
    const { email, password } = await createVerifiedUser({ username: 'Sari Wulandari' });
    const c = await newPage('desktop');
    await loginInBrowser(c.page, email, password);
    customer = { ...c, email };
    admin = await newPage('desktop');
    await loginInBrowser(admin.page, adminCredentials().email, adminCredentials().password);
  });
  afterAll(async () => {
    await customer?.context.close();
    await admin?.context.close();
  });

  step('the customer buys twelve monthly licences in two orders and activates the newest on a booth', async () => {
    await buyThroughCheckout(customer.page, [{ product_id: MONTHLY_LICENSE, quantity: FIRST_ORDER }]);
    await expect.poll(async () => (licenses = await allCurrentLicenses(customer.page)).length, { timeout: 20_000 }).toBe(FIRST_ORDER);
    const earlier = new Set(licenses.map((l) => l.license_key));
    await buyThroughCheckout(customer.page, [{ product_id: MONTHLY_LICENSE, quantity: 1 }]);
    await expect.poll(async () => (licenses = await allCurrentLicenses(customer.page)).length, { timeout: 20_000 }).toBe(LICENSES_BOUGHT);
    // The newest licence heads the back office's list: the booth's card is on its first page.
    booth = licenses.find((l) => !earlier.has(l.license_key))!;
    const res = await fetch(`${baseUrl()}/api/licenses/activate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ license_key: booth.license_key, ...BOOTH }),
    });
    expect(res.status).toBe(200);
  });

  step('the header search finds the customer by a key typed in lower case without dashes; Enter opens them', async () => {
    const { page } = admin;
    await page.goto('/accounts/overview/report');
    const box = page.getByRole('combobox', { name: 'Find a customer' });
    await box.fill(booth.license_key.replace(/-/g, '').toLowerCase());
    const option = page.getByRole('listbox', { name: 'Matching customers' }).getByRole('option');
    await option.first().waitFor();
    await expect(option.count()).resolves.toBe(1);
    await expect(option.first().innerText()).resolves.toContain(customer.email);
    await expect(option.first().innerText()).resolves.toMatch(/Matched: License/i);
    await screenshot(page, 'admin-customer-search-1440');
    expect(await seriousViolations(page)).toEqual([]);
    await box.press('Enter');
    await page.waitForURL(customerUrl);
    await page.getByRole('heading', { name: 'Sari Wulandari', level: 2 }).waitFor();
    // A page of the back office, under USERS (not a tab of its own).
    const current = page.getByRole('navigation', { name: 'Back office' }).locator('[aria-current="page"]');
    await expect(current.innerText()).resolves.toBe('USERS');
    await expect(box.inputValue()).resolves.toBe('');
  });

  step('an address nobody has says so', async () => {
    const { page } = admin;
    const box = page.getByRole('combobox', { name: 'Find a customer' });
    await box.fill('nobody-at-all-7731@nowhere.example');
    await page.getByText('No customer matches “nobody-at-all-7731@nowhere.example”.').waitFor();
    await box.press('Escape');
    await box.fill('');
  });

  step('the page shows the profile, the licences with the booth, and pages them', async () => {
    const { page } = admin;
    await page.getByText(customer.email, { exact: true }).first().waitFor();
    await page.getByText('Email verified').waitFor();
    await page.getByText('Total spent').waitFor();
    const tab = page.getByRole('tab', { name: /Licenses/ });
    await expect(tab.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(tab.innerText()).resolves.toContain(String(LICENSES_BOUGHT));
    const cards = page.getByRole('list', { name: 'Licenses' }).getByRole('listitem');
    await expect.poll(() => cards.count(), POLL).toBe(10);
    const activated = cards.filter({ hasText: BOOTH.device_name });
    await activated.waitFor();
    await expect(activated.innerText()).resolves.toContain(BOOTH.app_version);
    await expect(activated.innerText()).resolves.toMatch(/just now|second|minute/);
    await page.getByRole('navigation', { name: 'Licenses pages' }).getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => cards.count(), POLL).toBe(LICENSES_BOUGHT - 10);
    expect(page.url()).toContain('page=2');
    await screenshot(page, 'admin-customer-licenses-1440');
    expect(await seriousViolations(page)).toEqual([]);
  });

  step('the order is listed with what it bought', async () => {
    const { page } = admin;
    await page.getByRole('tab', { name: /Orders/ }).click();
    // Newest first: the one-licence order, then the eleven.
    const rows = page.locator('table tbody tr');
    await rows.nth(1).getByText(`Monthly License × ${FIRST_ORDER}`).waitFor();
    await expect(rows.count()).resolves.toBe(2);
    await expect(rows.first().innerText()).resolves.toContain('Monthly License × 1');
    await expect(rows.first().innerText()).resolves.toContain('Paid');
  });

  step('the timeline is newest first and pages on the server', async () => {
    const { page } = admin;
    // The keyboard reaches it: arrows move along the tabs.
    await page.getByRole('tab', { name: /Orders/ }).focus();
    await page.keyboard.press('End');
    const tab = page.getByRole('tab', { name: 'Timeline' });
    await expect.poll(() => tab.getAttribute('aria-selected'), POLL).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), POLL).toBe('Timeline');
    await page.getByRole('list', { name: 'Timeline, newest first' }).waitFor();
    const first = await timelineMoments(page);
    expect(first.length).toBe(20);
    expect([...first].sort((a, b) => b - a)).toEqual(first);
    await page.getByRole('navigation', { name: 'Timeline pages' }).getByRole('button', { name: 'Next page' }).click();
    await expect.poll(async () => (await timelineMoments(page))[0]! <= first.at(-1)!, POLL).toBe(true);
    const second = await timelineMoments(page);
    expect([...second].sort((a, b) => b - a)).toEqual(second);
    // The oldest event, the sign-up, closes the last page.
    const entries = page.getByRole('list', { name: 'Timeline, newest first' }).getByRole('listitem');
    await expect(entries.last().innerText()).resolves.toMatch(/sign/i);
    await screenshot(page, 'admin-customer-timeline-1440');
    expect(await seriousViolations(page)).toEqual([]);
  });

  step('the booth’s licence is suspended and reinstated from its card; the timeline tells it first', async () => {
    const { page } = admin;
    await page.getByRole('tab', { name: /Licenses/ }).click();
    const card = page.getByRole('list', { name: 'Licenses' }).getByRole('listitem').filter({ hasText: BOOTH.device_name });
    await card.getByRole('button', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend license' });
    await dialog.getByLabel('Reason (the customer reads it)').fill('Payment disputed with the bank');
    await transitionsSettled(page);
    await screenshot(page, 'admin-customer-suspend-1440');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText(MSG.licenseStatusSuspended, { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Reinstate' }).click();
    const again = page.getByRole('dialog', { name: 'Reinstate license' });
    await again.getByRole('button', { name: 'Reinstate', exact: true }).click();
    await again.waitFor({ state: 'hidden' });
    await card.getByText(MSG.licenseStatusActive, { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Timeline' }).click();
    const entries = page.getByRole('list', { name: 'Timeline, newest first' }).getByRole('listitem');
    await expect.poll(() => entries.first().innerText(), POLL).toMatch(/reinstated a license/i);
    await expect(entries.nth(1).innerText()).resolves.toMatch(/suspended a license/i);
  });

  step('a row in USERS opens the customer, from the keyboard', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await page.waitForURL('**/accounts/overview/users');
    await page.getByLabel('Search users').fill(customer.email);
    await page.getByRole('status').filter({ hasText: '1 customer matching' }).waitFor();
    const link = page.locator('table').getByRole('link', { name: customer.email });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(customerUrl);
    await page.getByRole('heading', { name: 'Sari Wulandari', level: 2 }).waitFor();
  });

  step('at 375 px the search fits, a USERS card opens the customer, and the page reads without sideways scrolling', async () => {
    const phone = await newPage('mobile');
    try {
      const { page } = phone;
      await loginInBrowser(page, adminCredentials().email, adminCredentials().password);
      await page.goto('/accounts/overview/users');
      const box = page.getByRole('combobox', { name: 'Find a customer' });
      // Measured once shown: boundingBox answers null for a box not laid out yet.
      await box.waitFor();
      await page.getByLabel('Search users').waitFor();
      const boxSize = await box.boundingBox();
      expect(boxSize && boxSize.x >= 0 && boxSize.x + boxSize.width <= 375).toBe(true);
      await page.getByLabel('Search users').fill(customer.email);
      await page.getByRole('status').filter({ hasText: '1 customer matching' }).waitFor();
      await page.getByRole('list', { name: 'Users' }).getByRole('link', { name: customer.email }).click();
      await page.waitForURL(customerUrl);
      await page.getByRole('list', { name: 'Licenses' }).getByText(BOOTH.device_name).waitFor();
      await transitionsSettled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, 'admin-customer-375');
      expect(await seriousViolations(page)).toEqual([]);
      await box.fill(customer.email.slice(0, 12));
      await page.getByRole('listbox', { name: 'Matching customers' }).getByRole('option').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, 'admin-customer-search-375');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
