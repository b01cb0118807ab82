import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, screenshot, transitionsSettled, uniqueEmail } from '../support/browser';
import { createVerifiedUser, loginInBrowser, TEST_PASSWORD } from '../support/auth';
import { waitForMail } from '../support/mailbox';
import { bellCount, buyThroughCheckout } from '../support/shop';

afterAll(closeBrowser);

async function signedIn(viewport: 'mobile' | 'desktop'): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const { email, password } = await createVerifiedUser();
  const { context, page } = await newPage(viewport);
  await loginInBrowser(page, email, password);
  return { context, page, email };
}

describe('account area', () => {
  it('a yearly licence buyer: Current with copy, receipt PDF, order stepper, live bell, resources', async () => {
    const { context, page } = await signedIn('desktop');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    // Buy from Plans: one click adds the licence, with the toast.
    await page.goto('/accounts/plans');
    await page.getByRole('button', { name: 'Add Yearly License to cart' }).click();
    await page.getByText('Product added to cart successfully').first().waitFor();
    await screenshot(page, 'account-plans-1440');
    await buyThroughCheckout(page, [{ product_id: 12, quantity: 1 }]);

    // Overview, Current: the new key, truncated, with a copy action that confirms for 2 s.
    await page.goto('/accounts/overview');
    await page.getByRole('heading', { name: 'Get Started with LentiBooth' }).waitFor();
    const row = page.locator('table tbody tr').first();
    await row.getByText('Unknown Device').waitFor();
    await row.getByText('Active').waitFor({ state: 'visible' });
    await row.getByText('365 Days').waitFor({ state: 'visible' });
    const shown = await row.locator('code').innerText();
    expect(shown).toMatch(/^[0-9A-Z-]{10}…$/);
    await row.getByRole('button', { name: 'Copy license key' }).click();
    await row.getByRole('button', { name: 'Copied!' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){5}$/);
    expect(copied.startsWith(shown.slice(0, 10))).toBe(true);
    await row.getByRole('button', { name: 'Copy license key' }).waitFor({ timeout: 4000 });
    await page.getByRole('tab', { name: 'Past' }).click();
    await page.getByRole('link', { name: 'Subscribe Now' }).waitFor();
    await page.getByRole('tab', { name: 'Current' }).click();
    await row.getByText('Active').waitFor();
    await screenshot(page, 'account-overview-1440');

    // Resources is in the menu for a licence holder; the guidebook downloads.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Resources' }).click();
    await page.waitForURL('**/accounts/resources');
    await page.getByRole('heading', { name: 'Setup requirements' }).waitFor();
    const [guide] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the guidebook' }).click()]);
    expect(guide.suggestedFilename()).toBe('LentiBooth-Guidebook.pdf');
    expect(fs.readFileSync((await guide.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(page, 'account-resources-1440');

    // Invoices: the receipt PDF is rendered by the server and saved as receipt.pdf.
    await page.goto('/accounts/settings/invoice');
    const invoiceNo = await page.locator('table tbody tr td').first().innerText();
    // One invoice number format on the screen, the button and the PDF: INV- and six digits.
    expect(invoiceNo).toMatch(/^INV-\d{6}$/);
    const [receipt] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download receipt for invoice ${invoiceNo}` }).click(),
    ]);
    await page.getByText('Invoice downloaded successfully').first().waitFor();
    // The 'downloading' toast lasts as long as the download: gone once it is done.
    await page.getByText('Invoice is downloading now...').first().waitFor({ state: 'hidden' });
    expect(receipt.suggestedFilename()).toBe('receipt.pdf');
    const pdf = fs.readFileSync((await receipt.path())!).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain(`Receipt ${invoiceNo}`);
    await screenshot(page, 'account-invoices-1440');

    // Orders: the licence-only order was delivered at once; all four steps are complete.
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.waitForURL('**/accounts/settings/order');
    await page.getByRole('button', { name: /View details of order/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Yearly License').waitFor();
    const steps = dialog.getByRole('list', { name: 'Shipment progress' }).getByRole('listitem');
    await expect(steps.count()).resolves.toBe(4);
    await expect(dialog.getByText('(complete)').count()).resolves.toBe(4);
    await screenshot(page, 'account-order-dialog-1440');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The bell follows a second purchase completed in another tab, without a reload.
    await page.goto('/accounts/settings/notifications');
    await page.getByTestId('notification-row').first().waitFor();
    const before = await bellCount(page);
    expect(before).toBeGreaterThan(0);
    const other = await context.newPage();
    await buyThroughCheckout(other, [{ product_id: 11, quantity: 1 }]);
    await expect.poll(() => bellCount(page), { timeout: 10_000 }).toBeGreaterThan(before);
    // The list on screen reloaded too, and marking read lowers the count.
    await page.getByText('Monthly License', { exact: false }).first().waitFor();
    const after = await bellCount(page);
    await page.getByRole('button', { name: 'Mark as read' }).first().click();
    await expect.poll(() => bellCount(page)).toBe(after - 1);
    await page.getByRole('button', { name: 'Mark as done' }).first().click();
    await screenshot(page, 'account-notifications-1440');
    await other.close();

    // The same screens on a phone: header above, sections as a scrolling row.
    await page.setViewportSize({ width: 375, height: 812 });
    for (const [path, name, ready] of [
      ['/accounts/overview', 'overview', 'Your Subscriptions'],
      ['/accounts/plans', 'plans', 'Yearly License'],
      ['/accounts/resources', 'resources', 'Setup requirements'],
      ['/accounts/settings/invoice', 'invoices', 'Invoice No'],
      ['/accounts/settings/notifications', 'notifications', 'Preferences'],
    ] as const) {
      await page.goto(path);
      await page.getByText(ready, { exact: true }).first().waitFor();
      await screenshot(page, `account-${name}-375`);
    }
    await page.goto('/accounts/settings/order');
    await page.getByRole('button', { name: /View details of order/ }).first().click();
    await page.getByRole('dialog').getByText('(complete)').first().waitFor({ state: 'attached' });
    await screenshot(page, 'account-order-dialog-375');
    await context.close();
  });

  it('a user without a licence: no Resources in the menu, sent from /accounts/resources to /404', async () => {
    const { context, page } = await signedIn('mobile');
    await page.goto('/accounts/overview');
    await page.getByRole('link', { name: 'Subscribe Now' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Resources' }).count()).resolves.toBe(0);
    await screenshot(page, 'account-overview-empty-375');
    await page.goto('/accounts/resources');
    await page.waitForURL('**/404');
    await page.getByText('Oops! The page you are looking for does not exist.').waitFor();

    // Closing the panel waits out its fade, then the site comes back at /.
    await page.goto('/accounts/plans');
    const closedAt = Date.now();
    await page.getByRole('button', { name: 'Close account panel' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(500);
    await context.close();
  });

  it('products: carousel arrows stop at the ends; quantity keeps whole numbers; add to cart', async () => {
    const { context, page } = await signedIn('mobile');
    await page.goto('/accounts/products');
    const prev = page.getByRole('button', { name: 'Previous product' });
    const next = page.getByRole('button', { name: 'Next product' });
    await expect(prev.isDisabled()).resolves.toBe(true);
    // The sheets: no quantity, the shipping note instead.
    const sheets = page.getByRole('group', { name: /^1 of 4/ });
    await sheets.getByText(/No shipping rate can be quoted upfront/).waitFor();
    await expect(sheets.getByRole('button', { name: 'Add to Cart' }).count()).resolves.toBe(0);
    await screenshot(page, 'account-products-375');
    await next.click();
    const paper = page.getByRole('group', { name: /^2 of 4/ });
    const qty = paper.getByLabel('Quantity of Perforated Paper (4x6”)');
    await qty.fill('abc');
    await qty.blur();
    await expect(qty.inputValue()).resolves.toBe('1');
    await qty.fill('3');
    await qty.blur();
    await expect(qty.inputValue()).resolves.toBe('3');
    await qty.fill('');
    await qty.blur();
    await expect(qty.inputValue()).resolves.toBe('3');
    for (let i = 0; i < 4; i += 1) await paper.getByRole('button', { name: 'Decrease quantity' }).click({ force: i === 3 });
    await expect(qty.inputValue()).resolves.toBe('0');
    await expect(paper.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).resolves.toBe(true);
    await paper.getByRole('button', { name: 'Increase quantity' }).click();
    await paper.getByRole('button', { name: 'Increase quantity' }).click();
    await paper.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Product added to cart successfully').first().waitFor();
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart_items') ?? '[]'));
    expect(cart).toEqual([expect.objectContaining({ product_id: 1, quantity: 2 })]);
    await next.click();
    await next.click();
    await expect(next.isDisabled()).resolves.toBe(true);
    await page.getByRole('group', { name: /^4 of 4/ }).getByRole('heading', { name: 'Luggage Tag Cutter' }).waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Show Perforated Paper (4x6”)' }).click();
    await page.getByRole('group', { name: /^2 of 4/ }).getByRole('button', { name: 'Add to Cart' }).waitFor();
    // The 300 ms slide transition ends before the picture.
    await transitionsSettled(page);
    await screenshot(page, 'account-products-1440');
    await context.close();
  });

  it('edits the profile: required fields, saved names, email change awaiting confirmation, new password', async () => {
    const { context, page, email } = await signedIn('mobile');
    await page.goto('/accounts/settings');
    await page.waitForURL('**/accounts/settings/notifications');
    await page.getByText('No notifications found.').waitFor();
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await page.waitForURL('**/accounts/settings/user-management');
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('alert').filter({ hasText: 'Input profile data correctly!' }).waitFor();
    await page.getByLabel('First name').fill('Ana');
    await page.getByLabel('Surname (optional)').fill('Tan');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile updated successfully').waitFor();

    const newEmail = uniqueEmail('moved');
    await page.getByLabel('Email').fill(newEmail);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText(`We sent a confirmation link to ${newEmail}`).waitFor();
    await waitForMail(newEmail, /confirm your new email/i);
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);

    // The signed-in change proves the current password first (issue 9).
    await page.getByLabel('New Password').fill(`${TEST_PASSWORD}x`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Password is required' }).waitFor();
    await expect(page.getByLabel('Current password').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByLabel('Current password').fill(TEST_PASSWORD);
    await page.getByLabel('New Password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Password must be more than 12 characters' }).waitFor();
    // A wrong current password: the server's detail in the form's alert, and nothing changes.
    await page.getByLabel('Current password').fill(`${TEST_PASSWORD}-wrong`);
    await page.getByLabel('New Password').fill(`${TEST_PASSWORD}x`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const passwordAlert = page.getByRole('form', { name: 'Password' }).getByRole('alert');
    await passwordAlert.filter({ hasNotText: 'Password must be more than 12 characters' }).waitFor();
    await expect(passwordAlert.innerText()).resolves.not.toBe('');
    await expect(page.getByText('Password reset successful!').count()).resolves.toBe(0);
    await page.getByLabel('Current password').fill(TEST_PASSWORD);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/users/reset-password') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    expect((await sent).postDataJSON()).toEqual({ email, new_pwd: `${TEST_PASSWORD}x`, current_pwd: TEST_PASSWORD });
    await page.getByText('Password reset successful!').waitFor();
    await expect(page.getByLabel('Current password').inputValue()).resolves.toBe('');
    await screenshot(page, 'account-profile-375');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'account-profile-1440');

    // The remembered settings tab and account item survive a return to /accounts.
    await page.goto('/accounts');
    await page.waitForURL('**/accounts/settings/notifications');
    await context.close();
  });
});
