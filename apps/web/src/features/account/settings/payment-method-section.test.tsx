import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import type { TPaymentMethodAnswer } from '@lbs/domain/payment-cards';
import { fullNavigation } from '../../../lib/full-navigation';
import { RouterNavigation } from '../../../lib/router-navigation';
import { freshStore } from '../../../test/fresh-store';
import { stubModalDialogs } from '../../../test/modal-dialogs';
import { PaymentMethodSection } from './payment-method-section';

// Settings' payment method (decision 0022): the card, its expiry warning, Replace (to the card
// form) and Remove (asked first, naming the licences whose renewal stops). The API is a stand-in.

const RENEWING = { id: '6f0c1a52-4f7e-4d7a-9a39-3f1f1c1e2b11', name: 'Monthly License', type: 'month' as const, key: 'MNTHL-YKEY1…', renews_on: '2027-01-12T08:00:00.000Z' };
const CARD = { brand: 'Visa', last4: '4242', exp_month: 3, exp_year: 2030, provider: 'local' as const, expires_before_renewal: false };

let current: TPaymentMethodAnswer;
let calls: string[];

beforeAll(stubModalDialogs);

beforeEach(() => {
  calls = [];
  vi.spyOn(fullNavigation, 'assign').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const call = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (url.pathname === '/api/config/public') {
      return Response.json({
        videos: { landing: null, how_it_works: null, tutorial: null },
        auth: { captcha: 'altcha', recaptcha_site_key: null, google_client_id: null },
        renewals: { automatic: true },
      });
    }
    calls.push(call);
    if (call === 'GET /api/payment-methods/current') return Response.json(current);
    if (call === 'POST /api/payment-methods/setup') return Response.json({ url: 'http://localhost/dev/card-setup/abc.def' });
    if (call === 'DELETE /api/payment-methods/current') {
      const stopped = current.renewing_licenses;
      current = { card: null, renewing_licenses: [], could_renew: true };
      return Response.json({ renewal_stopped: stopped });
    }
    throw new Error(`unexpected call ${call}`);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSection() {
  render(
    <Provider store={freshStore()}>
      <MemoryRouter>
        <RouterNavigation>
          <PaymentMethodSection />
        </RouterNavigation>
      </MemoryRouter>
      <ToastContainer />
    </Provider>,
  );
  return within(screen.getByRole('region', { name: 'Payment method' }));
}

describe('Settings’ payment method', { timeout: 20_000 }, () => {
  it('shows the card, its expiry and what renews on it; flags a card that expires before a renewal', async () => {
    current = { card: { ...CARD, expires_before_renewal: true }, renewing_licenses: [RENEWING], could_renew: true };
    const section = renderSection();
    expect((await section.findByTestId('saved-card')).textContent).toBe('Visa •••• ending in 4242');
    expect(section.getByText('03/2030')).toBeTruthy();
    expect(section.getByText(/Monthly License MNTHL-YKEY1… · renews on/)).toBeTruthy();
    expect(section.getByRole('status').textContent).toMatch(/expires before your next automatic renewal/);
  });

  it('Replace goes to the card form the server answers', async () => {
    current = { card: CARD, renewing_licenses: [RENEWING], could_renew: true };
    const section = renderSection();
    fireEvent.click(await section.findByRole('button', { name: 'Replace card' }));
    await waitFor(() => expect(fullNavigation.assign).toHaveBeenCalledWith('http://localhost/dev/card-setup/abc.def'));
  });

  it('Remove asks first, naming the licences; Cancel removes nothing; confirmed, the card is gone and Add a card offered', async () => {
    current = { card: CARD, renewing_licenses: [RENEWING], could_renew: true };
    const section = renderSection();
    fireEvent.click(await section.findByRole('button', { name: 'Remove card' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Remove this card?' }));
    expect(dialog.getByText('Automatic renewal will stop for: Monthly License MNTHL-YKEY1…')).toBeTruthy();
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(calls).not.toContain('DELETE /api/payment-methods/current');

    fireEvent.click(section.getByRole('button', { name: 'Remove card' }));
    dialog = within(screen.getByRole('dialog', { name: 'Remove this card?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove card' }));
    await section.findByText('No card is saved.');
    expect(calls).toContain('DELETE /api/payment-methods/current');
    expect(section.getByRole('button', { name: 'Add a card' })).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.Toastify')?.textContent).toContain('automatic renewal is off for one license'));
  });

  it('with no card and nothing that could renew, offers no card to add', async () => {
    current = { card: null, renewing_licenses: [], could_renew: false };
    const section = renderSection();
    await section.findByText('No card is saved.');
    expect(section.queryByRole('button', { name: 'Add a card' })).toBeNull();
  });
});
