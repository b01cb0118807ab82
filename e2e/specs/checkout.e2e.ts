import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, baseUrl, closeBrowser, newPage, screenshot } from '../support/browser';
import { createVerifiedUser, loginInBrowser, solveCaptcha, solveCaptchaWidget } from '../support/auth';
import { journeySteps } from '../support/journey';
import { waitForMail } from '../support/mailbox';

afterAll(closeBrowser);

/** Signs the admin in through the API once and answers its bearer headers. */
let adminHeaders: Promise<Record<string, string>> | undefined;
function admin(): Promise<Record<string, string>> {
  adminHeaders ??= (async () => {
    const { email, password } = adminCredentials();
    const res = await fetch(`${baseUrl()}/api/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: { email, password }, recaptchaToken: await solveCaptcha() }),
    });
    if (!res.ok) throw new Error(`admin sign-in answered ${res.status}: ${await res.text()}`);
    const { access_token: token } = (await res.json()) as { access_token: string };
    return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  })();
  return adminHeaders;
}

/** A coupon and one promotion code, made through the admin API as the back office would. */
async function createPromoCode(code: string, coupon: { discount_type: 'percent' | 'amount'; discount_value: number }): Promise<void> {
  const headers = await admin();
  const c = await fetch(`${baseUrl()}/api/voucher/coupon`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: `E2E ${code}`, ...coupon, ...(coupon.discount_type === 'amount' ? { currency: 'usd' } : {}) }),
  });
  if (c.status !== 201) throw new Error(`create coupon answered ${c.status}: ${await c.text()}`);
  const { id } = (await c.json()) as { id: string };
  const p = await fetch(`${baseUrl()}/api/voucher/promotion/${id}`, { method: 'POST', headers, body: JSON.stringify({ coupon_id: id, code }) });
  if (p.status !== 201) throw new Error(`create promotion answered ${p.status}: ${await p.text()}`);
}

const uniqueCode = (tag: string) => `${tag}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;

/** Puts lines in the stored cart and reloads /shipping, as a returning visitor (a new browser session) would find it. */
async function openCheckoutWith(page: Page, lines: Array<{ product_id: number; quantity: number }>) {
  await page.evaluate((items) => {
    localStorage.setItem('cart_items', JSON.stringify(items));
    sessionStorage.clear();
  }, lines);
  await page.goto('/shipping');
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
}

async function fillAddress(page: Page, address: { zip: string; country: string }) {
  await page.getByLabel('Full name').fill('Ana Tan');
  await page.getByLabel('Address').fill('1 Marina Boulevard');
  await page.getByLabel('City').fill('Singapore');
  await page.getByLabel('State / Province').fill('Central');
  await page.getByLabel('Postal code').fill(address.zip);
  await page.getByLabel('Country').selectOption(address.country);
}

const total = (page: Page) => page.getByTestId('order-total');

/**
 * The checkout rules, one named test each, for one signed-in shopper on a small screen. Each test
 * loads its own cart, so a failure names the rule that broke and the others still run.
 */
describe('checkout page rules (375 px)', () => {
  let context: BrowserContext;
  let page: Page;
  let email: string;
  /** A 10 % promotion code that applies to licences only. */
  let code: string;
  /** The messages of the browser's alert() dialogs, newest last. */
  const dialogs: string[] = [];

  beforeAll(async () => {
    const user = await createVerifiedUser();
    email = user.email;
    ({ context, page } = await newPage('mobile'));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await loginInBrowser(page, user.email, user.password);
    code = uniqueCode('LIC');
    await createPromoCode(code, { discount_type: 'percent', discount_value: 10 });
  });
  afterAll(() => context?.close());

  /** One roller to a Singapore address: the fee is quoted and the total shows. */
  async function rollerToSingapore() {
    await openCheckoutWith(page, [{ product_id: 2, quantity: 1 }]);
    await fillAddress(page, { zip: '018956', country: 'SG' });
    await expect.poll(() => total(page).innerText(), { timeout: 5000 }).toBe('$321.00');
  }

  it('an empty cart: Checkout shows the "Cart is empty" toast', async () => {
    await openCheckoutWith(page, []);
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Cart is empty' }).waitFor();
  });

  it('a roller: the address form with the account email, no fee and no total yet, and "Complete the form" in the page', async () => {
    dialogs.length = 0;
    await openCheckoutWith(page, [{ product_id: 2, quantity: 1 }]);
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
    await expect(total(page).innerText()).resolves.toBe('—');
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    // Said in the page, not in a browser alert(); the missing fields are marked and the first focused.
    await page.getByRole('alert').filter({ hasText: 'Complete the form' }).waitFor();
    expect(dialogs).toEqual([]);
    await expect(page.getByLabel('Address').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
  });

  it('the address and an applied code outlive a reload and a cancelled payment; a value typed first is not overwritten', async () => {
    await openCheckoutWith(page, [
      { product_id: 2, quantity: 1 },
      { product_id: 11, quantity: 1 },
    ]);
    await fillAddress(page, { zip: '018956', country: 'SG' });
    await page.getByRole('button', { name: 'Add promo code' }).click();
    await page.getByLabel('Promo code').fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(code, { exact: true }).waitFor();
    await expect.poll(() => total(page).innerText(), { timeout: 5000 }).toBe('$456.00');
    await page.reload();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await expect(page.getByLabel('Address').inputValue()).resolves.toBe('1 Marina Boulevard');
    await expect(page.getByLabel('Country').inputValue()).resolves.toBe('SG');
    await page.getByText(code, { exact: true }).waitFor();
    await expect.poll(() => total(page).innerText(), { timeout: 5000 }).toBe('$456.00');
    // To the pay page and back with Cancel: still all there.
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByRole('dialog', { name: 'Terms and Conditions' }).getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/dev/pay/**');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/shipping');
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Ana Tan');
    await page.getByText(code, { exact: true }).waitFor();
    // A name the buyer typed stays when the profile (re)loads: only empty fields are filled.
    await page.getByLabel('Email').fill('');
    await page.getByLabel('Email').fill('orders@booth.example');
    await page.reload();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe('orders@booth.example');
  });

  it('promotion codes: an unknown one, a failed lookup, and a licence-only code on a roller', async () => {
    await openCheckoutWith(page, [{ product_id: 2, quantity: 1 }]);
    await page.getByRole('button', { name: 'Add promo code' }).click();
    await page.getByLabel('Promo code').fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Invalid or inactive promo code').waitFor();
    // The lookup itself fails (network): its own message.
    await page.route('**/api/voucher/promotion/code/**', (route) => route.abort('failed'));
    try {
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('Failed to apply promo code').waitFor();
    } finally {
      await page.unroute('**/api/voucher/promotion/code/**');
    }
    await page.getByLabel('Promo code').fill(` ${code.toLowerCase()} `);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Promo code only applies to license items').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('the shipping fee follows the address 800 ms after the last change and a new quantity quotes again', async () => {
    await rollerToSingapore();
    await page.getByRole('button', { name: 'Increase quantity of Adhesion Roller' }).click();
    await expect(total(page).innerText()).resolves.toBe('—');
    await expect.poll(() => total(page).innerText(), { timeout: 5000 }).toBe('$630.00');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'checkout-form-375');
  });

  it('every field filled and a fee known, but an address that is not one: said at the field, no terms', async () => {
    await rollerToSingapore();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByText('Invalid email address', { exact: true }).waitFor();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
  });

  it('the terms open on Checkout and close with their animation, by Close and by Escape', async () => {
    await rollerToSingapore();
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await terms.getByRole('heading', { name: 'Terms and Conditions of Sale' }).waitFor();
    await screenshot(page, 'checkout-terms-375');
    await terms.getByRole('button', { name: 'Close', exact: true }).click();
    await terms.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await terms.getByRole('button', { name: 'Confirm' }).waitFor();
    await page.keyboard.press('Escape');
    await terms.waitFor({ state: 'hidden' });
  });

  it('decreasing a line at 1 removes it', async () => {
    await openCheckoutWith(page, [{ product_id: 2, quantity: 2 }]);
    await page.getByRole('button', { name: 'Decrease quantity of Adhesion Roller' }).click();
    await page.getByRole('button', { name: 'Remove Adhesion Roller', exact: true }).click();
    await page.getByText('Your cart is empty.').waitFor();
  });

  it('a licence-only cart needs no address; the licence promotion takes 10 % off and can be removed', async () => {
    await openCheckoutWith(page, [{ product_id: 11, quantity: 1 }]);
    await expect(page.getByLabel('Postal code').count()).resolves.toBe(0);
    await expect(total(page).innerText()).resolves.toBe('$150.00');
    await page.getByRole('button', { name: 'Add promo code' }).click();
    await page.getByLabel('Promo code').fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(`${code}`, { exact: true }).waitFor();
    await expect(total(page).innerText()).resolves.toBe('$135.00');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'checkout-licence-promo-375');
    await page.getByRole('button', { name: `Remove promo code ${code}` }).click();
    await expect(total(page).innerText()).resolves.toBe('$150.00');
  });

  it('the payment service fails: the spec\'s alert, and the shopper stays on the page', async () => {
    dialogs.length = 0;
    await openCheckoutWith(page, [{ product_id: 11, quantity: 1 }]);
    await page.route('**/api/subscriptions/create-checkout-session/one-payment', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: '{"detail":"Bad gateway"}' }),
    );
    try {
      await page.getByRole('button', { name: 'Checkout', exact: true }).click();
      await page.getByRole('dialog', { name: 'Terms and Conditions' }).getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('alert').filter({ hasText: 'An error occurred. Please try again.' }).waitFor();
      expect(dialogs).toEqual([]);
      expect(new URL(page.url()).pathname).toBe('/shipping');
    } finally {
      await page.unroute('**/api/subscriptions/create-checkout-session/one-payment');
    }
  });
});

describe('buying from the pages', () => {
  describe('a signed-in shopper buys a yearly licence and a roller with a promotion code', () => {
    const step = journeySteps();
    let context: BrowserContext;
    let page: Page;
    let email: string;
    let code: string;

    beforeAll(async () => {
      const user = await createVerifiedUser();
      email = user.email;
      code = uniqueCode('TEN');
      await createPromoCode(code, { discount_type: 'percent', discount_value: 10 });
      ({ context, page } = await newPage('desktop'));
      await loginInBrowser(page, user.email, user.password);
    });
    afterAll(() => context?.close());

    step('Pricing: Purchase Yearly License adds it, with the toast', async () => {
      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Purchase Yearly License' }).click();
      await page.getByRole('alert').filter({ hasText: 'Product added to cart successfully' }).first().waitFor();
    });

    step('Accessories: Add to Cart adds a roller; the cart link counts 2 items and opens checkout', async () => {
      await page.goto('/accessories');
      await page.locator('[data-accessory="adhesion_roller"]').getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('link', { name: 'Cart, 2 items' }).click();
      await page.waitForURL('**/shipping');
    });

    step('checkout lists both lines and quotes the roller to Singapore', async () => {
      await expect(page.getByTestId('cart-line-12').innerText()).resolves.toContain('Yearly License');
      await expect(page.getByTestId('cart-line-2').innerText()).resolves.toContain('Adhesion Roller');
      await fillAddress(page, { zip: '018956', country: 'SG' });
      // Roller 1.5 kg to Singapore: $12 + 3 × $3.
      await expect.poll(() => total(page).innerText(), { timeout: 5000 }).toBe('$1,821.00');
    });

    step('the promotion code takes 10 % off the licence', async () => {
      await page.getByRole('button', { name: 'Add promo code' }).click();
      await page.getByLabel('Promo code').fill(code);
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('status').filter({ hasText: code }).waitFor();
      await expect(total(page).innerText()).resolves.toBe('$1,671.00');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'checkout-1440');
    });

    step('Checkout shows the terms; Confirm leads to the local pay page with the amount due', async () => {
      await page.getByRole('button', { name: 'Checkout', exact: true }).click();
      const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
      await terms.getByRole('heading', { name: 'Terms and Conditions of Sale' }).waitFor();
      await screenshot(page, 'checkout-terms-1440');
      await terms.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL(/\/dev\/pay\/lps_/);
      await page.getByText('Amount due').waitFor({ state: 'visible' });
      await screenshot(page, 'checkout-pay-page-1440');
    });

    step('paying returns to the success page and empties the cart', async () => {
      await page.getByRole('button', { name: 'Pay $1,671.00' }).click();
      await page.waitForURL((u) => u.pathname === '/checkout/success');
      await page.getByText('Your payment was successful!').waitFor();
      await page.getByText('Check your email to get more details').waitFor();
      await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cart_items') ?? '[]').length)).toBe(0);
      await page.getByRole('link', { name: 'Cart, 0 items' }).waitFor({ state: 'visible' });
      await screenshot(page, 'checkout-success-1440');
    });

    step('the receipt mail carries one licence key, both lines, the discount and the total', async () => {
      const receipt = await waitForMail(email, /receipt/i);
      const keys = receipt.text.match(/[0-9A-HJKMNP-TV-Z]{5}(?:-[0-9A-HJKMNP-TV-Z]{5}){5}/g) ?? [];
      expect(keys).toHaveLength(1);
      expect(receipt.text).toContain('Yearly License × 1');
      expect(receipt.text).toContain('Adhesion Roller × 1');
      expect(receipt.text).toContain(`Discount (${code}): -$150.00`);
      expect(receipt.text).toContain('Total paid: $1,671.00 USD');
      expect(receipt.html).toContain(keys[0]);
    });
  });

  it('a shopper whose session ended signs in at /signin and comes back to the cart; Cancel on the pay page keeps it', async () => {
    const { email, password } = await createVerifiedUser();
    const { context, page } = await newPage('mobile');
    await loginInBrowser(page, email, password);
    await openCheckoutWith(page, [{ product_id: 10, quantity: 2 }]);
    await expect(total(page).innerText()).resolves.toBe('$80.00');

    // Signed out elsewhere: the stored token no longer opens a session.
    await page.evaluate(() => localStorage.setItem('access_token', 'revoked-token-revoked-token-revoked-token-x'));
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByRole('dialog', { name: 'Terms and Conditions' }).getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/signin');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await solveCaptchaWidget(page);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/shipping');
    await expect(page.getByTestId('cart-line-10').innerText()).resolves.toContain('Daily License');

    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByRole('dialog', { name: 'Terms and Conditions' }).getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/dev\/pay\/lps_/);
    await screenshot(page, 'checkout-pay-page-375');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/shipping');
    await expect(page.getByTestId('cart-line-10').innerText()).resolves.toContain('Daily License');
    await context.close();
  });
});
