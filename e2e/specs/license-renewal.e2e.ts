import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, screenshot, transitionsSettled } from '../support/browser';
import { createVerifiedUser, loginInBrowser } from '../support/auth';
import { waitForMail } from '../support/mailbox';
import { currentLicenses, payForTheCart } from '../support/shop';
import { seriousViolations } from '../support/axe';

afterAll(closeBrowser);

const DAY = 24 * 60 * 60 * 1000;
const MONTHLY = 11;

/** The same date as the overview shows it ('5 Mar 2025', the browser's zone). */
const shown = (page: Page, iso: string) =>
  page.evaluate((d) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(d)), iso);

describe('licence renewal', () => {
  it.each(['desktop', 'mobile'] as const)('a monthly licence renewed from the overview keeps its key and ends 30 days later (%s)', async (viewport) => {
    const width = viewport === 'desktop' ? 1440 : 375;
    const { email, password } = await createVerifiedUser();
    const { context, page } = await newPage(viewport);
    try {
      await loginInBrowser(page, email, password);

      // Buy a monthly licence through the real checkout.
      await page.goto('/accounts/plans');
      await page.evaluate((id) => localStorage.setItem('cart_items', JSON.stringify([{ product_id: id, quantity: 1 }])), MONTHLY);
      await page.goto('/shipping');
      await payForTheCart(page);
      const [bought] = await currentLicenses(page);
      expect(bought).toBeDefined();
      const keyStart = bought!.license_key.slice(0, 10);

      // The overview lists it with a Renew action.
      await page.goto('/accounts/overview');
      await page.getByRole('heading', { name: 'Get Started with LentiBooth' }).waitFor();
      const renew = page.getByRole('button', { name: `Renew license ${keyStart}…` }).locator('visible=true');
      await renew.waitFor();
      await transitionsSettled(page);
      await screenshot(page, `license-renewal-overview-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await renew.click();

      // The cart holds the plan, marked as a renewal of that key.
      await page.waitForURL('**/shipping');
      const line = page.getByTestId(`cart-line-renewal-${bought!._id}`);
      await line.waitFor();
      await expect(line.innerText()).resolves.toContain('Monthly License');
      await expect(line.innerText()).resolves.toContain(`Renewal of ${keyStart}…`);
      await expect(page.getByTestId('order-total').innerText()).resolves.toBe('$150.00');
      await screenshot(page, `license-renewal-cart-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      await payForTheCart(page);

      // The same key, 30 days later; no second key.
      const after = await currentLicenses(page);
      expect(after).toHaveLength(1);
      expect(after[0]!._id).toBe(bought!._id);
      expect(after[0]!.license_key).toBe(bought!.license_key);
      expect(Date.parse(after[0]!.expire_date) - Date.parse(bought!.expire_date)).toBe(30 * DAY);

      await page.goto('/accounts/overview');
      const endDate = await shown(page, after[0]!.expire_date);
      await page.getByText(endDate).locator('visible=true').first().waitFor();
      await expect(page.getByText(await shown(page, bought!.expire_date)).locator('visible=true').count()).resolves.toBe(0);

      // Newest first: the renewal's receipt, once it is delivered.
      await expect.poll(async () => (await waitForMail(email, /receipt/i)).text, { timeout: 15_000 }).toContain('Renewed until');
      expect((await waitForMail(email, /receipt/i)).text).toContain(`Monthly License key (renewed): ${bought!.license_key}`);
    } finally {
      await context.close();
    }
  });
});
