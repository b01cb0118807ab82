import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { addToCart, emptyCart, paymentProducts } from '@lbs/domain/cart';
import { formatUsd } from '@lbs/domain/money';
import type { TReportRenewals } from '@lbs/domain/report-responses';
import { renewalConsentWords } from '@lbs/domain/renewals';
import { VIEWPORTS, adminCredentials, baseUrl, closeBrowser, newPage, screenshot, setSpecBaseUrl, transitionsSettled } from '../support/browser';
import { createVerifiedUser, loginInBrowser, signInThroughApi } from '../support/auth';
import { journeySteps } from '../support/journey';
import { seriousViolations } from '../support/axe';
import { startProductServer, type ProductServer } from '../support/product-server';

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

// ---------------------------------------------------------------------------------------------
// The owner's view of renewals (issue 39): a licence in grace found from LICENSES and its renewal
// turned off, and REPORT's renewal figures as the server counts them. A renewal comes due only a
// month after the purchase, so this part moves the server's clock (POST /api/dev/clock); on the
// run's shared server that would move time under the journeys beside it, so it starts its own
// (as license-auto-renewal.e2e.ts does), after the shared-server part above has finished.

const DAY = 24 * 60 * 60 * 1000;
const MONTHLY = 11;
/** Stripe's test cards (packages/domain/src/test-cards.ts): always succeeds; saves, then declines later. */
const CARD_THAT_SUCCEEDS = '4242424242424242';
const CARD_DECLINED_LATER = '4000000000000341';

/** Moves the server's clock to now + offset; the server runs its renewal job and delivers what it queued before answering. */
async function setServerClock(offsetMs: number): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ offset_ms: offsetMs }) });
  if (!res.ok) throw new Error(`the dev clock answered ${res.status}: ${await res.text()}`);
}

