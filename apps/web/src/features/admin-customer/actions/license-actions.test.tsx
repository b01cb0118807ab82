import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import { configureStore } from '@reduxjs/toolkit';
import { CUSTOMER_ACTION_MSG } from '@lbs/domain/customer-actions';
import { api } from '../../../lib/api';
import { formatDate } from '../../../lib/format-date';
import { CustomerActions } from './customer-actions';
import { LicenseActions } from './license-actions';
import { licenseFixture } from '../../../test/license-fixture';

const LICENSE = licenseFixture({
  _id: '7d0f3c1e-0000-4000-8000-000000000001',
  order_id: null,
  device_resets_left: null,
  device_name: 'Booth PC',
});

let posts: Array<{ path: string; body: unknown }>;
let answer: () => Response;

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

beforeEach(() => {
  posts = [];
  answer = () => Response.json(LICENSE);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      posts.push({ path: new URL(input, 'http://localhost').pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWithStore(ui: React.ReactNode) {
  const store = configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (d) => d().concat(api.middleware) });
  render(
    <Provider store={store}>
      {ui}
      <ToastContainer />
    </Provider>,
  );
}

const toastShows = (text: string) => waitFor(() => expect(document.querySelector('.Toastify')?.textContent).toContain(text));
const open = (name: string) => {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.getByRole('dialog');
};

describe('LicenseActions', () => {
  it('shows a button per action the licence allows, none for a revoked one', () => {
    renderWithStore(<LicenseActions license={LICENSE} customerId={1} />);
    const group = screen.getByRole('group', { name: 'Actions for license ABCDE-FGHJ…' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Resend key', 'Reset device', 'Extend', 'Suspend']);
    cleanup();
    renderWithStore(<LicenseActions license={{ ...LICENSE, revoked: true }} />);
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('asks for a reason before suspending, sends it, and says so in a toast', async () => {
    renderWithStore(<LicenseActions license={LICENSE} />);
    const dialog = open('Suspend');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText(CUSTOMER_ACTION_MSG.reasonRequired)).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Reason (the customer reads it)'), { target: { value: ' Payment disputed ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await toastShows('License suspended');
    expect(posts).toEqual([{ path: `/api/subscriptions/licenses/admin/${LICENSE._id}/suspend`, body: { reason: 'Payment disputed' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with the server’s reason when the action fails', async () => {
    answer = () => Response.json({ detail: CUSTOMER_ACTION_MSG.alreadySuspended }, { status: 409 });
    renderWithStore(<LicenseActions license={LICENSE} />);
    const dialog = open('Suspend');
    fireEvent.change(within(dialog).getByLabelText('Reason (the customer reads it)'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', CUSTOMER_ACTION_MSG.alreadySuspended);
    await toastShows('The license was not suspended');
  });

  it('extends by days with a reason, showing the new end first', async () => {
    renderWithStore(<LicenseActions license={LICENSE} />);
    const dialog = open('Extend');
    fireEvent.change(within(dialog).getByLabelText('Days to add'), { target: { value: '10' } });
    expect(within(dialog).getByText(`New end: ${formatDate('2027-01-11T00:00:00.000Z')}`)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (the customer reads it)'), { target: { value: 'Outage' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    await toastShows('License extended');
    expect(posts).toEqual([{ path: `/api/subscriptions/licenses/admin/${LICENSE._id}/extend`, body: { days: 10, reason: 'Outage' } }]);
  });

  it('extends to a date when the date is chosen', async () => {
    renderWithStore(<LicenseActions license={LICENSE} />);
    const dialog = open('Extend');
    fireEvent.click(within(dialog).getByLabelText('A new end date'));
    fireEvent.change(within(dialog).getByLabelText('New end date'), { target: { value: '2027-03-01' } });
    fireEvent.change(within(dialog).getByLabelText('Reason (the customer reads it)'), { target: { value: 'Goodwill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    await toastShows('License extended');
    expect(posts[0]!.body).toEqual({ until: '2027-03-01', reason: 'Goodwill' });
  });
});

describe('CustomerActions', () => {
  it('offers a new verification mail only while the address is unverified', async () => {
    answer = () => Response.json({ detail: CUSTOMER_ACTION_MSG.verificationMailSent });
    renderWithStore(<CustomerActions customer={{ id: 42, email: 'sari@booth.example', is_email_verified: false }} />);
    const dialog = open('Resend verification email');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await toastShows('Verification email sent to sari@booth.example');
    expect(posts).toEqual([{ path: '/api/users/admin/42/resend-verification', body: undefined }]);
    cleanup();
    renderWithStore(<CustomerActions customer={{ id: 42, email: 'sari@booth.example', is_email_verified: true }} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
