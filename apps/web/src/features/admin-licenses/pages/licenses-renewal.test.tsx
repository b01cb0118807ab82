import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { freshStore } from '../../../test/fresh-store';
import { licenseFixture } from '../../../test/license-fixture';
import { LicensesPage } from './licenses-page';

const SINCE = '2026-11-25T04:00:00.000Z';
const GRACE = '2026-12-02T04:00:00.000Z';
const IN_GRACE = licenseFixture({
  _id: '11111111-1111-4111-8111-111111111111',
  type: 'month',
  email: 'grace@booth.example',
  expire_date: SINCE,
  auto_renew: true,
  renewal_due: { order_id: 7, since: SINCE, grace_until: GRACE, in_grace: true, next_try_at: null, failure: 'Your card was declined.' },
  renewal_card: { brand: 'Visa', last4: '0341', exp_month: 12, exp_year: 2030 },
});
const ENDS = licenseFixture({ _id: '22222222-2222-4222-8222-222222222222', type: 'year', email: 'ends@booth.example', auto_renew: false });

beforeAll(() => {
  // jsdom has no modal dialogs: open and close by the attribute, which is what shows the content.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

let calls: Array<{ url: string; method: string; body: unknown }>;
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url: input, method, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (method === 'PUT') return Response.json({ ...IN_GRACE, auto_renew: false, renewal_due: null });
    return Response.json({ items: [IN_GRACE, ENDS], total: 2, page: 1, page_size: 10 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LICENSES: renewals', () => {
  it('shows each licence’s renewal, filters In grace, and turns renewal off after a confirmation', async () => {
    render(
      <Provider store={freshStore()}>
        <MemoryRouter>
          <LicensesPage />
        </MemoryRouter>
      </Provider>,
    );
    const rows = await screen.findAllByRole('row');
    const grace = rows.find((r) => r.textContent?.includes('grace@booth.example'))!;
    const ends = rows.find((r) => r.textContent?.includes('ends@booth.example'))!;
    const state = within(grace).getByTestId('renewal-state').textContent;
    expect(state).toContain(`Payment due since ${formatDate(SINCE)}`);
    expect(state).toContain(`Grace until ${formatDate(GRACE)}`);
    expect(state).toContain('Visa ···· 0341');
    // In grace is current, not expired (DESIGN §6.3).
    expect(within(grace).getByText('In grace')).toBeTruthy();
    expect(within(ends).getByTestId('renewal-state').textContent).toMatch(/^Ends on /);
    expect(within(ends).queryByRole('button', { name: /Turn off renewal/ })).toBeNull();

    fireEvent.change(screen.getByLabelText('Renewal'), { target: { value: 'in_grace' } });
    await waitFor(() => expect(calls.some((c) => c.url.includes('renewal=in_grace'))).toBe(true));

    fireEvent.click(within(grace).getByRole('button', { name: /Turn off renewal/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/the license ends now/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Asked by phone' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off renewal' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toContain(`/admin/licenses/${IN_GRACE._id}/auto-renew`);
    expect(put.body).toEqual({ auto_renew: false, reason: 'Asked by phone' });
  });
});
