import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { renewalConsentWords } from '@lbs/domain/renewals';
import { baseUrl, closeBrowser, newPage, screenshot, setSpecBaseUrl, transitionsSettled } from '../support/browser';
import { createVerifiedUser, loginInBrowser } from '../support/auth';
import { seriousViolations } from '../support/axe';
import { journeySteps } from '../support/journey';
import { startProductServer, type ProductServer } from '../support/product-server';
import { accountTimeZone, currentLicenses, type ApiLicense } from '../support/shop';
import { formatDate, setDisplayTimeZone } from '../../apps/web/src/lib/format-date';

// Licences that recur (decision 0021), as a customer meets them: "Renew automatically" at checkout
// with a test card on the local pay page, "Renews on …" in the overview, Turn off and on, and a
// month later the renewal charged on its own: a new end and the renewal's invoice.
//
// The journey moves the server's clock a month ahead (POST /api/dev/clock). On the run's shared
// server that would move time under the journeys running beside it, so this file starts its own.

const DAY = 24 * 60 * 60 * 1000;
const MONTHLY = 11;
/** Stripe's test card that always succeeds (packages/domain/src/test-cards.ts). */
const CARD_THAT_SUCCEEDS = '4242 4242 4242 4242';
const WORDS = renewalConsentWords([{ planName: 'Monthly License', type: 'month', unitPriceCents: 15000, quantity: 1 }], 'en');
/** Past the renewal's preparation (RENEWAL_LEAD_DAYS, 3, before the 30-day term ends), before the end. */
const A_MONTH_LATER_MS = 28 * DAY;

let server: ProductServer | undefined;

beforeAll(async () => {
  server = await startProductServer();
  setSpecBaseUrl(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await closeBrowser();
  await server?.stop();
});

/** Moves the server's clock (ctx.clock) to now + offset; the server runs its renewal job and delivers what it queued before answering. */
async function setServerClock(offsetMs: number): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offset_ms: offsetMs }),
  });
  if (!res.ok) throw new Error(`the dev clock answered ${res.status}: ${await res.text()}`);
}

/** The licence as the API says it now, with the renewal fields the overview reads. */
type RenewingLicense = ApiLicense & { auto_renew: boolean; order_id: number | null };
const theLicense = async (page: Page) => (await currentLicenses(page))[0] as RenewingLicense | undefined;

/** The part of the page a viewport shows: the table at 1440 px, the cards at 375 px (the other is hidden by CSS). */
const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).locator('visible=true');

describe.each(['desktop', 'mobile'] as const)('a Monthly licence that renews on its own (%s)', (viewport) => {
  const width = viewport === 'desktop' ? 1440 : 375;
  const step = journeySteps();
  let context: BrowserContext;
  let page: Page;
  let bought: RenewingLicense;

  afterAll(async () => {
    await context?.close();
    // The next viewport's licence is bought on today's clock and must not come due at once.
    await setServerClock(0);
  });

  step('checkout offers "Renew automatically" unticked, with its words; ticked, the local pay page saves the test card', async () => {
    const { email, password } = await createVerifiedUser();
    ({ context, page } = await newPage(viewport));
    await loginInBrowser(page, email, password);
    await page.goto('/accounts/plans');
    await page.evaluate((id) => localStorage.setItem('cart_items', JSON.stringify([{ product_id: id, quantity: 1 }])), MONTHLY);
    await page.goto('/shipping');
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();

    const renew = page.getByRole('checkbox', { name: 'Renew automatically' });
    await expect(renew.isChecked()).resolves.toBe(false);
    await expect(page.getByTestId('renewal-consent-words').innerText()).resolves.toBe(WORDS);
    await renew.check();
    await screenshot(page, `license-auto-renewal-checkout-${width}`);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByRole('dialog', { name: 'Terms and Conditions' }).getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/dev/pay/**');
    await page.getByLabel(/card number/i).fill(CARD_THAT_SUCCEEDS);
    await screenshot(page, `license-auto-renewal-pay-page-${width}`);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((u) => u.pathname === '/checkout/success');
    await page.getByText('Your payment was successful!').waitFor();

    await expect.poll(async () => (await theLicense(page))?.auto_renew).toBe(true);
    bought = (await theLicense(page))!;
    setDisplayTimeZone(await accountTimeZone(page));
  });

  step('the overview says "Renews on <end> · $150.00"', async () => {
    await page.goto('/accounts/overview');
    await visible(page, `Renews on ${formatDate(bought.expire_date)} · $150.00`).waitFor();
    await transitionsSettled(page);
    await screenshot(page, `license-auto-renewal-overview-${width}`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  step('Turn off takes effect at once; the paid term still ends when it did', async () => {
    await page.getByRole('button', { name: /^Turn off automatic renewal of license/ }).locator('visible=true').click();
    await page.getByText(/Automatic renewal is off\. Your license runs to the end of its paid term/).waitFor();
    await visible(page, `Ends on ${formatDate(bought.expire_date)}`).waitFor();
    const now = (await theLicense(page))!;
    expect(now.auto_renew).toBe(false);
    expect(now.expire_date).toBe(bought.expire_date);
  });

  step('Turn on asks first with the consent words, then renews again with the card saved at checkout', async () => {
    await page.getByRole('button', { name: /^Turn on automatic renewal of license/ }).locator('visible=true').click();
    const dialog = page.getByRole('dialog', { name: 'Turn on automatic renewal' });
    await dialog.getByText(WORDS, { exact: true }).waitFor();
    await transitionsSettled(page);
    await screenshot(page, `license-auto-renewal-turn-on-${width}`, { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Turn on', exact: true }).click();
    await page.getByText('Automatic renewal is on.').waitFor();
    await visible(page, `Renews on ${formatDate(bought.expire_date)} · $150.00`).waitFor();
    expect((await theLicense(page))!.auto_renew).toBe(true);
  });

  step('a month later the renewal is charged on its own: the overview shows the new end, the invoices the renewal', async () => {
    await setServerClock(A_MONTH_LATER_MS);
    const renewedUntil = new Date(Date.parse(bought.expire_date) + 30 * DAY).toISOString();
    // The same key, one term later, exactly (E + term), and still renewing.
    await expect.poll(async () => (await theLicense(page))?.expire_date).toBe(renewedUntil);
    const after = (await theLicense(page))!;
    expect(after._id).toBe(bought._id);
    expect(after.license_key).toBe(bought.license_key);
    expect(after.auto_renew).toBe(true);

    await page.goto('/accounts/overview');
    await visible(page, `Renews on ${formatDate(renewedUntil)} · $150.00`).waitFor();
    await expect(visible(page, `Renews on ${formatDate(bought.expire_date)} · $150.00`).count()).resolves.toBe(0);
    await transitionsSettled(page);
    await screenshot(page, `license-auto-renewal-renewed-${width}`);
    expect(await seriousViolations(page)).toEqual([]);

    // Two invoices: the purchase's and, newest first, the renewal order's.
    await page.goto('/accounts/settings/invoice');
    const rows = page.getByRole('region', { name: 'Invoices' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const orderIds = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent ?? ''));
    expect(orderIds[1]).toBe(String(bought.order_id));
    expect(orderIds[0]).not.toBe(String(bought.order_id));
    expect(Number(orderIds[0])).toBeGreaterThan(0);
    await screenshot(page, `license-auto-renewal-invoices-${width}`);
    expect(await seriousViolations(page, { alsoFail: ['landmark-unique'] })).toEqual([]);
  });
});
