import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBrowser, newPage, VIEWPORTS } from '../support/browser';
import { createVerifiedUser } from '../support/auth';
import { loginInBrowser } from '../support/login';
import { seriousViolations } from '../support/axe';
import { watchRequests } from '../support/network-quiet';
import { buyThroughCheckout } from '../support/shop';

afterAll(closeBrowser);

/**
 * Every page a customer can reach, at 375 and 1440 px: axe-core finds no serious or critical
 * violation, and each has a title of its own (issue 13). The admin's back office has its own
 * journeys with axe in them.
 */
const VISITOR_PAGES = [
  '/',
  '/how-it-works',
  '/case-study',
  '/pricing',
  '/accessories',
  '/contact-us',
  '/terms',
  '/privacy',
  '/eula',
  '/404',
  '/signup',
  '/login',
  '/signin',
  '/forgot-password',
  '/verify-sent?email=someone%40outlook.com',
  '/verify-sent',
  '/verify-email/not-a-real-token',
  '/new-password/not-a-real-token',
];
const CUSTOMER_PAGES = [
  '/accounts/overview',
  '/accounts/resources',
  '/accounts/plans',
  '/accounts/products',
  '/accounts/settings/user-management',
  '/accounts/settings/notifications',
  '/accounts/settings/order',
  '/accounts/settings/invoice',
  '/shipping',
];

/** The page as a visitor sees it once it has settled: the app has taken over and the main content is there. */
async function settled(page: Page, requests: ReturnType<typeof watchRequests>): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('boot-shield') && !document.getElementById('root')?.hasAttribute('data-prerendered'));
  await page.locator('h1:visible, h2:visible').first().waitFor();
  // The CAPTCHA widget renders late on the auth screens; scan it too.
  if (await page.locator('[aria-label="CAPTCHA"]').count()) await page.locator('altcha-widget').getByLabel("I'm not a robot").waitFor();
  // Data-driven parts (prices, lists) answer from the API; wait for their requests to end.
  await requests.quiet();
}

/**
 * Scans `path` at both widths with one load: at the width it was loaded at, then again after the
 * window is resized to the other (the layouts follow the width, not the load). Which width loads
 * first alternates from page to page, so each width is scanned fresh on half of them and after a
 * resize on the other half, for half the page loads of a run per width. `here`: the page is
 * already on `path`.
 */
async function scan(
  page: Page,
  requests: ReturnType<typeof watchRequests>,
  path: string,
  titles: Map<string, string>,
  opts: { here?: boolean } = {},
): Promise<string[]> {
  const widths = titles.size % 2 === 0 ? (['mobile', 'desktop'] as const) : (['desktop', 'mobile'] as const);
  const problems: string[] = [];
  for (const [i, width] of widths.entries()) {
    await page.setViewportSize(VIEWPORTS[width]);
    if (i === 0 && !opts.here) await page.goto(path);
    await settled(page, requests);
    const title = await page.title();
    expect(title, `${path} has no title`).toMatch(/LentiBooth/);
    titles.set(path, title);
    problems.push(...(await seriousViolations(page)).map((v) => `${width}: ${path}: ${v}`));
  }
  return problems;
}

describe('every customer page', () => {
  it('has no serious accessibility problem at 375 or 1440 px, and a title of its own', async () => {
    const { context, page } = await newPage('mobile');
    const requests = watchRequests(page);
    const titles = new Map<string, string>();
    const problems: string[] = [];
    for (const path of VISITOR_PAGES) problems.push(...(await scan(page, requests, path, titles)));

    const { email, password } = await createVerifiedUser();
    await loginInBrowser(page, email, password);
    // A Daily licence bought through the real checkout: the success page after a payment, and
    // Resources (licence holders only) to see.
    await buyThroughCheckout(page, [{ product_id: 10, quantity: 1 }]);
    problems.push(...(await scan(page, requests, '/checkout/success', titles, { here: true })));
    // Something in the cart, so the checkout page shows its form rather than an empty cart.
    await page.evaluate(() => localStorage.setItem('cart_items', JSON.stringify([{ product_id: 11, quantity: 1 }])));
    for (const path of CUSTOMER_PAGES) problems.push(...(await scan(page, requests, path, titles)));

    expect(problems).toEqual([]);
    // Distinct screens, distinct titles (the two verify-sent views are one screen).
    const byTitle = new Map<string, string[]>();
    for (const [p, t] of titles) if (!p.startsWith('/verify-sent?')) byTitle.set(t, [...(byTitle.get(t) ?? []), p]);
    expect([...byTitle].filter(([, ps]) => ps.length > 1)).toEqual([]);
    await context.close();
  }, 300_000);
});
