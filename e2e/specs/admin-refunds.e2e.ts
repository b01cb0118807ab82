import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { pdfTextLines } from '../../apps/server/test/pdf-text';
import { adminCredentials, baseUrl, closeBrowser, newPage, screenshot } from '../support/browser';
import { createVerifiedUser, loginInBrowser, signInThroughApi } from '../support/auth';
import { journeySteps } from '../support/journey';
import { buyThroughApi } from '../support/shop';
import { seriousViolations } from '../support/axe';

afterAll(closeBrowser);

/** Where this journey's screenshots go, to be looked at (not compared). */
const SHOTS = '/tmp/i23-web';
const shot = (page: Page, name: string) => screenshot(page, name, { dir: SHOTS });

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('back office: a partial refund by items and the cancel of a paid licence-only order, as the admin and the customer see them', () => {
  const step = journeySteps();
  let admin: { context: BrowserContext; page: Page };
  let customerView: { context: BrowserContext; page: Page };
  let customer: { email: string; password: string; id: number };
  let rollerOrder: number;
  let licenceOrder: number;
  let licenceKey: string;
  let creditNote = '';

  beforeAll(async () => {
    const c = await createVerifiedUser();
    rollerOrder = await buyThroughApi(c, [{ productId: 2, quantity: 2 }]);
    licenceOrder = await buyThroughApi(c, [{ productId: 11, quantity: 1 }]);
    const headers = await signInThroughApi(c.email, c.password);
    const me = await fetch(`${baseUrl()}/api/users/me`, { headers }).then((r) => r.json() as Promise<{ id: number }>);
    customer = { ...c, id: me.id };
    const licences = await fetch(`${baseUrl()}/api/subscriptions/licenses?mode=CURRENT&page=1`, { headers }).then(
      (r) => r.json() as Promise<{ items: Array<{ license_key: string }> }>,
    );
    licenceKey = licences.items[0]!.license_key;
    admin = await newPage('desktop');
    await loginInBrowser(admin.page, adminCredentials().email, adminCredentials().password);
  });
  afterAll(async () => {
    await admin?.context.close();
    await customerView?.context.close();
  });

  const openOrder = async (page: Page, orderId: number) => {
    await page.goto('/accounts/overview/orders');
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(customer.email);
    const table = page.getByRole('table', { name: 'All orders' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    await table.getByRole('button', { name: `Edit order ${orderId}` }).click();
    return page.getByRole('dialog', { name: `Order #${orderId}` });
  };

  step('ORDERS at 1440: one of two rollers refunded by items, its amount on the button, the credit note named', async () => {
    const { page } = admin;
    const order = await openOrder(page, rollerOrder);
    const payment = order.getByRole('region', { name: 'Payment' });
    await order.getByText('Paid', { exact: true }).first().waitFor();
    await payment.getByText('Left to refund').waitFor();
    await order.getByRole('button', { name: `Refund order #${rollerOrder}…` }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order #${rollerOrder}` });
    await dialog.getByRole('radio', { name: 'By items' }).waitFor();
    const quantity = dialog.getByLabel('Quantity of Adhesion Roller');
    await quantity.locator('..').getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => quantity.inputValue()).toBe('1');
    const confirm = dialog.getByRole('button', { name: /^Refund \$/ });
    const label = (await confirm.innerText()).trim();
    expect(label).toMatch(/^Refund \$\d+\.\d\d$/);
    // Nothing goes without a reason.
    await confirm.click();
    await dialog.getByText('Give a reason for the refund.').waitFor();
    await dialog.getByLabel('Reason').fill('One roller arrived cracked');
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await shot(page, 'refund-dialog-1440');
    const sent = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/order/admin/${rollerOrder}/refunds`));
    // A double click refunds once: the button is disabled while the first is on its way.
    await confirm.dblclick();
    const answer = (await (await sent).json()) as { state: string; credit_note: string; amount: number };
    expect(answer.state).toBe('succeeded');
    expect(`Refund $${answer.amount.toFixed(2)}`).toBe(label);
    creditNote = answer.credit_note;
    expect(creditNote).toMatch(/^CN-\d+$/);
    await dialog.getByText(`Credit note ${creditNote} was issued.`).waitFor();
    await shot(page, 'refund-done-1440');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The order dialog, still open behind, follows: Partially refunded, the refund listed with its credit note.
    await order.getByText('Partially refunded').first().waitFor();
    await payment.getByText(`Credit note ${creditNote}`).waitFor();
    await payment.getByText('Reason: One roller arrived cracked').waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await shot(page, 'order-dialog-refunded-1440');
    await page.keyboard.press('Escape');
    await order.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'All orders' }).getByText('Partially refunded').waitFor();
  });

  step('ORDERS at 1440: the paid licence-only order cancelled (refunded in full, its key revoked)', async () => {
    const { page } = admin;
    const order = await openOrder(page, licenceOrder);
    const cancelButton = order.getByRole('button', { name: `Cancel order #${licenceOrder}…` });
    await cancelButton.click();
    const dialog = page.getByRole('dialog', { name: `Cancel order #${licenceOrder}` });
    // Escape closes the dialog on top only; focus goes back to the button that opened it.
    await dialog.getByLabel('Reason').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await order.waitFor();
    await expect.poll(() => cancelButton.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.getByText('refunded in full', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.getByText('Give a reason for cancelling.').waitFor();
    await dialog.getByLabel('Reason').fill('Bought by mistake');
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await shot(page, 'cancel-dialog-1440');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const payment = order.getByRole('region', { name: 'Payment' });
    await order.getByText(/^(Refunded|Cancelled)$/).first().waitFor();
    await payment.getByText(/Credit note CN-\d+/).waitFor();
    // Issue 37: it reads Cancelled (not its old step), with no editor, and leaves the step filters.
    await order.getByText('Cancelled: nothing more will be shipped', { exact: false }).waitFor();
    await expect(order.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    const table = page.getByRole('table', { name: 'All orders' });
    await page.getByLabel('Status').selectOption('cancelled');
    await table.getByRole('button', { name: `Edit order ${licenceOrder}` }).waitFor();
    await table.getByText('Cancelled', { exact: true }).first().waitFor();
    await page.getByLabel('Status').selectOption('pending');
    await expect.poll(() => table.getByRole('button', { name: `Edit order ${licenceOrder}` }).count()).toBe(0);
    await page.getByLabel('Status').selectOption('');
  });

  step('INVOICES at 1440: the credit notes listed with their PDF', async () => {
    const { page } = admin;
    await page.goto('/accounts/overview/invoices');
    await page.getByRole('searchbox', { name: 'Search credit notes' }).fill(customer.email);
    const table = page.getByRole('table', { name: 'All credit notes' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    await table.getByRole('button', { name: `Download credit note ${creditNote} (PDF)` }).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await shot(page, 'admin-credit-notes-1440');
  });

  step('the customer at 1440: Partially refunded in their orders with the refund, the credit note PDF from invoices, the key revoked', async () => {
    customerView = await newPage('desktop');
    const { page } = customerView;
    await loginInBrowser(page, customer.email, customer.password);
    await page.goto('/accounts/settings/order');
    const row = page.getByRole('listitem').filter({ hasText: `Order #${rollerOrder}` });
    await row.getByText('Partially refunded').waitFor();
    await row.getByRole('button', { name: `View details of order ${rollerOrder}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order #${rollerOrder}` });
    await dialog.getByText(`Credit note ${creditNote}`).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await shot(page, 'customer-order-refunded-1440');
    await page.keyboard.press('Escape');
    // Cancelled in the customer's orders too (its payment Refunded beside it), not its old step.
    const cancelled = page.getByRole('listitem').filter({ hasText: `Order #${licenceOrder}` });
    await cancelled.getByText('Cancelled', { exact: true }).waitFor();
    await cancelled.getByText('Refunded', { exact: true }).waitFor();

    await page.goto('/accounts/settings/invoice');
    const notes = page.getByRole('table', { name: 'Credit notes' });
    await notes.getByText(creditNote, { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      notes.getByRole('button', { name: `Download credit note ${creditNote} (PDF)` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${creditNote}.pdf`);
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.toString('latin1').startsWith('%PDF-')).toBe(true);
    expect(pdfTextLines(pdf).join('\n')).toContain(creditNote);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await shot(page, 'customer-invoices-1440');

    await page.goto('/accounts/overview');
    await page.getByRole('tab', { name: 'Past' }).click();
    const key = page.locator(`[title="${licenceKey}"]`).first();
    await key.waitFor();
    await page.getByRole('table').filter({ has: key }).getByText('Revoked').first().waitFor();
    await shot(page, 'customer-licences-revoked-1440');
  });

  step('at 375 px: the customer’s credit notes as cards and the admin’s refund dialog fit, axe clean', async () => {
    const { page } = customerView;
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/accounts/settings/invoice');
    const cards = page.getByRole('list', { name: 'Credit notes' });
    await cards.getByText(creditNote, { exact: true }).waitFor();
    await noHorizontalScroll(page);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await shot(page, 'customer-invoices-375');
    await page.goto('/accounts/settings/order');
    await page.getByRole('button', { name: `View details of order ${rollerOrder}` }).click();
    await page.getByRole('dialog', { name: `Order #${rollerOrder}` }).getByText(`Credit note ${creditNote}`).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await shot(page, 'customer-order-refunded-375');

    const a = admin.page;
    await a.setViewportSize({ width: 375, height: 812 });
    await a.goto(`/accounts/overview/customers/${customer.id}?section=orders`);
    const orders = a.getByRole('list', { name: 'Orders' });
    await orders.getByRole('button', { name: `Refund order #${rollerOrder}…` }).click();
    const dialog = a.getByRole('dialog', { name: `Refund order #${rollerOrder}` });
    await dialog.getByRole('radio', { name: 'By amount' }).check();
    await dialog.getByLabel('Amount (USD)').fill('100000');
    await dialog.getByLabel('Reason').fill('Goodwill');
    await dialog.getByRole('button', { name: /^Refund/ }).click();
    await dialog.getByText('That is more than is left to refund on this order.').waitFor();
    await noHorizontalScroll(a);
    await expect(seriousViolations(a)).resolves.toEqual([]);
    await shot(a, 'refund-dialog-amount-375');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(seriousViolations(a)).resolves.toEqual([]);
    await shot(a, 'customer-page-orders-375');
  });
});
