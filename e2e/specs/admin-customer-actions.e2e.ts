import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '@lbs/domain/messages';
import { adminCredentials, baseUrl, closeBrowser, newPage, screenshot, transitionsSettled } from '../support/browser';
import { createVerifiedUser, loginInBrowser, signInThroughApi } from '../support/auth';
import { waitForMail } from '../support/mailbox';
import { accountTimeZone, bellCount } from '../support/shop';
import { seriousViolations } from '../support/axe';
import { formatDate, setDisplayTimeZone } from '../../apps/web/src/lib/format-date';

afterAll(closeBrowser);

/*
 * The customer page's licence actions (issue 21) as the customer lives them: an admin suspends
 * their key with a reason, reinstates it and extends it (through the API the page's dialogs call;
 * the dialogs themselves are tested in apps/web and placed by the customer page's journey), and the
 * customer sees each change in their bell without a reload, in their notifications with the
 * reason, on their overview, and in their mailbox.
 */

interface Issued {
  _id: string;
  expire_date: string;
}

async function adminPost(admin: Record<string, string>, path: string, body: object, expected = 200): Promise<unknown> {
  const res = await fetch(`${baseUrl()}/api${path}`, { method: 'POST', headers: admin, body: JSON.stringify(body) });
  if (res.status !== expected) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).locator('visible=true');
const notification = (page: Page, text: string) => page.getByTestId('notification-row').filter({ hasText: text }).first();

describe('an admin acts on a customer’s licence; the customer is told', () => {
  it.each(['mobile', 'desktop'] as const)('suspend, reinstate and extend (%s)', async (viewport) => {
    const width = viewport === 'desktop' ? 1440 : 375;
    const { email, password } = await createVerifiedUser();
    const admin = await signInThroughApi(adminCredentials().email, adminCredentials().password);
    const license = (await adminPost(admin, '/subscriptions/licenses', { email, mode: 'month' }, 201)) as Issued;

    const { context, page } = await newPage(viewport);
    try {
      await loginInBrowser(page, email, password);
      setDisplayTimeZone(await accountTimeZone(page));
      await page.goto('/accounts/settings/notifications');
      await page.getByTestId('notification-row').first().waitFor();
      const before = await bellCount(page);

      // Suspended: the bell follows without a reload, the notification gives the reason.
      await adminPost(admin, `/subscriptions/licenses/admin/${license._id}/suspend`, { reason: 'Payment disputed with the bank' });
      await expect.poll(() => bellCount(page), { timeout: 10_000 }).toBe(before + 1);
      await notification(page, 'License suspended').waitFor();
      await notification(page, 'Payment disputed with the bank').waitFor();
      await waitForMail(email, /license was suspended/);
      await page.goto('/accounts/overview');
      await visible(page, MSG.licenseStatusSuspended).waitFor();
      await transitionsSettled(page);
      await screenshot(page, `customer-actions-suspended-overview-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      // Reinstated and extended by 30 days: the overview shows the new end.
      await adminPost(admin, `/subscriptions/licenses/admin/${license._id}/reinstate`, {});
      await waitForMail(email, /license works again/);
      const extended = (await adminPost(admin, `/subscriptions/licenses/admin/${license._id}/extend`, { days: 30, reason: 'Sorry for the trouble' })) as Issued;
      expect(Date.parse(extended.expire_date) - Date.parse(license.expire_date)).toBe(30 * 24 * 3600 * 1000);
      await waitForMail(email, /license was extended/);
      await page.goto('/accounts/overview');
      // A Monthly key that does not renew automatically says when it ends.
      await visible(page, `Ends on ${formatDate(extended.expire_date)}`).waitFor();
      await expect(visible(page, MSG.licenseStatusSuspended).count()).resolves.toBe(0);

      await page.goto('/accounts/settings/notifications');
      await notification(page, 'License reinstated').waitFor();
      await notification(page, 'Sorry for the trouble').waitFor();
      await transitionsSettled(page);
      await screenshot(page, `customer-actions-notifications-${width}`);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
