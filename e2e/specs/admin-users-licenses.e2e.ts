import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { adminCredentials, closeBrowser, newPage, screenshot } from '../support/browser';
import { createVerifiedUser, loginInBrowser } from '../support/auth';
import { journeySteps } from '../support/journey';
import { seriousViolations } from '../support/axe';

afterAll(closeBrowser);

/** The licence table's rows at 1440 px (the cards below 768 px are hidden there). */
const tableRows = (page: Page) => page.locator('table tbody tr');

describe('back office: licences and users', () => {
  const step = journeySteps();
  let admin: { context: BrowserContext; page: Page };
  let customer: { context: BrowserContext; page: Page; email: string };
  let shownKey = '';

  beforeAll(async () => {
    const { email, password } = await createVerifiedUser();
    const c = await newPage('desktop');
    await loginInBrowser(c.page, email, password);
    customer = { ...c, email };
    admin = await newPage('desktop');
    await admin.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginInBrowser(admin.page, adminCredentials().email, adminCredentials().password);
  });
  afterAll(async () => {
    await admin?.context.close();
    await customer?.context.close();
  });

  step('the customer starts with no current licence', async () => {
    await customer.page.goto('/accounts/overview');
    await customer.page.getByText('You have no active subscription yet.').waitFor();
  });

  step('the generate dialog wants an email picked from the suggestions', async () => {
    const { page } = admin;
    await page.goto('/accounts/overview/licenses');
    await page.getByRole('heading', { name: 'Licenses', level: 2 }).waitFor();
    // Other journeys issue licences on this server too: watch this customer's only.
    await page.getByLabel('Search licenses').fill(customer.email);
    await page.getByText('No licenses found.').waitFor();
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate License' });
    await expect(dialog.getByLabel('Duration').inputValue()).resolves.toBe('day');
    await dialog.getByRole('combobox', { name: 'Customer email' }).fill(customer.email);
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByText('Select one email').first().waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  step('the admin generates a monthly licence for the customer, picked with the keyboard', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate License' });
    const box = dialog.getByRole('combobox', { name: 'Customer email' });
    // Reset on open: nothing of the cancelled attempt is left.
    await expect(box.inputValue()).resolves.toBe('');
    // The part before the @ is unique to this customer, so it has one suggestion.
    await box.pressSequentially(customer.email.split('@')[0]!, { delay: 10 });
    const option = dialog.getByRole('option', { name: customer.email });
    await option.waitFor();
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('true');
    // Escape closes the list, not the dialog.
    await box.press('Escape');
    await option.waitFor({ state: 'hidden' });
    await dialog.waitFor({ state: 'visible' });
    await box.press('ArrowDown');
    await option.waitFor();
    await expect(option.getAttribute('aria-selected')).resolves.toBe('true');
    await box.press('Enter');
    await expect(box.inputValue()).resolves.toBe(customer.email);
    await dialog.getByLabel('Duration').selectOption('month');
    await screenshot(page, 'admin-licenses-generate-1440');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByText('License generated successfully').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });

  step('the list shows the new licence without a reload', async () => {
    const { page } = admin;
    await page.getByRole('status').filter({ hasText: '1 license matching' }).waitFor();
    await expect(tableRows(page).count()).resolves.toBe(1);
    const row = tableRows(page).first();
    await row.getByText('Monthly', { exact: true }).waitFor({ state: 'visible' });
    await row.getByText('Active', { exact: true }).waitFor({ state: 'visible' });
    await row.getByText('Unknown Device').waitFor({ state: 'visible' });
    shownKey = await row.locator('code').innerText();
    expect(shownKey).toMatch(/^[0-9A-Z-]{10}…$/);
    await row.getByRole('button', { name: 'Copy license key' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.startsWith(shownKey.slice(0, 10))).toBe(true);
    await screenshot(page, 'admin-licenses-1440');
    expect(await seriousViolations(page)).toEqual([]);
  });

  step('the customer sees it in their overview, Current', async () => {
    const { page } = customer;
    await page.goto('/accounts/overview');
    const row = tableRows(page).first();
    await row.getByText('Active').waitFor();
    await expect(row.locator('code').innerText()).resolves.toBe(shownKey);
    await row.getByText('30 Days').waitFor({ state: 'visible' });
  });

  step('the admin revokes it after confirming; Revoke is then disabled', async () => {
    const { page } = admin;
    const row = tableRows(page).first();
    await row.getByRole('button', { name: /^Revoke license/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke License' });
    await dialog.getByText(customer.email).waitFor();
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.getByText('Revoke successful').first().waitFor();
    await row.getByText('Revoked', { exact: true }).waitFor();
    await expect(row.getByRole('button', { name: /^Revoke license/ }).isDisabled()).resolves.toBe(true);
    await page.getByLabel('Status').selectOption('revoked');
    await expect(tableRows(page).count()).resolves.toBe(1);
    await page.getByLabel('Status').selectOption('active');
    await page.getByText('No licenses found.').waitFor();
  });

  step('the customer finds it under Past, no longer Current', async () => {
    const { page } = customer;
    await page.reload();
    await page.getByText('You have no active subscription yet.').waitFor();
    await page.getByRole('tab', { name: 'Past' }).click();
    const row = tableRows(page).first();
    // Past reads Expired (spec), except a key taken back, which says so (issue 23: refunds revoke keys).
    await row.getByText('Revoked', { exact: true }).waitFor();
    await expect(row.locator('code').innerText()).resolves.toBe(shownKey);
  });

  step('the admin finds the customer in Users with one licence and exports them as CSV', async () => {
    const { page } = admin;
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'USERS' }).click();
    await page.waitForURL('**/accounts/overview/users');
    await page.getByLabel('Search users').fill(customer.email);
    await page.getByRole('status').filter({ hasText: '1 customer matching' }).waitFor();
    const row = tableRows(page).first();
    await row.getByText(customer.email).waitFor();
    const cells = await row.locator('td').allInnerTexts();
    expect(cells.at(-2)).toBe('Yes');
    expect(cells.at(-1)).toBe('1');
    await screenshot(page, 'admin-users-1440');
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    // The name says the search it was made with (issue 21), and the day.
    expect(download.suggestedFilename()).toMatch(/^users-search-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    // A byte-order mark first, so Excel reads the file as UTF-8.
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = csv.slice(1).trim().split('\r\n');
    // created_at as Excel reads a date and time, in the zone the header names (issue 37).
    expect(header).toMatch(/^id,first_name,last_name,email,role,created_at \([^)]+\),is_email_verified,license_count$/);
    expect(lines[0]).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},true,1$/);
    // The export follows the search: this customer only.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`,${customer.email},user,`);
    expect(lines[0]!.endsWith(',true,1')).toBe(true);
  });

  step('both screens work at 375 px, as cards', async () => {
    const { page } = admin;
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('list', { name: 'Users' }).getByText(customer.email).waitFor();
    await screenshot(page, 'admin-users-375');
    await page.goto('/accounts/overview/licenses');
    const cards = page.getByRole('list', { name: 'Licenses' });
    await cards.getByRole('listitem').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'admin-licenses-375');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate License' });
    await dialog.getByLabel('Duration').selectOption('custom');
    await dialog.getByLabel('Start date').waitFor();
    await screenshot(page, 'admin-licenses-generate-375');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
