import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { configureStore } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { dynamicMiddleware, rootReducer } from '../../../lib/store-registry';
import { api } from '../../../lib/api';
import { AnalyticsPage } from './analytics-page';

/**
 * The page against a stand-in for the API (fetch answered in the test): which calls it makes for
 * a period, a page and a mode, and what it shows. Paging and the radio are what an e2e run on a
 * fresh database cannot reach (it holds no usage events), so they are checked here.
 */
interface Call {
  path: string;
  params: Record<string, string>;
}

let calls: Call[] = [];
let failSummary = false;

const event = (id: number) => ({
  id,
  timestamp: new Date(Date.UTC(2025, 2, 7, 12, 0, id)).toISOString(),
  ip_address: '10.0.0.1',
  filename: `IMG_${id}.jpg`,
  file_type: 'jpg',
  processing_time: 1.5,
  device_address: 'BOOTH-01',
});
const errorEvent = (id: number) => ({
  id,
  timestamp: new Date(Date.UTC(2025, 2, 7, 12, 0, id)).toISOString(),
  ip_address: null,
  filename: `FAILED_${id}.png`,
  file_type: 'png',
  device_address: 'BOOTH-02',
  error_message: `Printer offline ${id}`,
});

const booth = (name: string | null, events: number, errors: number) => ({
  license_id: `lic-${events}`,
  key_suffix: `K${events}`,
  device_id: `device-${events}-0123456789abcdef`,
  booth_name: name,
  customer_id: 40 + events,
  email: `owner${events}@example.com`,
  events,
  errors,
});

function answer(path: string, params: Record<string, string>): unknown {
  const page = Number(params.page ?? 1);
  if (path === '/api/analytics/usage/summary') return { total_usage: 25, average_time: 1.234, errors: 1, error_rate: 1 / 26 };
  if (path === '/api/analytics/booths') return { busiest: [booth('Front desk', 20, 0), booth(null, 6, 1)], most_errors: [booth(null, 6, 1)] };
  if (path === '/api/analytics/usage/daily') return [];
  if (path === '/api/analytics/events')
    return {
      items: [event(page * 100 + 1), event(page * 100 + 2)],
      total: 25,
      page,
      page_size: 10,
      next_cursor: `events-after-${page}`,
      prev_cursor: `events-before-${page}`,
    };
  if (path === '/api/analytics/errors')
    return {
      items: [errorEvent(page * 100 + 1)],
      total: 25,
      page,
      page_size: 10,
      next_cursor: `errors-after-${page}`,
      prev_cursor: `errors-before-${page}`,
    };
  throw new Error(`unexpected call ${path}`);
}

