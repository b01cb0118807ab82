import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { adminCredentials, baseUrl, closeBrowser, newPage, screenshot } from '../support/browser';
import { createVerifiedUser, loginInBrowser, solveCaptcha, solveCaptchaWidget } from '../support/auth';
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

/** Puts lines in the stored cart and reloads /shipping, as a returning visitor would find it. */
async function openCheckoutWith(page: Page, lines: Array<{ product_id: number; quantity: number }>) {
  await page.evaluate((items) => localStorage.setItem('cart_items', JSON.stringify(items)), lines);
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

describe('checkout page rules', () => {
  it('applies the spec rules and messages on a small screen', async () => {
    const { email, password } = await createVerifiedUser();
    const { context, page } = await newPage('mobile');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await loginInBrowser(page, email, password);

    // Empty cart: the toast.
    await openCheckoutWith(page, []);
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Cart is empty' }).waitFor();

    // A roller: the address form, no fee yet, no total, and 'Complete the form'.
    await openCheckoutWith(page, [{ product_id: 2, quantity: 1 }]);
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
    await expect(total(page).innerText()).resolves.toBe('—');
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await expect.poll(() => dialogs.at(-1)).toBe('Complete the form');

    // A promotion code only for licences; an unknown one.
    const code = uniqueCode('LIC');
    await createPromoCode(code, { discount_type: 'percent', discount_value: 10 });
    await page.getByRole('button', { name: 'Add promo code' }).click();
    await page.getByLabel('Promo code').fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Invalid or inactive promo code').waitFor();
    // The lookup itself fails (network): its own message.
    await page.route('**/api/voucher/promotion/code/**', (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Failed to apply promo code').waitFor();
    await page.unroute('**/api/voucher/promotion/code/**');
    await page.getByLabel('Promo code').fill(` ${code.toLowerCase()} `);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Promo code only applies to license items').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // The fee follows the address 800 ms after the last change; then the total shows.
    await fillAddress(page, { zip: '018956', country: 'SG' });
    await expect.poll(() => total(page).innerText(), { timeout: 5000 }).toBe('$321.00');
    await page.getByRole('button', { name: 'Increase quantity of Adhesion Roller' }).click();
    await expect(total(page).innerText()).resolves.toBe('—');
    await expect.poll(() => total(page).innerText(), { timeout: 5000 }).toBe('$630.00');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'checkout-form-375');

    // Every field filled and a fee known, but the address is not one: said at the field.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByText('Invalid email address', { exact: true }).waitFor();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await page.getByLabel('Email').fill(email);

    // The terms open on Checkout and close with their animation.
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

    // Decreasing at 1 removes the line; a licence-only cart needs no address.
    await page.getByRole('button', { name: 'Decrease quantity of Adhesion Roller' }).click();
    await page.getByRole('button', { name: 'Remove Adhesion Roller', exact: true }).click();
    await page.getByText('Your cart is empty.').waitFor();
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

    // The payment service fails: the spec's alert, and the shopper stays on the page.
    await page.route('**/api/subscriptions/create-checkout-session/one-payment', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: '{"detail":"Bad gateway"}' }),
    );
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByRole('dialog', { name: 'Terms and Conditions' }).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => dialogs.at(-1)).toBe('An error occurred. Please try again.');
    expect(new URL(page.url()).pathname).toBe('/shipping');
    await context.close();
  });
});

describe('buying from the pages', () => {
  it('sign in, add a yearly licence and a roller, pay on the local page, get the key by mail', async () => {
    const { email, password } = await createVerifiedUser();
    const code = uniqueCode('TEN');
    await createPromoCode(code, { discount_type: 'percent', discount_value: 10 });
    const { context, page } = await newPage('desktop');
    await loginInBrowser(page, email, password);

    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Purchase Yearly License' }).click();
    await page.getByRole('alert').filter({ hasText: 'Product added to cart successfully' }).first().waitFor();
    await page.goto('/accessories');
    await page.locator('[data-accessory="adhesion_roller"]').getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('link', { name: 'Cart, 2 items' }).click();
    await page.waitForURL('**/shipping');

    await expect(page.getByTestId('cart-line-12').innerText()).resolves.toContain('Yearly License');
    await expect(page.getByTestId('cart-line-2').innerText()).resolves.toContain('Adhesion Roller');
    await fillAddress(page, { zip: '018956', country: 'SG' });
    // Roller 1.5 kg to Singapore: $12 + 3 × $3.
    await expect.poll(() => total(page).innerText(), { timeout: 5000 }).toBe('$1,821.00');
    await page.getByRole('button', { name: 'Add promo code' }).click();
    await page.getByLabel('Promo code').fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('status').filter({ hasText: code }).waitFor();
    await expect(total(page).innerText()).resolves.toBe('$1,671.00');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'checkout-1440');

    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await terms.getByRole('heading', { name: 'Terms and Conditions of Sale' }).waitFor();
    await screenshot(page, 'checkout-terms-1440');
    await terms.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL(/\/dev\/pay\/lps_/);
    await expect(page.getByText('Amount due').isVisible()).resolves.toBe(true);
    await screenshot(page, 'checkout-pay-page-1440');
    await page.getByRole('button', { name: 'Pay $1,671.00' }).click();

    await page.waitForURL('**/checkout/success');
    await page.getByText('Your payment was successful!').waitFor();
    await page.getByText('Check your email to get more details').waitFor();
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cart_items') ?? '[]').length)).toBe(0);
    await expect(page.getByRole('link', { name: 'Cart, 0 items' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'checkout-success-1440');

    const receipt = await waitForMail(email, /receipt/i);
    const keys = receipt.text.match(/[0-9A-HJKMNP-TV-Z]{5}(?:-[0-9A-HJKMNP-TV-Z]{5}){5}/g) ?? [];
    expect(keys).toHaveLength(1);
    expect(receipt.text).toContain('Yearly License × 1');
    expect(receipt.text).toContain('Adhesion Roller × 1');
    expect(receipt.text).toContain(`Discount (${code}): -$150.00`);
    expect(receipt.text).toContain('Total paid: $1,671.00 USD');
    expect(receipt.html).toContain(keys[0]);
    await context.close();
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
