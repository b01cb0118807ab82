import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '@lbs/domain/messages';
import { closeBrowser, newPage } from '../support/browser';
import { createUnverifiedUser, createVerifiedUser } from '../support/auth';
import { linkIn, waitForMail } from '../support/mailbox';
import { baseUrl } from '../support/browser';
import { loginInBrowser } from '../support/login';
import { buyThroughCheckout } from '../support/shop';

afterAll(closeBrowser);

/** The rough edges issue 13 names, each as a first-time buyer meets it (375 px). */
describe('a careful first-time buyer', () => {
  it('Accessories say which items get a fee at checkout and that sheets are quoted by email', async () => {
    const { context, page } = await newPage('mobile');
    await page.goto('/accessories');
    await expect(page.locator('[data-shipping-summary]').innerText()).resolves.toBe(MSG.accessoriesShippingSummary);
    await expect(page.locator('[data-accessory="adhesion_roller"] [data-shipping-box]').innerText()).resolves.toContain(MSG.shippingFeeAtCheckout);
    await expect(page.locator('[data-accessory="lenticular_sheets"] [data-shipping-box]').innerText()).resolves.toContain(MSG.sheetsNoShippingQuote);
    await context.close();
  });

  it("a visitor's 'Add to Cart' is kept through sign-in and lands in the cart, saying so", async () => {
    const { email, password } = await createVerifiedUser();
    const { context, page } = await newPage('mobile');
    await page.goto('/accessories');
    await page.locator('[data-accessory="adhesion_roller"]').getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL('**/signup');
    await expect(page.evaluate(() => localStorage.getItem('cart_items'))).resolves.toBeNull();
    // Already has an account: logs in instead.
    await loginInBrowser(page, email, password);
    await page.getByRole('alert').filter({ hasText: 'Added Adhesion Roller to your cart' }).waitFor();
    const items = await page.evaluate(() => JSON.parse(localStorage.getItem('cart_items') ?? '[]') as { product_id: number; quantity: number }[]);
    expect(items.map((i) => [i.product_id, i.quantity])).toEqual([[2, 1]]);
    // Once only: a reload adds nothing more.
    await page.reload();
    await page.locator('h1').first().waitFor();
    await expect(page.evaluate(() => JSON.parse(localStorage.getItem('cart_items') ?? '[]').length)).resolves.toBe(1);
    await context.close();
  });

  it('after paying: the order, what was bought and where the keys are; opened again without a checkout, a neutral page that leaves the cart alone', async () => {
    const { email, password } = await createVerifiedUser();
    const { context, page } = await newPage('mobile');
    await loginInBrowser(page, email, password);
    await buyThroughCheckout(page, [{ product_id: 11, quantity: 1 }]);
    await page.getByRole('heading', { name: /^Order #\d+$/ }).waitFor();
    await page.getByText('Monthly License × 1').waitFor();
    await page.getByText('Total paid').waitFor();
    await expect(page.getByText(/Your licence keys are in your account overview and in the email we sent to/).innerText()).resolves.toContain(email);
    await expect(page.evaluate(() => JSON.parse(localStorage.getItem('cart_items') ?? '[]').length)).resolves.toBe(0);

    // The subscriptions table names each key's plan.
    await page.getByRole('link', { name: 'Go to my account' }).click();
    await page.locator('[data-testid="license-card"], li').filter({ hasText: 'Monthly' }).first().waitFor();

    // Back on the success page by hand, with something in the cart: nothing to confirm, cart kept.
    await page.evaluate(() => localStorage.setItem('cart_items', JSON.stringify([{ product_id: 10, quantity: 1 }])));
    await page.goto('/checkout/success');
    await page.getByRole('heading', { name: 'Nothing to confirm here' }).waitFor();
    await expect(page.getByText(MSG.paymentSuccessful).count()).resolves.toBe(0);
    await expect(page.evaluate(() => JSON.parse(localStorage.getItem('cart_items') ?? '[]').length)).resolves.toBe(1);
    await context.close();
  });

  it('Resources says plainly that no app download is configured, instead of a button that fails', async () => {
    const { email, password } = await createVerifiedUser();
    const { context, page } = await newPage('desktop');
    await loginInBrowser(page, email, password);
    await buyThroughCheckout(page, [{ product_id: 10, quantity: 1 }]);
    await page.goto('/accounts/resources');
    await page.getByRole('status').filter({ hasText: MSG.appDownloadUnavailable }).waitFor();
    await expect(page.getByRole('button', { name: 'Download the app' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Download the guidebook' }).waitFor({ state: 'visible' });
    // The subscriptions table at 1440 px has a Plan column.
    await page.goto('/accounts/overview');
    await page.getByRole('columnheader', { name: 'Plan' }).waitFor();
    await page.getByRole('cell', { name: 'Daily', exact: true }).waitFor();

    // Preferences and the time zone are kept on the account, and dates follow the zone.
    await page.goto('/accounts/settings/notifications');
    const firstTime = page.locator('[data-testid="notification-row"] time').first();
    await firstTime.waitFor();
    const inSingapore = await firstTime.innerText();
    await page.getByLabel('Time zone').selectOption('America/Los_Angeles');
    // The page's dates are rendered afresh in the new zone: that is the confirmation.
    await expect.poll(() => firstTime.innerText()).not.toBe(inSingapore);
    // Promotional mail starts off (consent first, issue 22): the customer turns it on.
    await page.getByLabel('Promotional emails').check();
    await page.getByRole('status').filter({ hasText: 'Preferences saved' }).waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Time zone').inputValue()).toBe('America/Los_Angeles');
    await expect(page.getByLabel('Promotional emails').isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('New announcements').isChecked()).resolves.toBe(true);
    await expect.poll(() => firstTime.innerText()).not.toBe(inSingapore);
    await context.close();
  });

  it("after 'resend', the first mail's link still verifies the account", async () => {
    const { email } = await createUnverifiedUser();
    const first = linkIn(await waitForMail(email, /verify your email/i));
    const res = await fetch(`${baseUrl()}/api/users/resend-verification?email=${encodeURIComponent(email)}`, { method: 'POST' });
    expect(res.status).toBe(200);
    await expect.poll(async () => ((await (await fetch(`${baseUrl()}/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as unknown[]).length).toBe(2);
    const { context, page } = await newPage('mobile');
    await page.goto(new URL(first).pathname);
    await page.getByRole('heading', { name: MSG.emailVerified }).waitFor();
    await context.close();
  });

  it('phones: the account shows where you are and starts high; settings tabs scroll the open one into view', async () => {
    const { email, password } = await createVerifiedUser();
    const { context, page } = await newPage('mobile');
    await loginInBrowser(page, email, password);
    await page.goto('/accounts/settings/user-management');
    const current = page.getByRole('navigation', { name: 'Account sections' }).locator('a[aria-current="page"]');
    await expect(current.innerText()).resolves.toContain('Settings');
    const inView = (sel: string) =>
      page.evaluate((s) => {
        const r = document.querySelector(s)!.getBoundingClientRect();
        return r.left >= 0 && r.right <= window.innerWidth;
      }, sel);
    await expect.poll(() => inView('nav[aria-label="Account sections"] a[aria-current="page"]')).toBe(true);
    await expect.poll(() => inView('nav[aria-label="Settings"] a[aria-current="page"]')).toBe(true);
    const top = await page.getByRole('heading', { name: 'Settings', level: 1 }).evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeLessThan(160);
    await context.close();
  });

  it('pricing at 1440 px: each purchase button on one line, the four level', async () => {
    const { context, page } = await newPage('desktop');
    await page.goto('/pricing');
    const buttons = page.locator('[data-plan-grid="full"] button');
    await expect(buttons.count()).resolves.toBe(4);
    const boxes = await buttons.evaluateAll((els) =>
      els.map((e) => {
        const text = document.createRange();
        text.selectNodeContents(e);
        // The distinct line tops the label's text occupies.
        const lines = new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size;
        return { top: Math.round(e.getBoundingClientRect().top), lines };
      }),
    );
    for (const b of boxes) expect(b.lines).toBe(1);
    expect(Math.max(...boxes.map((b) => b.top)) - Math.min(...boxes.map((b) => b.top))).toBeLessThanOrEqual(2);
    await context.close();
  });

  it('/verify-sent without an address shows only the error and the way back', async () => {
    const { context, page } = await newPage('mobile');
    await page.goto('/verify-sent');
    await page.getByRole('alert').filter({ hasText: MSG.invalidEmailAddress }).waitFor();
    await expect(page.getByText('—', { exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Open my inbox' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: /log ?in/i }).first().waitFor({ state: 'visible' });
    await context.close();
  });
});
