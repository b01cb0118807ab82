import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, screenshot, transitionsSettled } from '../support/browser';
import { createVerifiedUser, loginInBrowser } from '../support/auth';
import { waitForMail } from '../support/mailbox';
import { accountTimeZone, currentLicenses, payForTheCart } from '../support/shop';
import { seriousViolations } from '../support/axe';
import { formatDate, setDisplayTimeZone } from '../../apps/web/src/lib/format-date';

afterAll(closeBrowser);

const DAY = 24 * 60 * 60 * 1000;
const MONTHLY = 11;


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

      // The overview shows dates as the web app formats them, in the account's zone (not the browser's).
      setDisplayTimeZone(await accountTimeZone(page));
      await page.goto('/accounts/overview');
      await page.getByText(formatDate(after[0]!.expire_date)).locator('visible=true').first().waitFor();
      await expect(page.getByText(formatDate(bought!.expire_date)).locator('visible=true').count()).resolves.toBe(0);

      // Newest first: the renewal's receipt, once it is delivered.
      await expect.poll(async () => (await waitForMail(email, /receipt/i)).text, { timeout: 15_000 }).toContain('Renewed until');
      expect((await waitForMail(email, /receipt/i)).text).toContain(`Monthly License key (renewed): ${bought!.license_key}`);
    } finally {
      await context.close();
    }
  });
});
