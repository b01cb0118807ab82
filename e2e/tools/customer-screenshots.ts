/**
 * `npm run screenshots:customer`: seeds a demo shop, starts the built product on it and saves every
 * page a visitor and a customer (a demo customer with orders and licences) can reach, at 375 and
 * 1440 px, to e2e/screenshots/customer/. For looking at; the journeys assert.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import { loginInBrowser } from '../support/login';
import { startProductServer } from '../support/product-server';

const OUT = path.resolve(import.meta.dirname, '../screenshots/customer');
const VIEWPORTS = { 1440: { width: 1440, height: 900 }, 375: { width: 375, height: 812 } } as const;
const DEMO_ADMIN = { email: 'admin@demo.example.com', password: 'Demo-Booth-2025!' };
const VISITOR = ['/', '/how-it-works', '/case-study', '/pricing', '/accessories', '/contact-us', '/terms', '/signup', '/login', '/forgot-password', '/verify-sent', '/404'];
const CUSTOMER = ['/accounts/overview', '/accounts/resources', '/accounts/plans', '/accounts/products', '/accounts/settings/notifications', '/accounts/settings/invoice', '/accounts/settings/order', '/accounts/settings/user-management', '/shipping', '/checkout/success'];

const server = await startProductServer({}, { seedDemo: ['--users', '50', '--orders', '200', '--events', '2000', '--days', '60'] });
const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium: set CHROME_PATH or install Debian chromium');
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });

async function shoot(page: Page, p: string, width: string) {
  await page.goto(p);
  await page.waitForFunction(() => !document.getElementById('boot-shield'));
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  await page.waitForTimeout(300);
  const name = (p === '/' ? 'home' : p.slice(1).replace(/[/?=%]+/g, '-')) + `-${width}.png`;
  await page.screenshot({ path: path.join(OUT, name), fullPage: true });
  console.log(path.join(OUT, name));
}

try {
  fs.mkdirSync(OUT, { recursive: true });
  // A demo customer with a licence, found through the admin API as the back office would.
  const admin = await (await browser.newContext({ baseURL: server.baseUrl })).newPage();
  await loginInBrowser(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const customerEmail = await admin.evaluate(async () => {
    const res = await fetch('/api/subscriptions/licenses/admin/all?status=active&page=1&page_size=1', { headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` } });
    return ((await res.json()) as { items: { email: string }[] }).items[0]!.email;
  });
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    for (const p of VISITOR) await shoot(page, p, width);
    await loginInBrowser(page, customerEmail, DEMO_ADMIN.password);
    await page.evaluate(() => localStorage.setItem('cart_items', JSON.stringify([{ product_id: 2, quantity: 1 }, { product_id: 11, quantity: 1 }])));
    for (const p of CUSTOMER) await shoot(page, p, width);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
