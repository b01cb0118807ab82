import { afterAll, describe, expect, it } from 'vitest';
import { adminCredentials, closeBrowser, newPage } from '../support/browser';
import { createVerifiedUser, loginInBrowser } from '../support/auth';

afterAll(closeBrowser);

const SECTIONS = ['REPORT', 'ANALYTICS', 'USERS', 'LICENSES', 'INVOICES', 'ORDERS', 'COUPONS', 'NOTIFICATIONS', 'ANNOUNCEMENTS', 'ACTIVITY'];

describe('back office shell', () => {
  it('an admin gets the back office: the root opens Report, the tab follows the path', async () => {
    const { email, password } = adminCredentials();
    const { page, context } = await newPage('desktop');
    await loginInBrowser(page, email, password);
    await page.goto('/accounts/overview');
    await page.waitForURL('**/accounts/overview/report');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    // The address changes before React marks the new tab, so wait for the mark, not the URL.
    const currentTab = (name: string) => nav.locator('a[aria-current="page"]', { hasText: name }).waitFor();
    await currentTab('REPORT');
    await expect(nav.getByRole('link').allInnerTexts()).resolves.toEqual(SECTIONS);

    await nav.getByRole('link', { name: 'USERS' }).click();
    await page.waitForURL('**/accounts/overview/users');
    await currentTab('USERS');
    await expect(nav.getByRole('link', { name: 'REPORT' }).getAttribute('aria-current')).resolves.toBeNull();

    // A section the back office does not have is a 404, not an empty page.
    await page.goto('/accounts/overview/nowhere');
    await page.waitForURL('**/404');
    await context.close();
  });

  it('a customer typing a back-office path lands on their own overview', async () => {
    const { email, password } = await createVerifiedUser();
    const { page, context } = await newPage('desktop');
    await loginInBrowser(page, email, password);
    await page.goto('/accounts/overview/users');
    await page.waitForURL((u) => u.pathname === '/accounts/overview');
    await page.getByRole('heading', { name: 'Get Started with LentiBooth' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Back office' }).count()).resolves.toBe(0);
    await context.close();
  });

  // Each section's own journey scans it with axe-core (admin-report, admin-users-licenses,
  // admin-orders, admin-coupons, admin-notifications), so the shell does not scan them again.
});
