import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { truncateKey } from '@lbs/domain/license-terms';
import { renewalStopsWords } from '@lbs/domain/payment-cards';
import { renewalConsentWords } from '@lbs/domain/renewals';
import { VIEWPORTS, baseUrl, closeBrowser, newPage, screenshot, setSpecBaseUrl, transitionsSettled } from '../support/browser';
import { createVerifiedUser, loginInBrowser } from '../support/auth';
import { seriousViolations, LANDMARK_RULES } from '../support/axe';
import { journeySteps } from '../support/journey';
import { startProductServer, type ProductServer } from '../support/product-server';
import { accountTimeZone, currentLicenses, type ApiLicense } from '../support/shop';
import { formatDate, setDisplayTimeZone } from '../../apps/web/src/lib/format-date';

// Licences that recur (decision 0021), as a customer meets them: "Renew automatically" at checkout
// with a test card on the local pay page, "Renews on …" in the overview, Turn off and on, and a
// month later the renewal charged on its own: a new end and the renewal's invoice; then the card in
// Settings replaced and removed (decision 0022), which turns renewal off. One purchase,
// each screen seen at 1440 and at 375 px (the same page resized), so the month passes once.
//
// The journey moves the server's clock a month ahead (POST /api/dev/clock). On the run's shared
// server that would move time under the journeys running beside it, so this file starts its own.

const DAY = 24 * 60 * 60 * 1000;
const MONTHLY = 11;
/** Stripe's test cards (packages/domain/src/test-cards.ts): always succeeds; saves, then declines later. */
const CARD_THAT_SUCCEEDS = '4242 4242 4242 4242';
const CARD_DECLINED_LATER = '4000 0000 0000 0341';
/** Another test card that always succeeds: replacing the saved card changes the last four. */
const ANOTHER_CARD = '5555 5555 5555 4444';
const WORDS = renewalConsentWords([{ planName: 'Monthly License', type: 'month', unitPriceCents: 15000, quantity: 1 }], 'en');
/** Past the renewal's preparation (RENEWAL_LEAD_DAYS, 3, before the 30-day term ends), before the end. */
const A_MONTH_LATER_MS = 28 * DAY;
const WIDTHS = [VIEWPORTS.desktop, VIEWPORTS.mobile] as const;

let server: ProductServer | undefined;
let context: BrowserContext | undefined;
let page: Page;
let bought: RenewingLicense;

