import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '@lbs/domain/messages';
import { adminCredentials, baseUrl, closeBrowser, newPage, screenshot, transitionsSettled } from '../support/browser';
import { createVerifiedUser, loginInBrowser, signInThroughApi } from '../support/auth';
import { accountTimeZone, buyThroughCheckout } from '../support/shop';
import { seriousViolations } from '../support/axe';
import { formatDate, setDisplayTimeZone } from '../../apps/web/src/lib/format-date';

afterAll(closeBrowser);

/*
 * Licence states in the account area and the back office (issue 19): an unused Daily pass (bought
 * through the real checkout) reads "Starts on first activation" and "Activate by <date>"; a key an
 * admin issued to start next month reads "Starts later" with its start date; a key the admin
 * suspended from the customer page's actions (issue 21) reads "Suspended".
 */

interface Issued {
  _id: string;
  license_key: string;
  create_date: string;
  activate_by: string | null;
}

async function generate(admin: Record<string, string>, body: object): Promise<Issued> {
  const res = await fetch(`${baseUrl()}/api/subscriptions/licenses`, { method: 'POST', headers: admin, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`generate answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Issued;
}

/** The back office's suspend action, as the customer page's button calls it. */
async function suspend(admin: Record<string, string>, id: string): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/subscriptions/licenses/admin/${id}/suspend`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ reason: 'Payment disputed with the bank' }),
  });
  if (res.status !== 200) throw new Error(`suspend answered ${res.status}: ${await res.text()}`);
}

const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).locator('visible=true');

describe('licence states on screen', () => {
  it.each(['desktop', 'mobile'] as const)('an unused Daily pass, a key starting later and a suspended one (%s)', async (viewport) => {
    const width = viewport === 'desktop' ? 1440 : 375;
    const { email, password } = await createVerifiedUser();
    const admin = await signInThroughApi(adminCredentials().email, adminCredentials().password);
    const start = new Date(Date.now() + 45 * 24 * 3600 * 1000);
    start.setUTCHours(0, 0, 0, 0);
    const end = new Date(start.getTime() + 60 * 24 * 3600 * 1000);
    const later = await generate(admin, { email, mode: 'custom', start_date: start.toISOString(), end_date: end.toISOString() });
    const suspended = await generate(admin, { email, mode: 'month' });
    await suspend(admin, suspended._id);

    const { context, page } = await newPage(viewport);
    try {
      await loginInBrowser(page, email, password);
      await buyThroughCheckout(page, [{ product_id: 10, quantity: 1 }]);
      setDisplayTimeZone(await accountTimeZone(page));
      const pass = await page.evaluate(async () => {
        const res = await fetch('/api/subscriptions/licenses?mode=CURRENT&page=1', { headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` } });
        return ((await res.json()) as { items: Issued[] }).items.find((l) => l.activate_by !== null)!;
      });
      expect(pass.activate_by).not.toBeNull();

      await page.goto('/accounts/overview');
      await page.getByRole('heading', { name: 'Get Started with LentiBooth' }).waitFor();
      await visible(page, MSG.licenseStartsOnFirstActivation).waitFor();
      await visible(page, MSG.licenseActivateBy(formatDate(pass.activate_by))).waitFor();
      await visible(page, MSG.licenseStatusUnstarted).waitFor();
      await visible(page, MSG.licenseStatusUpcoming).waitFor();
      await visible(page, formatDate(later.create_date)).waitFor();
      await visible(page, MSG.licenseStatusSuspended).waitFor();
      // An unused pass runs a day from its first activation, not a year to its activate-by date.
      await expect(visible(page, '1 Day').count()).resolves.toBeGreaterThan(0);
      await transitionsSettled(page);
      await screenshot(page, `license-states-overview-${width}`);
      // The layout holds: nothing wider than the screen, and the table needs no sideways scroll.
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      if (viewport === 'desktop') {
        const table = page.locator('table').locator('..');
        await expect(table.evaluate((el) => el.scrollWidth - el.clientWidth)).resolves.toBeLessThanOrEqual(0);
      }
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }

    // The back office lists the same states.
    const back = await newPage(viewport);
    try {
      await loginInBrowser(back.page, adminCredentials().email, adminCredentials().password);
      // The admin's own display zone dates the list.
      setDisplayTimeZone(await accountTimeZone(back.page));
      await back.page.goto('/accounts/overview/licenses');
      await back.page.getByRole('heading', { name: 'Licenses', level: 2 }).waitFor();
      await back.page.getByLabel('Search licenses').fill(email);
      // Other runs leave unused passes on this server: wait until only this customer's are listed.
      await expect.poll(() => visible(back.page, MSG.licenseStartsOnFirstActivation).count()).toBe(1);
      await visible(back.page, MSG.licenseStatusUnstarted).waitFor();
      await visible(back.page, MSG.licenseStatusUpcoming).waitFor();
      await visible(back.page, formatDate(later.create_date)).waitFor();
      await visible(back.page, MSG.licenseStatusSuspended).waitFor();
      await transitionsSettled(back.page);
      await screenshot(back.page, `license-states-admin-${width}`);
      // The page is no wider than the screen (the back office's table scrolls in its own region,
      // by design, when long addresses need it).
      await expect(back.page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      expect(await seriousViolations(back.page)).toEqual([]);
    } finally {
      await back.context.close();
    }
  });
});
