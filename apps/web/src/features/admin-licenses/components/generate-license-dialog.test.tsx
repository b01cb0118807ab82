import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import { configureStore } from '@reduxjs/toolkit';
import { addDays, businessDayOf } from '@lbs/domain/report-periods';
import { api } from '../../../lib/api';
import { defaultRange, GenerateLicenseDialog, licenseCreateBody } from './generate-license-dialog';

const EMAILS = ['ann@booth.example', 'anna@events.example', 'andy@photo.example'];

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}
let calls: Call[];
let generateAnswer: () => Response;

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
  calls = [];
  generateAnswer = () => new Response(JSON.stringify({ _id: 'x' }), { status: 201, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      if (call.path === '/api/users/email') {
        const typed = call.query.query ?? '';
        return Response.json({ emails: EMAILS.filter((e) => e.startsWith(typed)) });
      }
      if (call.path === '/api/subscriptions/licenses' && call.method === 'POST') return generateAnswer();
      return new Response(JSON.stringify({ detail: 'Not found' }), { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open generate
      </button>
      <GenerateLicenseDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function renderDialog() {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (defaults) => defaults().concat(api.middleware),
  });
  render(
    <Provider store={store}>
      <Harness />
      <ToastContainer />
    </Provider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Open generate' }));
  return screen.getByRole('dialog', { name: 'Generate License' });
}

const emailBox = () => screen.getByRole('combobox', { name: 'Customer email' }) as HTMLInputElement;
const duration = () => screen.getByLabelText('Duration') as HTMLSelectElement;
const type = (text: string) => fireEvent.change(emailBox(), { target: { value: text } });
const posts = () => calls.filter((c) => c.method === 'POST');
/** A toast with this text is showing. */
const toastShows = (text: string) => waitFor(() => expect(document.querySelector('.Toastify')?.textContent).toContain(text));

describe('the generate dialog', () => {
  it('warns "Select one email" when the address was typed but not picked, and sends nothing', async () => {
    const dialog = renderDialog();
    type('ann@booth.example');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await toastShows('Select one email');
    // Also under the field itself, since the modal's backdrop dims the toasts.
    expect(document.getElementById(emailBox().getAttribute('aria-describedby')!)?.textContent).toBe('Select one email');
    expect(emailBox().getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toEqual([]);
  });

  it('suggests accounts as one types; arrow keys and Enter pick one, which is what is sent', async () => {
    const dialog = renderDialog();
    type('an');
    const list = await screen.findByRole('listbox', { name: 'Matching emails' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    expect(calls.find((c) => c.path === '/api/users/email')?.query).toEqual({ query: 'an' });
    expect(emailBox().getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(emailBox(), { key: 'ArrowDown' });
    fireEvent.keyDown(emailBox(), { key: 'ArrowDown' });
    const active = emailBox().getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)?.textContent).toBe('anna@events.example');
    expect(document.getElementById(active!)?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(emailBox(), { key: 'Enter' });
    expect(emailBox().value).toBe('anna@events.example');
    expect(emailBox().getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await toastShows('License generated successfully');
    expect(posts()).toEqual([expect.objectContaining({ path: '/api/subscriptions/licenses', body: { email: 'anna@events.example', mode: 'day' } })]);
    // A success closes the dialog.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('un-picks the email when it is edited afterwards, and Escape closes only the list', async () => {
    const dialog = renderDialog();
    type('and');
    fireEvent.click(await screen.findByRole('option', { name: 'andy@photo.example' }));
    expect(emailBox().value).toBe('andy@photo.example');
    type('andy@photo.exampl');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await within(dialog).findByText('Select one email');
    expect(posts()).toEqual([]);

    type('an');
    await waitFor(() => expect(emailBox().getAttribute('aria-expanded')).toBe('true'));
    fireEvent.keyDown(emailBox(), { key: 'Escape' });
    expect(emailBox().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('dialog', { name: 'Generate License' })).toBeTruthy();
  });

  it('resets the email, the suggestions, the selection and the duration (to day) on every open', async () => {
    const dialog = renderDialog();
    expect(duration().value).toBe('day');
    type('ann');
    fireEvent.click(await screen.findByRole('option', { name: 'ann@booth.example' }));
    fireEvent.change(duration(), { target: { value: 'year' } });
    type('an');
    await waitFor(() => expect(emailBox().getAttribute('aria-expanded')).toBe('true'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open generate' }));
    const again = screen.getByRole('dialog', { name: 'Generate License' });
    expect(emailBox().value).toBe('');
    expect(emailBox().getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelectorAll('[role="listbox"] [role="option"]')).toHaveLength(0);
    expect(duration().value).toBe('day');
    // Nothing is picked any more: generating warns instead of sending the earlier address.
    fireEvent.click(within(again).getByRole('button', { name: 'Generate' }));
    await within(again).findByText('Select one email');
    expect(posts()).toEqual([]);
  });

  it('shows start and end dates for a custom range, today and tomorrow by default, and sends them', async () => {
    const dialog = renderDialog();
    expect(screen.queryByLabelText('Start date')).toBeNull();
    fireEvent.change(duration(), { target: { value: 'custom' } });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const today = businessDayOf(new Date(), zone);
    const start = screen.getByLabelText('Start date') as HTMLInputElement;
    const end = screen.getByLabelText('End date') as HTMLInputElement;
    expect([start.value, end.value]).toEqual([today, addDays(today, 1)]);

    type('ann');
    fireEvent.click(await screen.findByRole('option', { name: 'ann@booth.example' }));
    // An end before the start is refused here, as the server would.
    fireEvent.change(end, { target: { value: addDays(today, -1) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await screen.findByText('End date must be after start date');
    expect(posts()).toEqual([]);

    fireEvent.change(end, { target: { value: addDays(today, 7) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await toastShows('License generated successfully');
    expect(posts()[0]!.body).toEqual(licenseCreateBody('ann@booth.example', 'custom', { start: today, end: addDays(today, 7) }));
  });

  it('says "License generation failed" with the server’s reason', async () => {
    generateAnswer = () => Response.json({ detail: 'No account uses ann@booth.example; the customer must sign up first' }, { status: 404 });
    const dialog = renderDialog();
    type('ann');
    fireEvent.click(await screen.findByRole('option', { name: 'ann@booth.example' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    });
    await toastShows('License generation failed');
    await toastShows('No account uses ann@booth.example; the customer must sign up first');
    // The dialog stays open, saying why, so the admin can pick another address.
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('License generation failedNo account uses ann@booth.example; the customer must sign up first');
  });
});

describe('custom range dates', () => {
  it('default to today and tomorrow on the given calendar', () => {
    expect(defaultRange(new Date('2025-06-30T17:30:00Z'), 'Asia/Singapore')).toEqual({ start: '2025-07-01', end: '2025-07-02' });
    expect(defaultRange(new Date('2025-12-31T12:00:00Z'), 'UTC')).toEqual({ start: '2025-12-31', end: '2026-01-01' });
  });

  it('run from the start of the start day to the start of the end day, on that calendar', () => {
    expect(licenseCreateBody('a@b.co', 'custom', { start: '2025-07-01', end: '2025-07-02' }, 'Asia/Singapore')).toEqual({
      email: 'a@b.co',
      mode: 'custom',
      start_date: '2025-06-30T16:00:00.000Z',
      end_date: '2025-07-01T16:00:00.000Z',
    });
    expect(licenseCreateBody('a@b.co', 'month', { start: '2025-07-01', end: '2025-07-02' })).toEqual({ email: 'a@b.co', mode: 'month' });
  });
});
