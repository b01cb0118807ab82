import { afterAll, describe, expect, it } from 'vitest';
import { adminCredentials, baseUrl, closeBrowser, newPage, screenshot, transitionsSettled } from '../support/browser';
import { createVerifiedUser, loginInBrowser, signInThroughApi } from '../support/auth';
import { waitForMail } from '../support/mailbox';
import { seriousViolations } from '../support/axe';

afterAll(closeBrowser);

/*
 * ANNOUNCEMENTS (issue 22): the owner writes a promotional mail, previews it, sends a test to
 * themselves and sends it; a customer who turned promotional mail on gets it with the one-click
 * unsubscribe headers and a link; opening the link changes nothing, its button turns the list off,
 * and the customer's settings say so. Promotional, so the audience is only customers who consented.
 */

async function promotionalOn(headers: Record<string, string>): Promise<boolean> {
  const res = await fetch(`${baseUrl()}/api/users/me/preferences`, { headers });
  return ((await res.json()) as { promotional_emails: boolean }).promotional_emails;
}

describe('an owner sends an announcement; a customer unsubscribes from it', () => {
  it.each(['desktop', 'mobile'] as const)('compose, preview, test, send, unsubscribe (%s)', { timeout: 180_000 }, async (viewport) => {
    const width = viewport === 'desktop' ? 1440 : 375;
    const subject = `Ten percent off rollers ${width} ${Date.now()}`;
    const customer = await createVerifiedUser();
    const customerApi = await signInThroughApi(customer.email, customer.password);
    const put = await fetch(`${baseUrl()}/api/users/me/preferences`, {
      method: 'PUT',
      headers: customerApi,
      body: JSON.stringify({ promotional_emails: true, announcements: true, time_zone: 'Asia/Singapore' }),
    });
    expect(put.status).toBe(200);

    const owner = adminCredentials();
    let link = '';
    const admin = await newPage(viewport);
    try {
      const { page } = admin;
      await loginInBrowser(page, owner.email, owner.password);
      await page.goto('/accounts/overview/announcements');
      await page.getByRole('button', { name: 'New announcement' }).click();
      const dialog = page.getByRole('dialog', { name: 'New announcement' });
      await dialog.getByLabel('Promotional emails').check();
      await dialog.getByLabel('Subject').fill(subject);
      await dialog.getByLabel('Message').fill('This week only, the adhesion roller is ten percent off.\n\nOrder from Accessories.');
      await dialog.getByRole('button', { name: 'Save draft' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit announcement' });
      await editor.getByRole('button', { name: 'Preview' }).click();
      await editor.locator('iframe').waitFor();
      await transitionsSettled(page);
      await screenshot(page, `announcements-composer-${width}`);
      // The plain-text part, and axe on it: axe cannot reach into the sandboxed HTML frame (no scripts run there).
      await editor.getByRole('button', { name: 'Plain text' }).click();
      await editor.getByText('This week only, the adhesion roller is ten percent off.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await editor.getByRole('button', { name: 'Send test to me' }).click();
      const test = await waitForMail(owner.email, new RegExp(`^\\[Test\\] ${subject}$`));
      expect(test.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

      await editor.getByRole('button', { name: /^Send to \d+ customers?$/ }).click();
      // The confirm dialog states the count on its button and in its text. Other journeys on this
      // server add consenting customers meanwhile, so the count is read from the dialog itself.
      const confirm = page.getByRole('dialog', { name: 'Send announcement' });
      const confirmButton = confirm.getByRole('button', { name: /^Send to \d+ customers?$/ });
      const label = await confirmButton.innerText();
      await expect(confirm.innerText()).resolves.toContain(label.replace('Send to ', ''));
      await screenshot(page, `announcements-confirm-${width}`);
      await confirmButton.click();
      await editor.waitFor({ state: 'detached' });
      const row = page.getByRole(viewport === 'desktop' ? 'row' : 'listitem').filter({ hasText: subject });
      await row.locator('[data-status="sending"], [data-status="sent"]').first().waitFor();

      // The customer's copy: the one-click headers (RFC 8058) and the link to the confirm page.
      const mail = await waitForMail(customer.email, new RegExp(`^${subject}$`), 30_000);
      const unsubscribeApi = /^<(https?:\/\/[^/]+\/api\/unsubscribe\/([^?]+)\?list=promotional)>$/.exec(mail.headers['List-Unsubscribe'] ?? '');
      expect(unsubscribeApi).not.toBeNull();
      expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      link = /https?:\/\/\S+\/unsubscribe\/\S+\?list=promotional/.exec(mail.text)?.[0] ?? '';
      expect(link).toContain(`/unsubscribe/${unsubscribeApi![2]}?list=promotional`);

      await row.locator('[data-status="sent"]').waitFor({ timeout: 30_000 }).catch(async () => {
        await page.reload();
        await page.getByRole(viewport === 'desktop' ? 'row' : 'listitem').filter({ hasText: subject }).locator('[data-status="sent"]').waitFor({ timeout: 30_000 });
      });
      await transitionsSettled(page);
      await screenshot(page, `announcements-list-${width}`);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);

      // ACTIVITY names what the owner did.
      await page.goto('/accounts/overview/activity');
      for (const action of ['campaign.sent', 'campaign.test_sent', 'campaign.created']) {
        await page.locator(`[data-action="${action}"]`).locator('visible=true').first().waitFor();
      }
    } finally {
      await admin.context.close();
    }

    // The customer opens the link (nothing changes), then unsubscribes with the button.
    const visitor = await newPage(viewport);
    try {
      const { page } = visitor;
      const url = new URL(link);
      await page.goto(url.pathname + url.search);
      await page.getByRole('heading', { name: 'Unsubscribe?' }).waitFor();
      expect(await promotionalOn(customerApi)).toBe(true);
      await screenshot(page, `unsubscribe-confirm-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Unsubscribe from promotional emails' }).click();
      await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      expect(await promotionalOn(customerApi)).toBe(false);
      await screenshot(page, `unsubscribe-done-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'notification settings' }).click();
      await loginInBrowser(page, customer.email, customer.password);
      await page.goto('/accounts/settings/notifications');
      await expect.poll(() => page.getByLabel('Promotional emails').isChecked()).toBe(false);
      await expect(page.getByLabel('New announcements').isChecked()).resolves.toBe(true);
    } finally {
      await visitor.context.close();
    }
  });
});
