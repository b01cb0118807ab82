import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { adminCredentials, closeBrowser, newPage, screenshot } from '../support/browser';
import { createVerifiedUser, loginInBrowser } from '../support/auth';
import { journeySteps } from '../support/journey';
import { seriousViolations } from '../support/axe';
import { payForTheCart } from '../support/shop';

afterAll(closeBrowser);

const unique = Date.now().toString(36).toUpperCase();
const couponName = `E2E $25 off ${unique}`;
const code = `QA25${unique}`;

/** A toast with exactly this text (react-toastify's toasts are alerts). */
const toastSaying = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: new RegExp(`^${text.replace(/[.$]/g, '\\$&')}$`) });

/**
 * Closes every toast. Toasts pause while the window is not focused (the spec's pause on focus
 * loss), so after the customer's page had the focus they stay, over the list's right-hand buttons.
 */
async function dismissToasts(page: Page) {
  const toasts = page.locator('.Toastify__toast');
  const deadline = Date.now() + 15_000;
  for (let left = await toasts.count(); left > 0 && Date.now() < deadline; left = await toasts.count()) {
    // A toast may be sliding in, or leave on its own while we reach for it: neither is a failure.
    await toasts.first().locator('.Toastify__close-button').click({ force: true, timeout: 2_000 }).catch(() => undefined);
    await expect.poll(() => toasts.count(), { timeout: 3_000 }).toBeLessThan(left).catch(() => undefined);
  }
  await expect.poll(() => toasts.count()).toBe(0);
}

/** No serious or critical axe-core finding on what the page shows now. */
async function expectAccessible(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
}

