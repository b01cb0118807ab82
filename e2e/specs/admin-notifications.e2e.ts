import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { addToCart, emptyCart, paymentProducts } from '@lbs/domain/cart';
import { adminCredentials, baseUrl, closeBrowser, newPage, screenshot } from '../support/browser';
import { createVerifiedUser, loginInBrowser, signInThroughApi } from '../support/auth';
import { journeySteps } from '../support/journey';
import { bellCount } from '../support/shop';
import { seriousViolations } from '../support/axe';

afterAll(closeBrowser);

/** The customer buys one Daily License and pays on the local pay page (as its Pay button posts). */
async function buyDailyLicense(headers: Record<string, string>, email: string): Promise<number> {
  const cart = addToCart(emptyCart(), 10, 1);
  const res = await fetch(`${baseUrl()}/api/subscriptions/create-checkout-session/one-payment`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, shipping_fee: 0, discount: 0, products: paymentProducts(cart.items), total_amount: cart.totalCartPrice }),
  });
  if (!res.ok) throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
  const session = /\/dev\/pay\/(lps_[\w-]+)$/.exec(((await res.json()) as { url: string }).url)![1]!;
  const pay = await fetch(`${baseUrl()}/dev/pay/${session}/pay`, { method: 'POST', redirect: 'manual' });
  if (pay.status !== 303 || !pay.headers.get('location')?.includes('/checkout/success')) throw new Error(`pay answered ${pay.status}`);
  const me = await fetch(`${baseUrl()}/api/users/me`, { headers }).then((r) => r.json() as Promise<{ id: number }>);
  const paid = await fetch(`${baseUrl()}/api/order/user/${me.id}`, { headers }).then((r) => r.json() as Promise<{ items: Array<{ order_id: number }> }>);
  return paid.items[0]!.order_id;
}

/** The table row (wide layout) whose title is `title`. */
const row = (page: Page, title: string) => page.locator('table tbody tr').filter({ hasText: title });

