/**
 * `npm run screenshots:back-office`: seeds a demo shop into a fresh database (PGlite, or a new
 * PostgreSQL database when DATABASE_URL is set), starts the built product on it, signs in as the
 * demo admin and saves every back-office section at 1440 and 375 px to
 * e2e/screenshots/back-office/, then a customer's page (licences and timeline) and the header's
 * customer search with its suggestions (`customer` as an argument: those only). For looking at,
 * not for asserting (the journeys assert).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import { loginInBrowser } from '../support/login';
import { startProductServer } from '../support/product-server';

const OUT = path.resolve(import.meta.dirname, '../screenshots/back-office');
const SECTIONS = ['report', 'analytics', 'users', 'licenses', 'invoices', 'orders', 'coupons', 'notifications', 'activity'];
const VIEWPORTS = { 1440: { width: 1440, height: 900 }, 375: { width: 375, height: 812 } } as const;
// The seeder's demo admin (apps/server/src/cli/seed-demo.ts).
const DEMO_ADMIN = { email: 'admin@demo.example.com', password: 'Demo-Booth-2025!' };

const args = process.argv.slice(2);
const only = args.filter((a) => SECTIONS.includes(a));
const withCustomer = args.length === 0 || args.includes('customer');

const settle = async (page: Page) => {
  await page.waitForFunction(() => !document.body.innerText.includes('Loading...'), undefined, { timeout: 20_000 }).catch(() => {});
  await page.waitForTimeout(300);
};

/** A customer's page, opened from USERS (the newest customer with an order), its timeline, and the header search. */
async function customerScreens(page: Page, width: string): Promise<void> {
  const saved = async (name: string) => {
    const file = path.join(OUT, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  };
  await page.goto('/accounts/overview/orders');
  await settle(page);
  // The first order's buyer: a customer with something to show.
  const email = (await page.locator(width === '375' ? 'ul[aria-label="All orders"] li' : 'table tbody tr').first().innerText()).match(/\S+@\S+/)?.[0] ?? '';
  await page.goto('/accounts/overview/users');
  await page.getByLabel('Search users').fill(email);
  await page.getByRole('link', { name: email }).first().click();
  await page.waitForURL('**/accounts/overview/customers/**');
  await settle(page);
  await saved('customer');
  await page.getByRole('tab', { name: /Timeline/ }).click();
  await settle(page);
  await saved('customer-timeline');
  const box = page.getByRole('combobox', { name: 'Find a customer' });
  await box.fill(email.slice(0, 3));
  await page.getByRole('listbox', { name: 'Matching customers' }).getByRole('option').first().waitFor().catch(() => {});
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(OUT, `search-${width}.png`) });
  console.log(path.join(OUT, `search-${width}.png`));
}
const server = await startProductServer({}, { seedDemo: ['--users', '300', '--orders', '400', '--events', '20000', '--days', '90'] });
const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium: set CHROME_PATH or install Debian chromium');
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
try {
  fs.mkdirSync(OUT, { recursive: true });
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await loginInBrowser(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    for (const section of args.length ? only : SECTIONS) {
      await page.goto(`/accounts/overview/${section}`);
      await page.getByRole('navigation', { name: 'Back office' }).waitFor();
      await page.waitForFunction(() => !document.querySelector('[role="status"]'), undefined, { timeout: 20_000 }).catch(() => {});
      await page.waitForTimeout(600); // charts animate in; this is a picture, not a test
      const file = path.join(OUT, `${section}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    if (withCustomer) await customerScreens(page, width);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
