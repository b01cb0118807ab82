import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { renewalConsentWords } from '@lbs/domain/renewals';
import type { TLicense } from '@lbs/domain/responses';
import { formatDate } from '../../../lib/format-date';
import { fullNavigation } from '../../../lib/full-navigation';
import { RouterNavigation } from '../../../lib/router-navigation';
import { freshStore } from '../../../test/fresh-store';
import { licenseFixture } from '../../../test/license-fixture';
import { stubModalDialogs } from '../../../test/modal-dialogs';
import { OverviewPage } from './overview-page';

// Stripe.js needs the network: a stand-in that records which PaymentIntent the page confirms.
const stripeJs = vi.hoisted(() => ({ confirmCardPayment: vi.fn(), loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripeJs.loadStripe }));

// The overview's automatic renewal (decision 0021): "Renews on … · $…" or "Ends on …", Turn off at
// once, Turn on after a confirmation that shows the consent words, and an unpaid renewal's warning
// with Pay now. The API is a stand-in that records what the page sends.

const END = '2027-01-12T08:00:00.000Z';
const MONTHLY = licenseFixture({ _id: 'lic-m', type: 'month', license_key: 'MNTHL-YKEY1-MNPQR-STVWX-YZ012-34567', expire_date: END });
const MONTHLY_WORDS = renewalConsentWords([{ planName: 'Monthly License', type: 'month', unitPriceCents: 15000, quantity: 1 }], 'en');

let licenses: TLicense[];
let calls: Array<{ method: string; path: string; body: unknown }>;
let answers: Record<string, () => Response>;

beforeAll(stubModalDialogs);