/** The customer buys one Monthly licence through the API with "Renew automatically" ticked, paying with `card` (saved for renewals). */
async function buyRenewingMonthly(customer: { email: string; password: string }, card: string): Promise<void> {
  const headers = await signInThroughApi(customer.email, customer.password);
  const cart = addToCart(emptyCart(), MONTHLY, 1);
  const words = renewalConsentWords([{ planName: 'Monthly License', type: 'month', unitPriceCents: 15000, quantity: 1 }], 'en');
  const res = await fetch(`${baseUrl()}/api/subscriptions/create-checkout-session/one-payment`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email: customer.email,
      shipping_fee: 0,
      discount: 0,
      products: paymentProducts(cart.items),
      total_amount: cart.totalCartPrice,
      billing_country: 'SG',
      renew_automatically: { words, language: 'en' },
    }),
  });
  if (!res.ok) throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
  const session = /\/dev\/pay\/(lps_[\w-]+)$/.exec(((await res.json()) as { url: string }).url)![1]!;
  const pay = await fetch(`${baseUrl()}/dev/pay/${session}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: card }).toString(),
    redirect: 'manual',
  });
  if (pay.status !== 303) throw new Error(`pay answered ${pay.status}: ${await pay.text()}`);
}

describe('back office: the owner’s view of renewals', () => {
  const step = journeySteps();
  let server: ProductServer | undefined;
  let admin: { context: BrowserContext; page: Page } | undefined;
  let inGrace = '';
  let payingId = 0;

  beforeAll(async () => {
    server = await startProductServer();
    setSpecBaseUrl(server.baseUrl);
    const declining = await createVerifiedUser();
    const paying = await createVerifiedUser();
    inGrace = declining.email;
    await buyRenewingMonthly(declining, CARD_DECLINED_LATER);
    await buyRenewingMonthly(paying, CARD_THAT_SUCCEEDS);
    payingId = (await fetch(`${baseUrl()}/api/users/me`, { headers: await signInThroughApi(paying.email, paying.password) }).then((r) => r.json() as Promise<{ id: number }>)).id;
    // 28 days on, the job prepares both renewals and charges them: one is paid, one declined; 31
    // days on, the declined one's term has ended unpaid: it is in grace, retried, still declined.
    await setServerClock(28 * DAY);
    await setServerClock(31 * DAY);
    admin = await newPage('desktop');
    await loginInBrowser(admin.page, adminCredentials().email, adminCredentials().password);
  }, 240_000);
  afterAll(async () => {
    await admin?.context.close();
    await server?.stop();
    setSpecBaseUrl(undefined);
  });

  step('the owner finds the licence in grace from LICENSES and turns its renewal off after a confirmation (1440; the dialog at 375)', async () => {
    const { page } = admin!;
    await page.goto('/accounts/overview/licenses');
    await page.getByLabel('Renewal').selectOption('in_grace');
    await page.getByRole('status').filter({ hasText: '1 license' }).waitFor();
    const row = tableRows(page).first();
    await row.getByText(inGrace).waitFor();
    await row.getByText(/^Payment due since /).waitFor();
    await row.getByText(/^Grace until /).waitFor();
    await row.getByText(/Visa ···· 0341/).waitFor();
    await screenshot(page, 'admin-licenses-in-grace-1440');
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: /^Turn off renewal of license/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off renewal' });
    await dialog.getByText(inGrace).waitFor();
    await dialog.getByText(/the license ends now/).waitFor();
    await screenshot(page, 'admin-licenses-turn-off-renewal-1440');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.mobile);
    await transitionsSettled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'admin-licenses-turn-off-renewal-375');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel(/Reason/).fill('e2e: asked by phone');
    await dialog.getByRole('button', { name: 'Turn off renewal', exact: true }).click();
    await page.getByText('Automatic renewal turned off').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // It is no longer in grace: its unpaid renewal was given up and the licence has ended.
    await page.getByText('No licenses found.').first().waitFor();
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  step('the customer page shows a renewing licence: renews on its new end, the card, Turn off renewal', async () => {
    const { page } = admin!;
    await page.goto(`/accounts/overview/customers/${payingId}`);
    const licence = page.getByRole('list', { name: 'Licenses' }).getByRole('listitem').first();
    await licence.getByTestId('renewal-state').getByText(/Renews on/).waitFor();
    await licence.getByText(/Visa ···· 4242/).waitFor();
    await licence.getByRole('button', { name: 'Turn off renewal' }).waitFor();
    await transitionsSettled(page);
    await screenshot(page, 'admin-customer-renewal-1440');
    expect(await seriousViolations(page)).toEqual([]);
  });

  step('REPORT: the Recurring renewals card shows the server’s renewal figures (the paid automatic renewal among them)', async () => {
    const { page } = admin!;
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/report/renewals') && r.request().method() === 'GET').then((r) => r.json() as Promise<TReportRenewals>),
      page.goto('/accounts/overview/report'),
    ]);
    // The card is checked against SQL by business day on the server (reports/report-renewals.test.ts).
    expect(answer.automatic.count).toBe(1);
    expect(answer.automatic.income).toBe(150);
    expect(answer.failed).toBe(0);
    const figures = page.getByTestId('renewal-figures');
    await figures.waitFor();
    const figure = (name: string) => figures.locator(`[data-figure="${name}"]`).innerText();
    expect(await figure('automatic')).toBe(String(answer.automatic.count));
    expect(await figure('manual')).toBe(String(answer.manual.count));
    expect(await figure('failed')).toBe(String(answer.failed));
    expect(await figure('recovered')).toBe(String(answer.recovered.count));
    expect(await figure('upcoming')).toBe(formatUsd(answer.upcoming.income));
    await figures.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-report-renewals-1440');
    expect(await seriousViolations(page, { include: 'main' })).toEqual([]);
    await page.setViewportSize(VIEWPORTS.mobile);
    await figures.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'admin-report-renewals-375');
  });
});
