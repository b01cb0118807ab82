import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { EXPORT_MSG } from '@lbs/domain/accounting-exports';
import { STORAGE_KEYS } from '../../../lib/storage';
import { freshStore } from '../../../test/fresh-store';
import { AccountingExportsPanel } from './accounting-exports-panel';

interface Call {
  path: string;
  params: Record<string, string>;
  auth: string | undefined;
}

let calls: Call[] = [];
let csvAnswer: () => Response;
const saved: Array<{ name: string; href: string }> = [];

beforeEach(() => {
  calls = [];
  saved.length = 0;
  localStorage.setItem(STORAGE_KEYS.token, 'session-token');
  csvAnswer = () => new Response('\uFEFFOrder,Date paid\r\n', { status: 200, headers: { 'content-type': 'text/csv' } });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://shop.test');
    calls.push({ path: url.pathname, params: Object.fromEntries(url.searchParams), auth: (init.headers as Record<string, string>).authorization });
    if (url.pathname === '/api/export/defaults')
      return new Response(JSON.stringify({ time_zone: 'Asia/Jakarta', from: '2026-10-01', to: '2026-10-31', max_days: 366 }), { status: 200, headers: { 'content-type': 'application/json' } });
    return csvAnswer();
  });
  // jsdom has neither object URLs nor downloads: record what would be saved.
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderPanel() {
  const store = freshStore();
  render(
    <Provider store={store}>
      <AccountingExportsPanel now={new Date('2026-11-26T10:00:00Z')} />
    </Provider>,
  );
  return screen.getByRole('region', { name: 'Export for the accountant' });
}

const field = (panel: HTMLElement, label: 'From' | 'To') => within(panel).getByLabelText(label) as HTMLInputElement;
const click = (panel: HTMLElement, name: string) => act(async () => fireEvent.click(within(panel).getByRole('button', { name })));

describe('AccountingExportsPanel', () => {
  it("defaults to last month in the shop's business zone, as the server says", async () => {
    const panel = renderPanel();
    // Before the server answers: last month in the default zone (Singapore).
    expect(field(panel, 'From').value).toBe('2026-10-01');
    await waitFor(() => expect(within(panel).getByText(/business days in Asia\/Jakarta/)).toBeTruthy());
    expect(field(panel, 'From').value).toBe('2026-10-01');
    expect(field(panel, 'To').value).toBe('2026-10-31');
    expect(field(panel, 'From').type).toBe('date');
    expect(within(panel).getByRole('group', { name: 'Download as CSV' })).toBeTruthy();
  });

  it('downloads each file with the session token for the days chosen, under a name that says them', async () => {
    const panel = renderPanel();
    fireEvent.change(field(panel, 'From'), { target: { value: '2026-11-01' } });
    fireEvent.change(field(panel, 'To'), { target: { value: '2026-11-30' } });
    await click(panel, 'Orders');
    await click(panel, 'Invoices');
    await click(panel, 'Credit notes');
    const exports = calls.filter((c) => c.path.endsWith('.csv'));
    expect(exports.map((c) => c.path)).toEqual(['/api/export/orders.csv', '/api/export/invoices.csv', '/api/export/credit-notes.csv']);
    expect(exports.every((c) => c.params.from === '2026-11-01' && c.params.to === '2026-11-30' && c.auth === 'Bearer session-token')).toBe(true);
    expect(saved.map((s) => s.name)).toEqual([
      'lentibooth-orders-2026-11-01-to-2026-11-30.csv',
      'lentibooth-invoices-2026-11-01-to-2026-11-30.csv',
      'lentibooth-credit-notes-2026-11-01-to-2026-11-30.csv',
    ]);
    expect(within(panel).getByText('Credit notes from 2026-11-01 to 2026-11-30 downloaded.')).toBeTruthy();
  });

  it('refuses a reversed or too long range before asking, and says why beside the field', async () => {
    const panel = renderPanel();
    fireEvent.change(field(panel, 'From'), { target: { value: '2026-11-30' } });
    fireEvent.change(field(panel, 'To'), { target: { value: '2026-11-01' } });
    await click(panel, 'Orders');
    expect(within(panel).getByText(EXPORT_MSG.fromAfterTo)).toBeTruthy();
    expect(field(panel, 'To').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field(panel, 'From'), { target: { value: '2024-01-01' } });
    fireEvent.change(field(panel, 'To'), { target: { value: '2025-06-30' } });
    await click(panel, 'Invoices');
    expect(within(panel).getByText(EXPORT_MSG.rangeTooLong)).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('.csv'))).toEqual([]);
    expect(saved).toEqual([]);
  });

  it('shows a clear error and saves nothing when the download fails', async () => {
    const panel = renderPanel();
    csvAnswer = () => new Response(JSON.stringify({ detail: 'Internal error' }), { status: 500, headers: { 'content-type': 'application/json' } });
    await click(panel, 'Orders');
    expect(within(panel).getByRole('alert').textContent).toBe(EXPORT_MSG.failed);
    expect(saved).toEqual([]);
    // The server's own 400 says what it refused.
    csvAnswer = () => new Response(JSON.stringify({ detail: 'An export can cover at most 366 days' }), { status: 400, headers: { 'content-type': 'application/json' } });
    await click(panel, 'Invoices');
    expect(within(panel).getByRole('alert').textContent).toBe('An export can cover at most 366 days');
    // Buttons are usable again.
    expect((within(panel).getByRole('button', { name: 'Orders' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
