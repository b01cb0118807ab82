import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { addToCart, emptyCart, type CartState } from '@lbs/domain/cart';
import { renewalConsentWords } from '@lbs/domain/renewals';
import type { TUser } from '@lbs/domain/responses';
import { cartSlice } from '../../cart/cart-slice';
import { userSlice } from '../../session/user-slice';
import { fullNavigation } from '../../../lib/full-navigation';
import { forgetPublicConfig } from '../../../lib/public-config';
import { freshStore } from '../../../test/fresh-store';
import { stubModalDialogs } from '../../../test/modal-dialogs';
import { ShippingPage } from './shipping-page';

// "Renew automatically" at checkout (decision 0021): offered beside the pay button for a cart with
// Monthly or Yearly licences, never ticked until the buyer ticks it, its words the domain's, and
// sent in the checkout body only when ticked.

const USER = { id: 1, username: 'ana', email: 'ana@example.com', role: 'user', photoURL: null, is_email_verified: true, first_name: 'Ana', last_name: '', created_at: '2030-01-01T00:00:00.000Z', pending_email: null, country: 'ID' } satisfies TUser;

let bodies: Array<Record<string, unknown>>;
let answer: () => Response;
/** What the public config says: the embedded provider saves cards; Stripe's are not wired yet. */
let renewalsAutomatic: boolean;
let configLoaded: boolean;

beforeAll(stubModalDialogs);

beforeEach(() => {
  bodies = [];
  answer = () => Response.json({ url: 'http://localhost/dev/pay/lps_1' });
  renewalsAutomatic = true;
  configLoaded = false;
  forgetPublicConfig();
  vi.spyOn(fullNavigation, 'assign').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname.endsWith('.md')) return new Response('# Terms of sale');
    if (url.pathname === '/api/config/public') {
      configLoaded = true;
      return Response.json({
        videos: { landing: null, how_it_works: null, tutorial: null },
        auth: { captcha: 'altcha', recaptcha_site_key: null, google_client_id: null },
        renewals: { automatic: renewalsAutomatic },
      });
    }
    if (url.pathname.endsWith('/subscriptions/create-checkout-session/one-payment')) {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return answer();
    }
    throw new Error(`unexpected call ${url.pathname}`);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderCheckout(cart: CartState) {
  const store = freshStore({ slices: [userSlice, cartSlice], preloadedState: { user: { ...userSlice.getInitialState(), user: USER, token: 't', loading: false }, cart } });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/shipping']}>
        <ShippingPage />
      </MemoryRouter>
    </Provider>,
  );
}

const box = () => screen.queryByRole('checkbox', { name: 'Renew automatically' }) as HTMLInputElement | null;
/** The box once the public config has loaded (it is offered only then). */
const shownBox = () => screen.findByRole('checkbox', { name: 'Renew automatically' });
/** The public config loaded and the page rendered after it: what is not shown now will not be. */
async function configSettled() {
  await waitFor(() => expect(configLoaded).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Checkout, then Confirm in the terms: the body the page posts. */
async function pay(): Promise<Record<string, unknown>> {
  const before = bodies.length;
  fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
  const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
  fireEvent.click(await within(terms).findByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(bodies.length).toBe(before + 1));
  return bodies.at(-1)!;
}

describe('Renew automatically at checkout', { timeout: 20_000 }, () => {
  const monthlyAndYearly = addToCart(addToCart(emptyCart(), 11, 2), 12);
  const words = renewalConsentWords(
    [
      { planName: 'Monthly License', type: 'month', unitPriceCents: 15000, quantity: 2 },
      { planName: 'Yearly License', type: 'year', unitPriceCents: 150000, quantity: 1 },
    ],
    'en',
  );

  it('is offered unticked, described by the words that name the amount, the period and how to turn it off', async () => {
    renderCheckout(monthlyAndYearly);
    await shownBox();
    expect(box()!.checked).toBe(false);
    const description = document.getElementById(box()!.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe(words);
    expect(words).toContain('2 × Monthly License at $150.00 every 30 days each');
    expect(words).toContain('Turn it off at any time');
  });

  it('sends no renew_automatically while unticked', async () => {
    renderCheckout(monthlyAndYearly);
    await shownBox();
    const body = await pay();
    expect('renew_automatically' in body).toBe(false);
  });

  it('sends none when ticked and unticked again', async () => {
    renderCheckout(monthlyAndYearly);
    fireEvent.click(await shownBox());
    fireEvent.click(box()!);
    expect(box()!.checked).toBe(false);
    expect('renew_automatically' in (await pay())).toBe(false);
  });

  it('sends the words shown, in English, once ticked', async () => {
    renderCheckout(monthlyAndYearly);
    fireEvent.click(await shownBox());
    expect(box()!.checked).toBe(true);
    expect((await pay()).renew_automatically).toEqual({ words, language: 'en' });
    expect(fullNavigation.assign).toHaveBeenCalledWith('http://localhost/dev/pay/lps_1');
  });

  it('shows the server’s words when it refuses them (a price changed meanwhile)', async () => {
    answer = () => Response.json({ detail: 'The renewal terms changed: please check them again.' }, { status: 409 });
    renderCheckout(monthlyAndYearly);
    fireEvent.click(await shownBox());
    await pay();
    expect((await screen.findByRole('alert')).textContent).toBe('The renewal terms changed: please check them again.');
    expect(fullNavigation.assign).not.toHaveBeenCalled();
  });

  it('is not offered where the payment provider does not save cards for renewals yet (Stripe)', async () => {
    renewalsAutomatic = false;
    renderCheckout(monthlyAndYearly);
    await configSettled();
    expect(box()).toBeNull();
    expect('renew_automatically' in (await pay())).toBe(false);
  });

  it('is never offered for a cart that does not recur: a Daily pass, the setup kit, accessories', async () => {
    renderCheckout(addToCart(addToCart(addToCart(emptyCart(), 10, 3), 13), 2));
    await configSettled();
    expect(box()).toBeNull();
    expect(screen.queryByText(/Renew automatically/)).toBeNull();
  });
});
