import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { carrierTrackingUrl } from '@lbs/domain/carriers';
import { adminCredentials, baseUrl, closeBrowser, newPage, screenshot } from '../support/browser';
import { createVerifiedUser, loginInBrowser, signInThroughApi } from '../support/auth';
import { journeySteps } from '../support/journey';
import { buyThroughApi } from '../support/shop';
import { waitForMail, type DevMail } from '../support/mailbox';
import { seriousViolations } from '../support/axe';

afterAll(closeBrowser);

/** Every mail to `to` whose subject says this order shipped. */
async function shippedMails(to: string, orderId: number): Promise<DevMail[]> {
  const mails = (await fetch(`${baseUrl()}/api/dev/mail?to=${encodeURIComponent(to)}`).then((r) => r.json())) as DevMail[];
  return mails.filter((m) => m.subject.includes(`#${orderId} has shipped`));
}

describe('back office: two paid accessory orders, their packing slips, and both shipped at once with different carriers', () => {
  const step = journeySteps();
  let context: BrowserContext;
  let page: Page;
  const customers: Array<{ email: string; password: string; orderId: number }> = [];
  const stamp = Date.now().toString().slice(-8);
  const shipments = [
    { carrier: 'singpost', label: 'SingPost', number: `RR${stamp}SG` },
    { carrier: 'ninja_van', label: 'Ninja Van', number: `NV${stamp}` },
  ] as const;

  beforeAll(async () => {
    for (const productId of [2, 3]) {
      const c = await createVerifiedUser();
      customers.push({ ...c, orderId: await buyThroughApi(c, [{ productId, quantity: 1 }]) });
    }
    ({ context, page } = await newPage('desktop'));
    const { email, password } = adminCredentials();
    await loginInBrowser(page, email, password);
  });
  afterAll(() => context?.close());

  const table = () => page.getByRole('table', { name: 'All orders' });

  step('the admin selects both orders (the selection outlasts a new search) and downloads their packing slips', async () => {
    await page.goto('/accounts/overview/orders');
    await page.getByRole('heading', { name: 'Orders', level: 2 }).waitFor();
    for (const c of customers) {
      await page.getByRole('searchbox', { name: 'Search orders' }).fill(c.email);
      await expect.poll(() => table().locator('tbody tr').count()).toBe(1);
      await table().getByRole('checkbox', { name: `Select order #${c.orderId}` }).check();
    }
    await page.getByRole('group', { name: 'Selected orders' }).getByText('2 selected').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Packing slips' }).click()]);
    expect(download.suggestedFilename()).toBe('packing-slips.pdf');
    const pdf = fs.readFileSync((await download.path())!).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(2);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'admin-shipping-selected-1440');
  });

  step('Mark shipped: each order with its own carrier and number, the link shown as it will be sent', async () => {
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark 2 orders shipped' });
    for (const [i, c] of customers.entries()) {
      const order = dialog.getByRole('group', { name: new RegExp(`^Order #${c.orderId} `) });
      await order.getByLabel('Carrier', { exact: true }).selectOption(shipments[i]!.carrier);
      await order.getByLabel('Tracking number').fill(shipments[i]!.number);
      await order.getByText(carrierTrackingUrl(shipments[i]!.carrier, shipments[i]!.number)).waitFor();
    }
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'admin-shipping-dialog-1440');
    const sent = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/order/admin/ship'));
    // A double click sends one request.
    await dialog.getByRole('button', { name: 'Mark shipped' }).dblclick();
    expect((await sent).status()).toBe(200);
    const done = page.getByRole('dialog', { name: 'Shipping done' });
    for (const c of customers) await done.getByText(`#${c.orderId}: Shipped`).waitFor();
    await screenshot(page, 'admin-shipping-done-1440');
    await done.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('group', { name: 'Selected orders' }).getByText('0 selected').waitFor();
  });

  step('each customer gets exactly one shipped mail, linking the carrier’s own tracking page; a retry sends none', async () => {
    for (const [i, c] of customers.entries()) {
      const mail = await waitForMail(c.email, new RegExp(`order #${c.orderId} has shipped`));
      expect(mail.text).toContain(shipments[i]!.label);
      expect(mail.html).toContain(`href="${carrierTrackingUrl(shipments[i]!.carrier, shipments[i]!.number).replaceAll('&', '&amp;')}"`);
    }
    // The same request again (a retry): every order answered "unchanged", nobody mailed twice.
    const admin = await signInThroughApi(adminCredentials().email, adminCredentials().password);
    const body = { orders: customers.map((c, i) => ({ order_id: c.orderId, carrier: shipments[i]!.carrier, track_num: shipments[i]!.number })) };
    const retry = await fetch(`${baseUrl()}/api/order/admin/ship`, { method: 'POST', headers: admin, body: JSON.stringify(body) }).then((r) => r.json());
    expect(retry.results.map((r: { outcome: string }) => r.outcome)).toEqual(['unchanged', 'unchanged']);
    await new Promise((r) => setTimeout(r, 1500));
    for (const c of customers) expect(await shippedMails(c.email, c.orderId)).toHaveLength(1);
  });

  step('on a phone: the orders as cards, each with its checkbox; the ship dialog fits', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(customers[1]!.email);
    const cards = page.getByRole('list', { name: 'All orders' });
    await expect.poll(() => cards.locator(':scope > li').count()).toBe(1);
    await cards.getByText('Ninja Van').waitFor();
    await cards.getByRole('checkbox', { name: `Select order #${customers[1]!.orderId}` }).check();
    await page.getByRole('checkbox', { name: 'Select all on this page' }).isChecked().then((on) => expect(on).toBe(true));
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'admin-shipping-cards-375');
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark 1 order shipped' });
    await expect(dialog.getByLabel('Tracking number').inputValue()).resolves.toBe(shipments[1]!.number);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'admin-shipping-dialog-375');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