beforeAll(async () => {
  server = await startProductServer();
  setSpecBaseUrl(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await context?.close();
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

/** The bought licence's end one term later: its renewal sets E + 30 days, whenever it is paid. */
const renewedUntil = () => new Date(Date.parse(bought.expire_date) + 30 * DAY).toISOString();

/** The licence as the API says it now, with the renewal fields the overview reads. */
type RenewingLicense = ApiLicense & {
  auto_renew: boolean;
  order_id: number | null;
  renewal_due: { since: string; grace_until: string; in_grace: boolean; next_try_at: string | null; failure: string | null } | null;
};
const theLicense = async () => (await currentLicenses(page))[0] as RenewingLicense | undefined;

/** Text as this width shows it: the table at 1440 px, the cards at 375 px (the other is hidden by CSS). */
const visible = (text: string | RegExp) => page.getByText(text, { exact: typeof text === 'string' }).locator('visible=true');

/** `check` at 1440 px and then at 375 px, each followed by a screenshot `<name>-<width>` and axe. */
async function atBothWidths(name: string, check: () => Promise<void>, opts: { alsoFail?: readonly string[]; fullPage?: boolean } = {}): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await check();
    await transitionsSettled(page);
    await screenshot(page, `${name}-${size.width}`, { fullPage: opts.fullPage });
    expect(await seriousViolations(page, { alsoFail: opts.alsoFail })).toEqual([]);
  }
}

/** A new customer, signed in on a fresh page, with a Monthly licence in the cart, on the checkout page. */
async function newCustomerAtCheckout(): Promise<void> {
  await context?.close();
  const { email, password } = await createVerifiedUser();
  ({ context, page } = await newPage('desktop'));
  await loginInBrowser(page, email, password);
  await page.goto('/accounts/plans');
  await page.evaluate((id) => localStorage.setItem('cart_items', JSON.stringify([{ product_id: id, quantity: 1 }])), MONTHLY);
  await page.goto('/shipping');
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
}

/** On the local pay page: the card number, then Pay; back in the shop once paid. */
async function payWithCard(card: string, shot?: string): Promise<void> {
  await page.waitForURL('**/dev/pay/**');
  await page.getByLabel(/card number/i).fill(card);
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/dev/pay/'));
}

describe('a Monthly licence that renews on its own', () => {
  const step = journeySteps();
  // The next journey's licence is bought on today's clock and must not come due at once.
  afterAll(() => setServerClock(0));

  step('checkout offers "Renew automatically" unticked, with its words; ticked, the local pay page saves the test card', async () => {
    await newCustomerAtCheckout();

    const renew = page.getByRole('checkbox', { name: 'Renew automatically' });
    await atBothWidths('license-auto-renewal-checkout', async () => {
      await expect(renew.isChecked()).resolves.toBe(false);
      await expect(page.getByTestId('renewal-consent-words').innerText()).resolves.toBe(WORDS);
    });
    await page.setViewportSize(VIEWPORTS.desktop);
    await renew.check();
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByRole('dialog', { name: 'Terms and Conditions' }).getByRole('button', { name: 'Confirm' }).click();
    await payWithCard(CARD_THAT_SUCCEEDS, 'license-auto-renewal-pay-page-1440');
    await page.getByText('Your payment was successful!').waitFor();

    await expect.poll(async () => (await theLicense())?.auto_renew).toBe(true);
    bought = (await theLicense())!;
    setDisplayTimeZone(await accountTimeZone(page));
  });

  step('the overview says "Renews on <end> · $150.00"', async () => {
    await page.goto('/accounts/overview');
    await atBothWidths('license-auto-renewal-overview', () => visible(`Renews on ${formatDate(bought.expire_date)} · $150.00`).waitFor());
  });

  step('Turn off takes effect at once; the paid term still ends when it did', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByRole('button', { name: /^Turn off automatic renewal of license/ }).locator('visible=true').click();
    await page.getByText(/Automatic renewal is off\. Your license runs to the end of its paid term/).waitFor();
    await atBothWidths('license-auto-renewal-turned-off', () => visible(`Ends on ${formatDate(bought.expire_date)}`).waitFor());
    const now = (await theLicense())!;
    expect(now.auto_renew).toBe(false);
    expect(now.expire_date).toBe(bought.expire_date);
  });

  step('Turn on asks first with the consent words, then renews again with the card saved at checkout', async () => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.getByRole('button', { name: /^Turn on automatic renewal of license/ }).locator('visible=true').click();
    const dialog = page.getByRole('dialog', { name: 'Turn on automatic renewal' });
    await atBothWidths('license-auto-renewal-turn-on', () => dialog.getByText(WORDS, { exact: true }).waitFor(), { fullPage: false });
    await dialog.getByRole('button', { name: 'Turn on', exact: true }).click();
    await page.getByText('Automatic renewal is on.').waitFor();
    await visible(`Renews on ${formatDate(bought.expire_date)} · $150.00`).waitFor();
    expect((await theLicense())!.auto_renew).toBe(true);
  });

  step('a month later the renewal is charged on its own: the same key, one term later, still renewing', async () => {
    await setServerClock(A_MONTH_LATER_MS);
    // Exactly E + term (not from the day it was charged), through the one fulfilment path.
    await expect.poll(async () => (await theLicense())?.expire_date).toBe(renewedUntil());
    const after = (await theLicense())!;
    expect(after._id).toBe(bought._id);
    expect(after.license_key).toBe(bought.license_key);
    expect(after.auto_renew).toBe(true);
  });

  step('the overview shows the new end', async () => {
    await page.goto('/accounts/overview');
    await atBothWidths('license-auto-renewal-renewed', async () => {
      await visible(`Renews on ${formatDate(renewedUntil())} · $150.00`).waitFor();
      await expect(visible(`Renews on ${formatDate(bought.expire_date)} · $150.00`).count()).resolves.toBe(0);
    });
  });

  step('the invoices list the renewal’s invoice, newest first, above the purchase’s', async () => {
    await page.goto('/accounts/settings/invoice');
    const rows = page.getByRole('region', { name: 'Invoices' }).locator('tbody tr');
    await atBothWidths(
      'license-auto-renewal-invoices',
      async () => {
        await expect.poll(() => rows.count()).toBe(2);
        const orderIds = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent ?? ''));
        expect(orderIds[1]).toBe(String(bought.order_id));
        expect(Number(orderIds[0])).toBeGreaterThan(bought.order_id ?? 0);
      },
      { alsoFail: LANDMARK_RULES },
    );
  });

  // The customer's payment method (decision 0022): the card renewals charge, in Settings.
  step('Settings shows the saved card; Replace saves another test card on the card-setup page', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/accounts/settings/user-management');
    const section = page.getByRole('region', { name: 'Payment method' });
    await atBothWidths(
      'license-auto-renewal-payment-method',
      async () => {
        await section.getByTestId('saved-card').filter({ hasText: /Visa.*4242/ }).waitFor();
        await section.getByText(truncateKey(bought.license_key), { exact: false }).waitFor();
      },
      { alsoFail: LANDMARK_RULES },
    );
    await page.setViewportSize(VIEWPORTS.desktop);
    await section.getByRole('button', { name: 'Replace card' }).click();
    await page.waitForURL('**/dev/card-setup/**');
    await page.getByLabel(/card number/i).fill(ANOTHER_CARD);
    await screenshot(page, 'license-auto-renewal-card-setup-1440');
    await page.getByRole('button', { name: 'Save card', exact: true }).click();
    await page.waitForURL('**/accounts/settings/user-management?card=saved');
    await section.getByTestId('saved-card').filter({ hasText: /Mastercard.*4444/ }).waitFor();
    await section.getByText('Your new card is saved.', { exact: false }).waitFor();
  });

  step('Remove asks first, naming the licence; then renewal is off and the overview says the licence ends', async () => {
    const section = page.getByRole('region', { name: 'Payment method' });
    await section.getByRole('button', { name: 'Remove card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this card?' });
    await atBothWidths('license-auto-renewal-remove-card', () => dialog.getByText(renewalStopsWords([{ name: 'Monthly License', key: truncateKey(bought.license_key) }]), { exact: true }).waitFor(), {
      fullPage: false,
    });
    // A destructive question starts on Cancel, as the house's other dialogs do.
    await expect(dialog.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Remove card' }).click();
    await section.getByText('No card is saved.').waitFor();
    await section.getByRole('button', { name: 'Add a card' }).waitFor();
    expect((await theLicense())!.auto_renew).toBe(false);
    await page.goto('/accounts/overview');
    await atBothWidths('license-auto-renewal-card-removed', () => visible(`Ends on ${formatDate(renewedUntil())}`).waitFor());
  });
});

