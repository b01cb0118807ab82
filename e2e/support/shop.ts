import type { Page } from 'playwright-core';
import { addToCart, emptyCart, needsShipping, paymentProducts } from '@lbs/domain/cart';
import { computeShippingFee } from '@lbs/domain/shipping';
import { signInThroughApi } from './auth';
import { baseUrl } from './browser';

/** From the cart page: Checkout, accept the terms, pay on the local pay page, back on success. */
export async function payForTheCart(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await page.getByRole('dialog', { name: 'Terms and Conditions' }).getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL('**/dev/pay/**');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL((u) => u.pathname === '/checkout/success');
  await page.getByText('Your payment was successful!').waitFor();
}

/** Buys what the lines say (licences need no shipping form) through the real checkout and the local pay page. */
export async function buyThroughCheckout(page: Page, lines: Array<{ product_id: number; quantity: number }>): Promise<void> {
  await page.goto('/accounts/plans');
  await page.evaluate((items) => localStorage.setItem('cart_items', JSON.stringify(items)), lines);
  await page.goto('/shipping');
  await payForTheCart(page);
}

/** The unread count the bell announces. */
export async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? NaN);
}

export interface ApiLicense {
  _id: string;
  license_key: string;
  expire_date: string;
  device_number?: string | null;
}

/** The signed-in customer's current licences, read through the API with the page's own session. */
export async function currentLicenses(page: Page): Promise<ApiLicense[]> {
  return page.evaluate(async () => {
    const res = await fetch('/api/subscriptions/licenses?mode=CURRENT&page=1', {
      headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` },
    });
    if (!res.ok) throw new Error(`licences answered ${res.status}`);
    return ((await res.json()) as { items: ApiLicense[] }).items;
  });
}

/** The signed-in customer's display time zone (the account area shows its dates in it), read through the API. */
export async function accountTimeZone(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const res = await fetch('/api/users/me/preferences', {
      headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` },
    });
    if (!res.ok) throw new Error(`preferences answered ${res.status}`);
    return ((await res.json()) as { time_zone: string }).time_zone;
  });
}

/** Where the API buyers' parcels go (a real Singapore address: the server checks the postcode). */
export const SHIP_TO = { name: 'Ana Tan', email: '', address: '1 Marina Boulevard', city: 'Singapore', state: 'Central', zip: '018956', country: 'SG' };

/**
 * The customer buys these lines through the API (shipped to SHIP_TO when any needs shipping) and
 * pays on the local pay page as its Pay button posts; answers the new order's id.
 */
export async function buyThroughApi(customer: { email: string; password: string }, lines: Array<{ productId: number; quantity: number }>): Promise<number> {
  const headers = await signInThroughApi(customer.email, customer.password);
  const cart = lines.reduce((c, l) => addToCart(c, l.productId, l.quantity), emptyCart());
  const shippable = needsShipping(cart.items);
  const shippingFee = shippable ? computeShippingFee('SG', lines.map((l) => ({ product_id: l.productId, quantity: l.quantity }))) : 0;
  const res = await fetch(`${baseUrl()}/api/subscriptions/create-checkout-session/one-payment`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email: customer.email,
      shipping_fee: shippingFee,
      discount: 0,
      products: paymentProducts(cart.items),
      total_amount: cart.totalCartPrice + shippingFee,
      ...(shippable ? { shipping_info: { ...SHIP_TO, email: customer.email } } : {}),
    }),
  });
  if (!res.ok) throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
  const session = /\/dev\/pay\/(lps_[\w-]+)$/.exec(((await res.json()) as { url: string }).url)![1]!;
  const pay = await fetch(`${baseUrl()}/dev/pay/${session}/pay`, { method: 'POST', redirect: 'manual' });
  if (pay.status !== 303) throw new Error(`pay answered ${pay.status}`);
  const me = await fetch(`${baseUrl()}/api/users/me`, { headers }).then((r) => r.json() as Promise<{ id: number }>);
  const paid = await fetch(`${baseUrl()}/api/order/user/${me.id}`, { headers }).then((r) => r.json() as Promise<{ items: Array<{ order_id: number }> }>);
  return paid.items[0]!.order_id;
}