beforeEach(() => {
  licenses = [];
  calls = [];
  answers = {};
  vi.spyOn(fullNavigation, 'assign').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/subscriptions/licenses') {
      return Response.json({ items: licenses, total: licenses.length, page: 1, page_size: 10 });
    }
    if (url.pathname === '/api/config/public') {
      return Response.json({
        videos: { landing: null, how_it_works: null, tutorial: null },
        auth: { captcha: 'altcha', recaptcha_site_key: null, google_client_id: null },
        renewals: { automatic: true },
      });
    }
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${url.pathname}`];
    if (!answer) throw new Error(`unexpected call ${method} ${url.pathname}`);
    return answer();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderOverview() {
  render(
    <Provider store={freshStore()}>
      <MemoryRouter>
        <RouterNavigation>
          <OverviewPage />
        </RouterNavigation>
      </MemoryRouter>
      <ToastContainer />
    </Provider>,
  );
}

/** The wide screens' table (the small screens' cards say the same, hidden by CSS only). */
const table = async () => within(await screen.findByRole('table'));
const toastShows = (text: string) => waitFor(() => expect(document.querySelector('.Toastify')?.textContent).toContain(text));

describe('the overview’s automatic renewal', { timeout: 20_000 }, () => {
  it('a renewing licence reads "Renews on <end> · <amount>" in the customer’s zone, with Turn off', async () => {
    licenses = [{ ...MONTHLY, auto_renew: true, renewal_amount: 150 }];
    renderOverview();
    const t = await table();
    expect(t.getByText(`Renews on ${formatDate(END)} · $150.00`)).toBeTruthy();
    expect(t.getByRole('button', { name: 'Turn off automatic renewal of license MNTHL-YKEY…' }).textContent).toBe('Turn off');
    expect(t.queryByRole('button', { name: /^Turn on/ })).toBeNull();
    // A manual renewal stays possible while nothing is due (it pays the term the same way).
    expect(t.getByRole('button', { name: 'Renew license MNTHL-YKEY…' })).toBeTruthy();
    // The card for small screens says the same.
    expect(screen.getAllByText(`Renews on ${formatDate(END)} · $150.00`)).toHaveLength(2);
  });

  it('Turn off is sent at once and says the paid term runs to its end', async () => {
    licenses = [{ ...MONTHLY, auto_renew: true, renewal_amount: 150 }];
    answers[`PUT /api/licenses/lic-m/auto-renew`] = () => Response.json({ license: { ...MONTHLY, auto_renew: false }, setup_url: null });
    renderOverview();
    fireEvent.click((await table()).getByRole('button', { name: /^Turn off/ }));
    await toastShows(`Your license runs to the end of its paid term, ${formatDate(END)}.`);
    expect(calls).toEqual([{ method: 'PUT', path: '/api/licenses/lic-m/auto-renew', body: { auto_renew: false } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a Monthly licence that does not renew reads "Ends on <end>"; Turn on is offered only when can_auto_renew', async () => {
    licenses = [MONTHLY, { ...MONTHLY, _id: 'lic-2', license_key: 'SECND-KEY22-MNPQR-STVWX-YZ012-34567', can_auto_renew: false }];
    renderOverview();
    const t = await table();
    expect(t.getAllByText(`Ends on ${formatDate(END)}`)).toHaveLength(2);
    expect(t.getByRole('button', { name: 'Turn on automatic renewal of license MNTHL-YKEY…' }).textContent).toBe('Turn on');
    expect(t.queryByRole('button', { name: /of license SECND-KEY2/ })).toBeNull();
    expect(t.queryByText(/Renews on/)).toBeNull();
  });

  it('Turn on asks first, showing the consent words, then sends them; a setup_url is followed', async () => {
    licenses = [MONTHLY];
    answers[`PUT /api/licenses/lic-m/auto-renew`] = () => Response.json({ license: MONTHLY, setup_url: 'http://localhost/dev/pay/setup/lrs_1' });
    renderOverview();
    fireEvent.click((await table()).getByRole('button', { name: /^Turn on/ }));
    const dialog = screen.getByRole('dialog', { name: 'Turn on automatic renewal' });
    expect(within(dialog).getByText(MONTHLY_WORDS)).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(fullNavigation.assign).toHaveBeenCalledWith('http://localhost/dev/pay/setup/lrs_1'));
    expect(calls).toEqual([{ method: 'PUT', path: '/api/licenses/lic-m/auto-renew', body: { auto_renew: true, words: MONTHLY_WORDS, language: 'en' } }]);
  });

  it('Turn on with a card in use: renewal is on at once; Cancel sends nothing', async () => {
    licenses = [MONTHLY];
    answers[`PUT /api/licenses/lic-m/auto-renew`] = () => Response.json({ license: { ...MONTHLY, auto_renew: true, renewal_amount: 150 }, setup_url: null });
    renderOverview();
    fireEvent.click((await table()).getByRole('button', { name: /^Turn on/ }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    fireEvent.click((await table()).getByRole('button', { name: /^Turn on/ }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Turn on' }));
    await toastShows('Automatic renewal is on.');
    expect(fullNavigation.assign).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a refused Turn on keeps the dialog open with the server’s reason', async () => {
    licenses = [MONTHLY];
    answers[`PUT /api/licenses/lic-m/auto-renew`] = () => Response.json({ detail: 'The price changed: please read the new terms.' }, { status: 409 });
    renderOverview();
    fireEvent.click((await table()).getByRole('button', { name: /^Turn on/ }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The price changed: please read the new terms.');
    expect(fullNavigation.assign).not.toHaveBeenCalled();
  });

  it('an unpaid renewal warns what failed, the next try and until when the booth works, and Pay now goes to pay it', async () => {
    const due = { order_id: 77, since: END, grace_until: '2027-01-19T08:00:00.000Z', in_grace: true, next_try_at: '2027-01-14T08:00:00.000Z', failure: 'Your card was declined.' };
    licenses = [{ ...MONTHLY, auto_renew: true, renewal_amount: 150, is_expired: false, renewal_due: due }];
    answers[`POST /api/licenses/lic-m/renewal/pay`] = () => Response.json({ url: 'http://localhost/dev/pay/lps_77' });
    renderOverview();
    const t = await table();
    const warning = `Payment failed: Your card was declined. Next try on ${formatDate(due.next_try_at)}; this booth keeps working until ${formatDate(due.grace_until)}.`;
    expect(t.getByText(warning)).toBeTruthy();
    // The warning replaces "Renews on": the renewal is not a promise while its payment is due.
    expect(t.queryByText(/Renews on/)).toBeNull();
    // Paid with Pay now, on the renewal's own order: the cart's Renew would be refused.
    expect(t.queryByRole('button', { name: /^Renew license/ })).toBeNull();
    fireEvent.click(t.getByRole('button', { name: 'Pay now for license MNTHL-YKEY…' }));
    await waitFor(() => expect(fullNavigation.assign).toHaveBeenCalledWith('http://localhost/dev/pay/lps_77'));
    expect(calls).toEqual([{ method: 'POST', path: '/api/licenses/lic-m/renewal/pay', body: undefined }]);
  });

  it('on Stripe, Pay now confirms the renewal’s PaymentIntent with Stripe.js on the page, then the shop reads it back', async () => {
    const due = { order_id: 77, since: END, grace_until: '2027-01-19T08:00:00.000Z', in_grace: true, next_try_at: '2027-01-14T08:00:00.000Z', failure: 'Your bank asks you to confirm this payment yourself.' };
    licenses = [{ ...MONTHLY, auto_renew: true, renewal_amount: 150, is_expired: false, renewal_due: due }];
    answers[`POST /api/licenses/lic-m/renewal/pay`] = () => Response.json({ client_secret: 'pi_77_secret_x', publishable_key: 'pk_test_shop', payment_intent: 'pi_77' });
    answers[`POST /api/licenses/lic-m/renewal/confirmed`] = () => Response.json({ status: 'paid' });
    stripeJs.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_77', status: 'succeeded' } });
    stripeJs.loadStripe.mockResolvedValue({ confirmCardPayment: stripeJs.confirmCardPayment });
    renderOverview();
    fireEvent.click((await table()).getByRole('button', { name: 'Pay now for license MNTHL-YKEY…' }));
    await toastShows('Paid: your license is renewed.');
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_shop');
    expect(stripeJs.confirmCardPayment).toHaveBeenCalledWith('pi_77_secret_x');
    expect(calls).toEqual([
      { method: 'POST', path: '/api/licenses/lic-m/renewal/pay', body: undefined },
      { method: 'POST', path: '/api/licenses/lic-m/renewal/confirmed', body: { payment_intent: 'pi_77' } },
    ]);
    expect(fullNavigation.assign).not.toHaveBeenCalled();
  });

  it('on Stripe, a payment Stripe.js could not complete says why and tells the shop nothing', async () => {
    const due = { order_id: 77, since: END, grace_until: '2027-01-19T08:00:00.000Z', in_grace: true, next_try_at: null, failure: 'Your card was declined.' };
    licenses = [{ ...MONTHLY, auto_renew: true, renewal_amount: 150, is_expired: false, renewal_due: due }];
    answers[`POST /api/licenses/lic-m/renewal/pay`] = () => Response.json({ client_secret: 'pi_78_secret_x', publishable_key: 'pk_test_shop', payment_intent: 'pi_78' });
    stripeJs.confirmCardPayment.mockResolvedValue({ error: { message: 'We are unable to authenticate your payment method.' } });
    stripeJs.loadStripe.mockResolvedValue({ confirmCardPayment: stripeJs.confirmCardPayment });
    renderOverview();
    fireEvent.click((await table()).getByRole('button', { name: /^Pay now/ }));
    await toastShows('We are unable to authenticate your payment method.');
    expect(calls.map((c) => c.path)).toEqual(['/api/licenses/lic-m/renewal/pay']);
  });

  it('Pay now refused (nothing due any more) says why and stays', async () => {
    const due = { order_id: 77, since: END, grace_until: '2027-01-19T08:00:00.000Z', in_grace: false, next_try_at: null, failure: null };
    licenses = [{ ...MONTHLY, auto_renew: true, renewal_amount: 150, renewal_due: due }];
    answers[`POST /api/licenses/lic-m/renewal/pay`] = () => Response.json({ detail: 'Nothing is due on this license.' }, { status: 409 });
    renderOverview();
    const t = await table();
    expect(t.getByText(`The renewal payment is due. No more automatic tries; this booth keeps working until ${formatDate(due.grace_until)}.`)).toBeTruthy();
    fireEvent.click(t.getByRole('button', { name: /^Pay now/ }));
    await toastShows('Nothing is due on this license.');
    expect(fullNavigation.assign).not.toHaveBeenCalled();
  });

  it('a Daily pass and the setup kit’s key say neither Renews nor Ends, and offer no switch', async () => {
    licenses = [licenseFixture({ _id: 'd', type: 'day', can_auto_renew: false, expire_date: END }), licenseFixture({ _id: 'o', type: 'onetime', can_auto_renew: false, expire_date: END })];
    renderOverview();
    const t = await table();
    expect(t.getAllByText(formatDate(END))).toHaveLength(2);
    expect(t.queryByText(/Renews on|Ends on/)).toBeNull();
    expect(t.queryByRole('button', { name: /^Turn (on|off)/ })).toBeNull();
  });
});