async function expectNoSeriousAxeViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe("the back office hears of a payment and a contact message in the admins' feed, and marks them", () => {
  const step = journeySteps();
  let context: BrowserContext;
  let page: Page;
  let customer: { email: string; password: string };
  let customerHeaders: Record<string, string>;
  let orderTitle: string;
  const enquirer = `Rina ${Date.now().toString(36)}`;
  const enquiryTitle = `New enquiry from ${enquirer} (Jakarta Booths)`;
  let bellBefore: number;

  beforeAll(async () => {
    customer = await createVerifiedUser();
    customerHeaders = await signInThroughApi(customer.email, customer.password);
    ({ context, page } = await newPage('desktop'));
    const { email, password } = adminCredentials();
    await loginInBrowser(page, email, password);
  });
  afterAll(() => context?.close());

  step('the admin opens NOTIFICATIONS; the live stream gives the bell its count', async () => {
    const stream = page.waitForResponse((r) => r.url().includes('/api/notification/stream?') && r.status() === 200);
    await page.goto('/accounts/overview/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 2 }).waitFor();
    await stream;
    await expect.poll(() => bellCount(page)).not.toBeNaN();
    bellBefore = await bellCount(page);
  });

  step('a customer pays: the new-order notification appears and the bell goes up, without a reload', async () => {
    let navigations = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations += 1;
    });
    const orderId = await buyDailyLicense(customerHeaders, customer.email);
    orderTitle = `New order #${orderId} paid by ${customer.email} — $40.00`;
    await row(page, orderTitle).waitFor({ timeout: 15_000 });
    await expect.poll(() => bellCount(page)).toBeGreaterThan(bellBefore);
    expect(navigations).toBe(0);
    await expect(row(page, orderTitle).getByRole('img', { name: 'Unread' }).count()).resolves.toBe(1);
    // The feed's row names the buyer; the buyer's own notification is not in the admins' feed.
    await expect(row(page, orderTitle).getByText(`Customer ${customer.email}`).count()).resolves.toBe(1);
    await expect(page.locator('table tbody tr').filter({ hasText: 'License purchased' }).count()).resolves.toBe(0);
  });

  step('a contact-form enquiry reaches the table too', async () => {
    const res = await fetch(`${baseUrl()}/api/admin/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: enquirer, email: 'rina@example.co.id', phone: '+62 21 555 0101', company: 'Jakarta Booths', message: 'A quote for 10,000 sheets, please.' }),
    });
    expect(res.status).toBe(201);
    await row(page, enquiryTitle).waitFor({ timeout: 15_000 });
  });

  step("two rows ticked: 'Mark 2 selected as read' marks both, and the ticks clear", async () => {
    await page.getByRole('checkbox', { name: `Select: ${orderTitle}` }).check();
    await page.getByRole('checkbox', { name: `Select: ${enquiryTitle}` }).check();
    const bulk = page.getByRole('button', { name: 'Mark 2 selected as read' });
    await screenshot(page, 'admin-notifications-selected-1440');
    await bulk.click();
    await bulk.waitFor({ state: 'detached' });
    for (const title of [orderTitle, enquiryTitle]) {
      await expect.poll(() => row(page, title).getByRole('img', { name: 'Unread' }).count()).toBe(0);
      await expect(row(page, title).getByRole('button', { name: /^Mark as read/ }).count()).resolves.toBe(0);
    }
    await expect(page.getByRole('checkbox', { name: `Select: ${orderTitle}` }).isChecked()).resolves.toBe(false);
  });

  step('Mark as done dims the order row and takes its button away', async () => {
    await row(page, orderTitle).getByRole('button', { name: `Mark as done: ${orderTitle}` }).click();
    await expect.poll(() => row(page, orderTitle).getByText(orderTitle).getAttribute('data-done')).toBe('true');
    await expect(row(page, orderTitle).evaluate((tr) => tr.className)).resolves.toContain('bg-slate-50');
    await expect(row(page, orderTitle).getByRole('button', { name: /^Mark as done/ }).count()).resolves.toBe(0);
    await expectNoSeriousAxeViolations(page);
  });

  step("the Customers' filter shows the buyer's own notification read-only, and it stays unread for the buyer", async () => {
    const show = page.getByRole('combobox', { name: 'Show' });
    await show.selectOption('customers');
    await page.getByRole('table', { name: "Customers' notifications, newest first, read-only" }).waitFor();
    const own = page.locator('table tbody tr').filter({ hasText: 'License purchased' }).filter({ hasText: `For ${customer.email}` });
    await own.first().waitFor();
    expect(await own.count()).toBe(1);
    await page.getByText(/Read-only: only a customer marks their own notifications read or done/).waitFor();
    // No boxes, no mark buttons, no bulk action anywhere in this view.
    expect(await page.locator('main').getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Mark (as read|as done|\d+ selected)/ }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'admin-notifications-customers-1440');

    // The admin looked: the customer still has it unread and not done.
    const me = (await fetch(`${baseUrl()}/api/users/me`, { headers: customerHeaders }).then((r) => r.json())) as { id: number };
    const list = (await fetch(`${baseUrl()}/api/notification/${me.id}`, { headers: customerHeaders }).then((r) => r.json())) as {
      unread_count: number;
      items: Array<{ title: string; is_read: boolean; is_done: boolean }>;
    };
    expect(list.items.find((n) => n.title === 'License purchased')).toMatchObject({ is_read: false, is_done: false });
    expect(list.unread_count).toBeGreaterThan(0);

    // Back to the admins' feed, as the admin left it.
    await show.selectOption('admins');
    await row(page, orderTitle).waitFor();
    expect(await row(page, orderTitle).getByText(orderTitle).getAttribute('data-done')).toBe('true');
  });

  step('ACTIVITY lists the bulk read: the admin, two notifications, is read false → true', async () => {
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'ACTIVITY' }).click();
    await page.waitForURL('**/accounts/overview/activity');
    const entry = page
      .locator('table tbody tr')
      .filter({ has: page.locator('[data-action="notifications.bulk_read"]') })
      .filter({ hasText: '2 notifications' })
      .first();
    await entry.waitFor();
    const text = await entry.innerText();
    expect(text).toContain('Marked notifications as read');
    expect(text).toContain(adminCredentials().email);
    expect(text).toMatch(/is read:\s*false\s*→?\s*(changed to)?\s*true/);
    // Its time as a date and a time ('26 Nov 2026, 10:41'), not a raw instant.
    expect(await entry.locator('time').innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    // The single Mark as done is logged too.
    const done = page.locator('table tbody tr').filter({ has: page.locator('[data-action="notification.done"]') }).first();
    await done.waitFor();
    expect(await done.innerText()).toContain('Marked a notification as done');
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'admin-activity-1440');
  });

  step('both screens fit a 375 px phone: cards, no sideways scrolling', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const [path, list, name] of [
      ['/accounts/overview/notifications', "Admins' notifications, newest first", 'admin-notifications-375'],
      ['/accounts/overview/activity', 'Admin activity, newest first', 'admin-activity-375'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('list', { name: list }).getByRole('listitem').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, name);
    }
    // The phone layout has its own select-all box.
    await page.goto('/accounts/overview/notifications');
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByRole('button', { name: /^Mark \d+ selected as read$/ }).waitFor();
  });
});