beforeEach(() => {
  calls = [];
  failSummary = false;
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://shop.test');
    const params = Object.fromEntries(url.searchParams);
    calls.push({ path: url.pathname, params });
    if (failSummary && url.pathname.endsWith('/usage/summary')) {
      return new Response(JSON.stringify({ detail: 'boom' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(JSON.stringify(answer(url.pathname, params)), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
  store.dispatch(api.util.resetApiState());
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <AnalyticsPage />
      </MemoryRouter>
    </Provider>,
  );
}

const lastCall = (path: string) => calls.filter((c) => c.path === path).at(-1);

describe('AnalyticsPage', { timeout: 20_000 }, () => {
  it('asks for the last 7 days by default and shows the summary line', async () => {
    renderPage();
    await screen.findByText('Total Usage: 25 | Avg Time: 1.23 s');
    expect(lastCall('/api/analytics/usage/summary')?.params).toEqual({ period: 'last_7_days' });
    expect(lastCall('/api/analytics/events')?.params).toEqual({
      page: '1',
      page_size: '10',
      period: 'last_7_days',
    });
    expect(screen.getByRole('heading', { name: 'Successful Usage Events' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Success' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the error rate and the booth lists for the period, each booth linked to its licence and customer', async () => {
    renderPage();
    await screen.findByText('Error Rate: 3.8%');
    expect(lastCall('/api/analytics/booths')?.params).toEqual({ period: 'last_7_days' });
    const busiest = await screen.findByTestId('busiest-booths');
    // The table (wide screens) and the cards (narrow) both hold the rows; the table's are enough.
    const table = within(within(busiest).getByRole('region', { name: 'Busiest booths table' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Front desk device-2……K20owner20@example.com200',
      'device-6……K6owner6@example.com61',
    ]);
    expect(table.getByRole('link', { name: 'License …K20' }).getAttribute('href')).toBe('/accounts/overview/licenses?q=lic-20');
    expect(table.getByRole('link', { name: 'owner20@example.com' }).getAttribute('href')).toBe('/accounts/overview/customers/60');
    const errors = within(within(screen.getByTestId('booths-most-errors')).getByRole('region', { name: 'Booths with the most errors table' }));
    expect(errors.getAllByRole('row')).toHaveLength(2);
  });

  it('switching Success/Error changes the title and the list and goes back to page 1', async () => {
    renderPage();
    await screen.findAllByText('IMG_101.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findAllByText('IMG_301.jpg');
    expect(lastCall('/api/analytics/events')?.params.page).toBe('3');

    fireEvent.click(screen.getByRole('radio', { name: 'Error' }));
    await screen.findByRole('heading', { name: 'Error Logs' });
    await screen.findAllByText('Printer offline 101');
    // The file that failed, as the booth sent it.
    expect(screen.getAllByText('FAILED_101.png').length).toBeGreaterThan(0);
    expect(lastCall('/api/analytics/errors')?.params.page).toBe('1');
    const pager = screen.getByRole('navigation', { name: 'Error Logs pages' });
    expect(within(pager).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe(
      'page',
    );
    // The error columns, not the usage ones.
    expect(within(screen.getByRole('table', { name: 'Error Logs' })).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Timestamp',
      'IP',
      'Filename',
      'Type',
      'Device',
      'Error',
    ]);

    fireEvent.click(screen.getByRole('radio', { name: 'Success' }));
    await screen.findByRole('heading', { name: 'Successful Usage Events' });
    await screen.findAllByText('IMG_101.jpg');
    expect(within(screen.getByRole('table', { name: 'Successful Usage Events' })).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Timestamp',
      'IP',
      'Filename',
      'Type',
      'Time (s)',
      'Device',
    ]);
  });

  it('a new period starts the list at page 1; a custom range loads only with both dates, as from/to', async () => {
    renderPage();
    await screen.findAllByText('IMG_101.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findAllByText('IMG_201.jpg');

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'today' } });
    await waitFor(() =>
      expect(lastCall('/api/analytics/events')?.params).toEqual({
        page: '1',
        page_size: '10',
        period: 'today',
      }),
    );
    expect(lastCall('/api/analytics/usage/daily')?.params).toEqual({ period: 'today' });

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    const before = calls.length;
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2025-03-01' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.length).toBe(before);
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2025-03-07' } });
    await waitFor(() =>
      expect(lastCall('/api/analytics/events')?.params).toEqual({
        page: '1',
        page_size: '10',
        from: '2025-03-01',
        to: '2025-03-07',
      }),
    );
    expect(lastCall('/api/analytics/usage/summary')?.params).toEqual({
      start_date: '2025-03-01',
      end_date: '2025-03-07',
    });
  });

  it('asks for a nearby page from the position of the page it leaves, in the same list only', async () => {
    renderPage();
    await screen.findAllByText('IMG_101.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findAllByText('IMG_201.jpg');
    expect(lastCall('/api/analytics/events')?.params).toMatchObject({ page: '2', after: 'events-after-1' });
    expect(lastCall('/api/analytics/events')?.params.before).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findAllByText('IMG_301.jpg');
    expect(lastCall('/api/analytics/events')?.params).toMatchObject({ page: '3', after: 'events-after-2' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(lastCall('/api/analytics/events')?.params).toMatchObject({ page: '1', before: 'events-before-3' }));

    // The error list never gets a position of the usage list.
    fireEvent.click(screen.getByRole('radio', { name: 'Error' }));
    await screen.findAllByText('Printer offline 101');
    expect(lastCall('/api/analytics/errors')?.params).toEqual({ page: '1', page_size: '10', period: 'last_7_days' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findAllByText('Printer offline 201');
    expect(lastCall('/api/analytics/errors')?.params).toMatchObject({ page: '2', after: 'errors-after-1' });
  });

  it('a failed call is only logged: the summary reads as no usage and nothing is shown about it', async () => {
    failSummary = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    await screen.findByText('Total Usage: 0 | Avg Time: 0.00 s');
    expect(screen.getByText('Error Rate: —')).toBeTruthy();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/usage summary/i);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