describe('a renewal whose charge is declined', () => {
  const step = journeySteps();
  afterAll(() => setServerClock(0));

  step('a card that declines later (4000 0000 0000 0341) is saved at checkout', async () => {
    await newCustomerAtCheckout();
    await page.getByRole('checkbox', { name: 'Renew automatically' }).check();
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByRole('dialog', { name: 'Terms and Conditions' }).getByRole('button', { name: 'Confirm' }).click();
    await payWithCard(CARD_DECLINED_LATER);
    await page.getByText('Your payment was successful!').waitFor();
    await expect.poll(async () => (await theLicense())?.auto_renew).toBe(true);
    bought = (await theLicense())!;
    setDisplayTimeZone(await accountTimeZone(page));
  });

  step('the declined charge is told in the overview: what failed, the next try, until when the booth keeps working', async () => {
    await setServerClock(A_MONTH_LATER_MS);
    await expect.poll(async () => (await theLicense())?.renewal_due?.failure ?? null).not.toBeNull();
    const due = (await theLicense())!.renewal_due!;
    // Grace runs from the term's end, whatever the retries do (RENEWAL_GRACE_DAYS, 7).
    expect(due.since).toBe(bought.expire_date);
    expect(Date.parse(due.grace_until) - Date.parse(bought.expire_date)).toBe(7 * DAY);
    expect(due.next_try_at).not.toBeNull();
    await page.goto('/accounts/overview');
    const warning = `Payment failed: ${due.failure!.replace(/[.!]+$/, '')}. Next try on ${formatDate(due.next_try_at)}; this booth keeps working until ${formatDate(due.grace_until)}.`;
    await atBothWidths('license-auto-renewal-declined', () => visible(warning).waitFor());
  });

  step('Pay now pays that same renewal on the pay page: one term later, and the warning gone', async () => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.getByRole('button', { name: /^Pay now for license/ }).locator('visible=true').click();
    await payWithCard(CARD_THAT_SUCCEEDS);
    await expect.poll(async () => (await theLicense())?.expire_date).toBe(renewedUntil());
    expect((await theLicense())!.renewal_due).toBeNull();
    await page.goto('/accounts/overview');
    await visible(`Renews on ${formatDate(renewedUntil())} · $150.00`).waitFor();
    await expect(page.getByRole('button', { name: /^Pay now/ }).count()).resolves.toBe(0);
  });
});
