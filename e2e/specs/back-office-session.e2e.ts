import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, baseUrl, closeBrowser, newPage } from '../support/browser';
import { createVerifiedUser, loginInBrowser, solveCaptchaWidget } from '../support/auth';
import { buyThroughCheckout } from '../support/shop';
import { seriousViolations } from '../support/axe';

afterAll(closeBrowser);

const ORDERS = '/accounts/overview/orders';
const ordersTable = (page: Page) => page.getByRole('region', { name: 'All orders' }).locator('tbody tr');

beforeAll(async () => {
  // At least one order, so ORDERS has rows to come back to.
  const shopper = await createVerifiedUser();
  const { page, context } = await newPage('desktop');
  await loginInBrowser(page, shopper.email, shopper.password);
  await buyThroughCheckout(page, [{ product_id: 12, quantity: 1 }]);
  await context.close();
});

describe('a session ended elsewhere', () => {
  let admin: { context: BrowserContext; page: Page };
  afterAll(() => admin?.context.close());

  it('sends the admin to sign in on the next load, and back to ORDERS with its rows afterwards', async () => {
    const { email, password } = adminCredentials();
    admin = await newPage('desktop');
    const { page } = admin;
    await loginInBrowser(page, email, password);
    await page.goto(ORDERS);
    await ordersTable(page).first().waitFor();

    // Signed out on another device: the server revokes this very session.
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const out = await fetch(`${baseUrl()}/api/users/signout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBe(204);

    // The next load (a search) is refused: straight to /login, no "Failed to load", no empty list.
    await page.getByLabel('Search orders').fill('no-such-order');
    await page.getByLabel('Search orders').press('Enter');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByText('Your session has ended. Please log in again.').waitFor();
    await expect(page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('user')])).resolves.toEqual([null, null]);

    // Signing in returns to where the session ended.
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await solveCaptchaWidget(page);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((u) => u.pathname === ORDERS);
    await ordersTable(page).first().waitFor();
    await expect(page.getByText('No orders found.').count()).resolves.toBe(0);
  });

  it('a stale session on a public page never sends the visitor to /login', async () => {
    const { page, context } = await newPage('desktop');
    await page.goto('/pricing');
    await page.evaluate(() => {
      localStorage.setItem('access_token', 'revoked-long-ago');
      localStorage.setItem('user', JSON.stringify({ id: 1, email: 'gone@example.com', role: 'user' }));
    });
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await context.close();
  });

  it('a wrong password on /login stays there with its message (a 400, not a sign-in loop)', async () => {
    const { page, context } = await newPage('desktop');
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(adminCredentials().email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-Passw0rd!2025');
    await solveCaptchaWidget(page);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('Invalid email or password.').waitFor();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.getByText('Your session has ended. Please log in again.').count()).resolves.toBe(0);
    await context.close();
  });
});

describe('a failed list load', () => {
  it('shows the error and a retry on ORDERS, never "No orders found.", and the retry loads the rows', async () => {
    const { email, password } = adminCredentials();
    const { page, context } = await newPage('mobile');
    await loginInBrowser(page, email, password);
    let failing = true;
    await page.route('**/api/order/admin/all**', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Internal Server Error' }) }) : route.continue(),
    );
    await page.goto(ORDERS);
    const main = page.locator('main');
    await main.getByRole('alert').filter({ hasText: 'Error fetching data' }).waitFor();
    await expect(page.getByText('No orders found.').count()).resolves.toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    failing = false;
    await main.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('list', { name: 'All orders' }).locator('li').first().waitFor();
    await expect(main.getByRole('alert').filter({ hasText: 'Error fetching data' }).count()).resolves.toBe(0);
    await context.close();
  });
});