/** The checkout of one Monthly License ($150) with a promotion code typed in and applied. */
async function applyCodeAtCheckout(page: Page, promoCode: string) {
  await page.evaluate(() =>
    localStorage.setItem('cart_items', JSON.stringify([{ product_id: 11, quantity: 1 }])),
  );
  await page.goto('/shipping');
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
  await expect(page.getByTestId('order-total').innerText()).resolves.toBe('$150.00');
  await page.getByRole('button', { name: 'Add promo code' }).click();
  await page.getByLabel('Promo code').fill(promoCode.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
}

describe('an admin runs a coupon from creation to deletion, and a customer sees it work and stop', () => {
  const step = journeySteps();
  let adminContext: BrowserContext;
  let admin: Page;
  let customerContext: BrowserContext;
  let customer: Page;
  let details: Locator;

  beforeAll(async () => {
    ({ context: adminContext, page: admin } = await newPage('desktop'));
    const { email, password } = adminCredentials();
    await loginInBrowser(admin, email, password);
    const shopper = await createVerifiedUser();
    ({ context: customerContext, page: customer } = await newPage('mobile'));
    await loginInBrowser(customer, shopper.email, shopper.password);
  });
  afterAll(async () => {
    await adminContext?.close();
    await customerContext?.close();
  });

  step('the COUPONS tab shows Coupon Management with its table', async () => {
    await admin.goto('/accounts/overview');
    await admin
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'COUPONS' })
      .click();
    await admin.waitForURL('**/accounts/overview/coupons');
    await admin.getByRole('heading', { name: 'Coupon Management' }).waitFor();
    await admin.getByRole('button', { name: '+ Create Coupon' }).waitFor();
    await expectAccessible(admin, 'coupon list');
  });

  step('a list that cannot be loaded says "Failed to load coupons"', async () => {
    await admin.route('**/api/voucher/coupon?*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"detail":"Internal Server Error"}',
      }),
    );
    try {
      await admin.reload();
      // The toast says it, and the list says it in place of its rows (never "no coupons").
      await admin.locator('.Toastify__toast').filter({ hasText: 'Failed to load coupons' }).waitFor();
      await expect.poll(() => toastSaying(admin, 'Failed to load coupons').count()).toBe(2);
      await admin.getByRole('button', { name: 'Try again' }).waitFor();
    } finally {
      await admin.unroute('**/api/voucher/coupon?*');
    }
    await admin.reload();
    await admin.getByRole('heading', { name: 'Coupon Management' }).waitFor();
  });

  step(
    'Create Coupon: an empty form says the name is required; a $25 fixed amount is created',
    async () => {
      await admin.getByRole('button', { name: '+ Create Coupon' }).click();
      const form = admin.getByRole('dialog', { name: 'Create Coupon' });
      await form.getByRole('button', { name: 'Create Coupon' }).click();
      await form.getByText('Coupon name is required').waitFor();
      await form.getByText('Discount value is required and must be a number').waitFor();
      await expectAccessible(admin, 'create coupon dialog');
      await form.getByLabel('Coupon name').fill(couponName);
      await form.getByLabel('Fixed Amount Off').check();
      await form.getByLabel('Discount value (USD)').fill('25');
      await form.getByRole('button', { name: 'Create Coupon' }).click();
      await toastSaying(admin, 'Coupon created').waitFor();
      await form.waitFor({ state: 'hidden' });
      const row = admin.getByRole('row').filter({ hasText: couponName });
      await expect(row.innerText()).resolves.toMatch(
        /Fixed Amount Off\s+\$25\.00\s+Unlimited\s+0\s+\$0\.00\s+Never/,
      );
    },
  );

  step('the coupon’s details: type, value, Unlimited uses, and no promotions yet', async () => {
    await admin.getByRole('button', { name: couponName }).first().click();
    details = admin.getByRole('dialog', { name: couponName });
    await details.getByText('No promotions available.').waitFor();
    const facts = await details.locator('dl').first().innerText();
    expect(facts).toContain('Fixed Amount Off');
    expect(facts).toContain('$25.00');
    expect(facts).toContain('Unlimited');
  });

  step(
    'Create Promotion: an empty code is refused once; the code is created and listed as Active',
    async () => {
      await details.getByRole('button', { name: '+ Add Promotion' }).click();
      const form = admin.getByRole('dialog', { name: `Create Promotion for ${couponName}` });
      await form.getByRole('button', { name: 'Create Promotion' }).click();
      await form.getByText('Promotion code is required').waitFor();
      await expect(form.getByText('Promotion code is required').count()).resolves.toBe(1);
      await form.getByLabel('Promotion code').fill(code);
      await form.getByRole('button', { name: 'Create Promotion' }).click();
      await toastSaying(admin, 'Promotion created').waitFor();
      await form.waitFor({ state: 'hidden' });
      const row = details.getByRole('row').filter({ hasText: code });
      await expect(row.innerText()).resolves.toMatch(
        /Active\s+Unlimited\s+0\s+\$0\.00 given\s+Never\s+None\s+Deactivate/,
      );
    },
  );

  step('the same code in another letter case is refused with the server’s detail', async () => {
    await details.getByRole('button', { name: '+ Add Promotion' }).click();
    const form = admin.getByRole('dialog', { name: `Create Promotion for ${couponName}` });
    await form.getByLabel('Promotion code').fill(code.toLowerCase());
    await form.getByRole('button', { name: 'Create Promotion' }).click();
    await toastSaying(admin, 'Failed to create promotion').waitFor();
    await expect(form.getByRole('alert').innerText()).resolves.toBe(
      'This promotion code already exists',
    );
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
  });

  step('Deactivate and Activate turn the code off and on again', async () => {
    const row = details.getByRole('row').filter({ hasText: code });
    await row.getByRole('button', { name: `Deactivate ${code}` }).click();
    await toastSaying(admin, 'Promotion deactivated').waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Activate ${code}` }).click();
    await toastSaying(admin, 'Promotion activated').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    // A refused change: the failure toast, and the code keeps its status.
    await admin.route('**/api/voucher/promotion/*/status', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"detail":"Internal Server Error"}',
      }),
    );
    try {
      await row.getByRole('button', { name: `Deactivate ${code}` }).click();
      await toastSaying(admin, 'Failed to update status').waitFor();
      await row.getByText('Active', { exact: true }).waitFor();
    } finally {
      await admin.unroute('**/api/voucher/promotion/*/status');
    }
    await expectAccessible(admin, 'coupon details dialog');
    await screenshot(admin, 'admin-coupon-details-1440');
    await details.getByRole('button', { name: 'Close', exact: true }).last().click();
    await details.waitFor({ state: 'hidden' });
  });

  step('a customer applies the code at checkout: $25 off a $150 licence', async () => {
    await applyCodeAtCheckout(customer, code);
    await customer.getByRole('status').filter({ hasText: code }).waitFor();
    await expect(customer.getByTestId('order-total').innerText()).resolves.toBe('$125.00');
  });

  step('once paid, the coupon and its code each count one paid use and $25.00 given, at 1440 and 375 px', async () => {
    await payForTheCart(customer);
    await admin.bringToFront();
    await dismissToasts(admin);
    await admin.reload();
    const row = admin.getByRole('row').filter({ hasText: couponName });
    await expect.poll(() => row.innerText()).toMatch(/Unlimited\s+1\s+\$25\.00\s+Never/);
    await admin.getByRole('button', { name: couponName }).first().click();
    const codeRow = admin.getByRole('dialog', { name: couponName }).getByRole('row').filter({ hasText: code });
    await expect.poll(() => codeRow.innerText()).toMatch(/Active\s+Unlimited\s+1\s+\$25\.00 given\s+Never/);
    await screenshot(admin, 'admin-coupon-redemptions-1440');
    await admin.getByRole('dialog', { name: couponName }).getByRole('button', { name: 'Close', exact: true }).last().click();
    await admin.setViewportSize({ width: 375, height: 812 });
    try {
      // The card of the coupon: its figures labelled, the page no wider than the phone.
      const card = admin.locator('li').filter({ hasText: couponName }).locator('visible=true');
      await expect.poll(() => card.innerText()).toMatch(/Paid Uses\s+1[\s\S]*Discount Given\s+\$25\.00/);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(admin, 'coupon list at 375 px');
      await screenshot(admin, 'admin-coupon-redemptions-375');
    } finally {
      await admin.setViewportSize({ width: 1440, height: 900 });
    }
  });

  step('the admin deletes the coupon after confirming; it leaves the list', async () => {
    await admin.bringToFront();
    await dismissToasts(admin);
    const row = admin.getByRole('row').filter({ hasText: couponName });
    await row.getByRole('button', { name: `Delete ${couponName}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Delete coupon' });
    await confirm.getByText(couponName).waitFor();
    // The answer is held back a moment, so the busy toast can be seen before it turns into 'Deleted'.
    await admin.route('**/api/voucher/coupon/*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    try {
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await toastSaying(admin, 'Deleting a coupon...').waitFor();
      await toastSaying(admin, 'Deleted').waitFor();
    } finally {
      await admin.unroute('**/api/voucher/coupon/*');
    }
    await row.waitFor({ state: 'detached' });
  });

  step('the deleted coupon’s code no longer works at checkout', async () => {
    await applyCodeAtCheckout(customer, code);
    // The promo box's own answer, whichever it is: another message (a failed lookup says 'Failed
    // to apply promo code') fails here with its words instead of a 15-second wait for these.
    const answer = customer.getByRole('complementary', { name: 'Order summary' }).getByRole('alert');
    await answer.waitFor();
    await expect(answer.innerText()).resolves.toBe('Invalid or inactive promo code');
    await expect(customer.getByTestId('order-total').innerText()).resolves.toBe('$150.00');
  });

  step('ACTIVITY names the coupon and its code as they were, with dates as dates, not ids', async () => {
    await admin.bringToFront();
    await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'ACTIVITY' }).click();
    await admin.waitForURL('**/accounts/overview/activity');
    const entry = (action: string, label: string) =>
      admin.locator('table tbody tr').filter({ has: admin.locator(`[data-action="${action}"]`) }).filter({ hasText: label }).first();
    // Deleted, the coupon is in no list any more: the entry keeps its name.
    const deleted = entry('coupon.deleted', `coupon “${couponName}”`);
    await deleted.waitFor();
    const target = deleted.locator('[title^="coupon "]');
    const couponId = (await target.getAttribute('title'))!.slice('coupon '.length);
    const text = await deleted.innerText();
    expect(text).not.toContain(couponId.slice(0, 8));
    // The entry's time and the deletion time among its changes, as '26 Nov 2026, 10:41'.
    const DATE_TIME = /\b\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\b/;
    expect(await deleted.locator('time').innerText()).toMatch(DATE_TIME);
    expect(await deleted.locator('li', { hasText: 'deleted at:' }).innerText()).toMatch(DATE_TIME);
    await entry('promotion.created', `promotion code ${code}`).waitFor();
    await entry('promotion.status_changed', `promotion code ${code}`).waitFor();
    expect(await seriousViolations(admin, { include: 'main' })).toEqual([]);
  });
});
