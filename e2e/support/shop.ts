import type { Page } from 'playwright-core';

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
