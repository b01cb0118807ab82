import crypto from 'node:crypto';
import fs from 'node:fs';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ACCOUNTING_EXPORT_COLUMNS, type TAccountingExportDefaults } from '@lbs/domain/accounting-exports';
import { businessDayOf } from '@lbs/domain/report-periods';
import { adminCredentials, baseUrl, closeBrowser, newPage, screenshot } from '../support/browser';
import { createVerifiedUser, loginInBrowser, signInThroughApi } from '../support/auth';
import { journeySteps } from '../support/journey';
import { buyThroughApi } from '../support/shop';
import { seriousViolations } from '../support/axe';

afterAll(closeBrowser);

/** The file's bytes: a UTF-8 byte-order mark, then CRLF records. */
async function csvOf(download: Download): Promise<{ bom: boolean; lines: string[] }> {
  const bytes = fs.readFileSync((await download.path())!);
  return { bom: bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])), lines: bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean) };
}

describe('back office: the accountant’s exports of orders, invoices and credit notes', () => {
  const step = journeySteps();
  let context: BrowserContext;
  let page: Page;
  let customer: { email: string; password: string };
  let orderId: number;
  /** A second order, $5.00 of it refunded through the back office's API: its credit note. */
  let refundedOrderId: number;
  let creditNote: string;
  let defaults: TAccountingExportDefaults;
  let today: string;

  beforeAll(async () => {
    customer = await createVerifiedUser();
    orderId = await buyThroughApi(customer, [{ productId: 2, quantity: 1 }]);
    const admin = await signInThroughApi(adminCredentials().email, adminCredentials().password);
    defaults = (await fetch(`${baseUrl()}/api/export/defaults`, { headers: admin }).then((r) => r.json())) as TAccountingExportDefaults;
    refundedOrderId = await buyThroughApi(customer, [{ productId: 2, quantity: 1 }]);
    const refunded = await fetch(`${baseUrl()}/api/order/admin/${refundedOrderId}/refunds`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ id: crypto.randomUUID(), mode: 'amount', amount: 5, reason: 'Dented box, =kept by the customer' }),
    });
    if (!refunded.ok) throw new Error(`the refund answered ${refunded.status}: ${await refunded.text()}`);
    creditNote = ((await refunded.json()) as { credit_note: string }).credit_note;
    today = businessDayOf(new Date(), defaults.time_zone);
  });
  afterAll(() => context?.close());

  const panel = () => page.getByRole('region', { name: 'Export for the accountant' });
  const download = async (name: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), panel().getByRole('button', { name, exact: true }).click()]);
    return file;
  };

  step('INVOICES offers last month in the business zone; each file downloads with its BOM, header row and today’s rows (1440 px)', async () => {
    ({ context, page } = await newPage('desktop'));
    await loginInBrowser(page, adminCredentials().email, adminCredentials().password);
    await page.goto('/accounts/overview/invoices');
    await panel().waitFor();
    await expect.poll(() => panel().getByLabel('From').inputValue()).toBe(defaults.from);
    expect(await panel().getByLabel('To').inputValue()).toBe(defaults.to);
    await panel().getByLabel('From').fill(today);
    await panel().getByLabel('To').fill(today);

    const orders = await download('Orders');
    expect(orders.suggestedFilename()).toBe(`lentibooth-orders-${today}-to-${today}.csv`);
    const o = await csvOf(orders);
    expect(o.bom).toBe(true);
    expect(o.lines[0]).toBe(ACCOUNTING_EXPORT_COLUMNS.orders.join(','));
    const row = o.lines.find((l) => l.startsWith(`${orderId},`));
    expect(row).toBeDefined();
    expect(row).toContain(`,${today},${customer.email},SG,1 × `);
    expect(row).toMatch(/,USD,Paid$/);

    const invoices = await csvOf(await download('Invoices'));
    expect(invoices.bom).toBe(true);
    expect(invoices.lines[0]).toBe(ACCOUNTING_EXPORT_COLUMNS.invoices.join(','));
    expect(invoices.lines.some((l) => l.includes(`,${today},${orderId},${customer.email},SG,1 × `))).toBe(true);

    const notes = await download('Credit notes');
    expect(notes.suggestedFilename()).toBe(`lentibooth-credit-notes-${today}-to-${today}.csv`);
    const n = await csvOf(notes);
    expect(n.bom).toBe(true);
    expect(n.lines[0]).toBe(ACCOUNTING_EXPORT_COLUMNS['credit-notes'].join(','));
    // The refund made above: its credit note, the order, the customer, the amount and the reason.
    const note = n.lines.find((l) => l.startsWith(`${creditNote},`));
    expect(note).toBeDefined();
    expect(note).toContain(`,${today},`);
    expect(note).toContain(`,${refundedOrderId},${customer.email},SG,5.00,USD,`);
    expect(note).toContain("Dented box, =kept by the customer");
    // And the orders file says what went back on that order.
    expect(o.lines.find((l) => l.startsWith(`${refundedOrderId},`))).toMatch(/,5\.00,[\d.]+,[\d.]+,USD,Partially refunded$/);
    await panel().getByText(`Credit notes from ${today} to ${today} downloaded.`).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'admin-exports-1440');
  });

  step('a reversed range is refused beside the field, before any request', async () => {
    await panel().getByLabel('From').fill(today);
    await panel().getByLabel('To').fill('2020-01-01');
    let asked = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/export/orders.csv')) asked = true;
    });
    await panel().getByRole('button', { name: 'Orders', exact: true }).click();
    await panel().getByText('The from date must not be after the to date').waitFor();
    expect(await panel().getByLabel('To').getAttribute('aria-invalid')).toBe('true');
    expect(asked).toBe(false);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await context.close();
  });

  step('at 375 px the panel fits the screen and works from the keyboard', async () => {
    ({ context, page } = await newPage('mobile'));
    await loginInBrowser(page, adminCredentials().email, adminCredentials().password);
    await page.goto('/accounts/overview/invoices');
    await panel().waitFor();
    await panel().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = (await panel().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await panel().getByLabel('From').fill(today);
    await panel().getByLabel('To').fill(today);
    // From the To field (Chromium's date input has a stop per part of the date), Tab reaches the first button, Enter downloads.
    await panel().getByLabel('To').focus();
    for (let i = 0; i < 6 && (await page.evaluate(() => document.activeElement?.textContent)) !== 'Orders'; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Orders');
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toBe(`lentibooth-orders-${today}-to-${today}.csv`);
    expect((await csvOf(file)).lines.some((l) => l.startsWith(`${orderId},`))).toBe(true);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'admin-exports-375');
  });
});
