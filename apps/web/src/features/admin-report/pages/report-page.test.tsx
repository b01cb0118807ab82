import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MSG } from '@lbs/domain/messages';
import { freshStore } from '../../../test/fresh-store';
import { ReportPage } from './report-page';

/** The page against a stand-in for the API (fetch answered in the test). */
interface Call {
  path: string;
  params: Record<string, string>;
}

let calls: Call[] = [];
let fail = false;
let gate: Promise<void> = Promise.resolve();
let release: () => void = () => {};

/** Holds the answers back until release(), to see the loading state. */
function holdAnswers() {
  gate = new Promise((resolve) => (release = resolve));
}

const DAYS = ['2025-03-01', '2025-03-02', '2025-03-03'];

function answer(path: string): unknown {
  if (path === '/api/report/summary/overview')
    return { total_users: 1204, total_subscriptions: 38, total_orders: 97, total_income: 12345.5, total_refunds: 432.1 };
  if (path === '/api/report/summary/total_income')
    return DAYS.map((date, i) => ({ date, income: i * 40.25 - 10 }));
  if (path === '/api/report/summary/total_refunds')
    return DAYS.map((date, i) => ({ date, refunds: i === 0 ? 10 : 0 }));
  if (path === '/api/report/compare') {
    const range = { start: '2025-03-01T16:00:00.000Z', end: '2025-03-08T04:00:00.000Z' };
    return {
      current: range,
      // Last 7 Days at 12:00 on 8 March: the 7 days before, up to 12:00 on their last day.
      previous: { start: '2025-02-22T16:00:00.000Z', end: '2025-03-01T04:00:00.000Z', first_day: '2025-02-23', last_day: '2025-03-01', cut: { day: '2025-03-01', time: '12:00' } },
      total_users: { current: 45, previous: 40, change: { direction: 'up', percent: 12.5 } },
      active_subscriptions: { current: 38, previous: 40, change: { direction: 'down', percent: -5 } },
      total_orders: { current: 9, previous: 9, change: { direction: 'flat', percent: 0 } },
      total_income: { current: 150, previous: 0, change: { direction: 'up', percent: null } },
      total_refunds: { current: 10, previous: 20, change: { direction: 'down', percent: -50 } },
    };
  }
  if (path === '/api/report/breakdown')
    return {
      current: { start: '2025-03-01T16:00:00.000Z', end: '2025-03-08T04:00:00.000Z' },
      by_product: [
        { kind: 'product', product_id: 11, name: 'Monthly License', orders: 1, units: 1, income: 150, refunds: 0 },
        { kind: 'product', product_id: 1, name: 'Perforated Paper', orders: 0, units: 0, income: -10, refunds: 10 },
        { kind: 'discount', product_id: null, name: 'Discounts', orders: 1, units: 0, income: -15, refunds: 0 },
        { kind: 'shipping', product_id: null, name: 'Shipping', orders: 1, units: 0, income: 15, refunds: 0 },
      ],
      by_country: [{ country: null, name: 'Unknown (no shipping or billing country)', orders: 1, income: 140, refunds: 10 }],
      renewals: { ended: 3, renewed_in_time: 1, renewed_late: 1, rate: 33.3 },
    };
  if (path.startsWith('/api/report/summary/'))
    return DAYS.map((date, i) => ({ date, count: i + 1 }));
  throw new Error(`unexpected call ${path}`);
}

beforeEach(() => {
  calls = [];
  fail = false;
  gate = Promise.resolve();
  release = () => {};
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://shop.test');
    calls.push({ path: url.pathname, params: Object.fromEntries(url.searchParams) });
    await gate;
    if (fail)
      return new Response(JSON.stringify({ detail: 'boom' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    return new Response(JSON.stringify(answer(url.pathname)), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  // recharts measures its box; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  release();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  const store = freshStore();
  return render(
    <Provider store={store}>
      <ReportPage />
    </Provider>,
  );
}

const seriesCalls = () => calls.filter((c) => /\/summary\/(?!overview)/.test(c.path));

// Drawing four recharts charts in jsdom takes seconds on a busy machine.
describe('ReportPage', { timeout: 20_000 }, () => {
  it('shows the five totals, income (net of refunds) and refunds as $ with 2 decimals', async () => {
    renderPage();
    const cards = screen.getByRole('list', { name: 'Totals now' });
    await within(cards).findByText('1,204');
    expect(within(cards).getByText('38')).toBeTruthy();
    expect(within(cards).getByText('97')).toBeTruthy();
    expect(within(cards).getByText('$12,345.50')).toBeTruthy();
    expect(within(screen.getByTestId('card-total_income')).getByText(MSG.netOfRefunds)).toBeTruthy();
    const refunds = screen.getByTestId('card-total_refunds');
    expect(within(refunds).getByText(MSG.totalRefunds)).toBeTruthy();
    expect(within(refunds).getByText('$432.10')).toBeTruthy();
  });

  it('each card shows its change over the period as an arrow, a percentage or "new", and words for screen readers', async () => {
    renderPage();
    const users = await screen.findByTestId('change-total_users');
    expect(users.textContent).toContain('+12.5%');
    expect(users.textContent).toContain('Up 12.5% from the 7 days before, up to 12:00 on 1 Mar');
    expect(users.textContent).toContain('45 vs 40, the 7 days before, up to 12:00 on 1 Mar');
    expect(screen.getByTestId('change-total_subscriptions').textContent).toContain('Down 5.0% from the 7 days before, up to 12:00 on 1 Mar');
    expect(screen.getByTestId('change-total_orders').textContent).toContain('No change from the 7 days before, up to 12:00 on 1 Mar');
    const income = screen.getByTestId('change-total_income');
    expect(income.textContent).toContain('new');
    expect(income.textContent).not.toMatch(/Infinity|NaN/);
    expect(income.textContent).toContain('$150.00 vs $0.00');
    const refunds = await screen.findByTestId('change-total_refunds');
    expect(refunds.textContent).toContain('Down 50.0% from the 7 days before, up to 12:00 on 1 Mar');
    expect(refunds.textContent).toContain('$10.00 vs $20.00');
    // Fewer refunds is the good way: the down arrow is green.
    expect(refunds.querySelector('.text-emerald-700')).toBeTruthy();
    // The page's own line says what is compared too.
    expect(screen.getByText(/each with the period against the 7 days before, up to 12:00 on 1 Mar;/)).toBeTruthy();
  });

  it('shows the breakdowns of the period: by product, by country and the renewals', async () => {
    renderPage();
    const products = await screen.findByRole('table', { name: 'Income and orders by product' });
    expect(within(products).getByText('Monthly License')).toBeTruthy();
    expect(within(products).getByText('-$15.00')).toBeTruthy();
    // Net of the period's refunds, with what they took back in a column of its own.
    expect(within(products).getByRole('columnheader', { name: 'Refunded' })).toBeTruthy();
    expect(within(products).getByText('-$10.00')).toBeTruthy();
    expect(within(products).getByText('$10.00')).toBeTruthy();
    const countries = screen.getByRole('table', { name: 'Income and orders by country' });
    expect(within(countries).getByText('Unknown (no shipping or billing country)')).toBeTruthy();
    expect(screen.getByTestId('renewals').textContent).toContain('33.3%');
    expect(calls.filter((c) => c.path === '/api/report/breakdown').every((c) => c.params.period === 'last_7_days')).toBe(true);
  });

  it("says 'Loading charts...' while the series load, then draws a chart per metric with its data as a table", async () => {
    holdAnswers();
    renderPage();
    expect(await screen.findByText('Loading charts...')).toBeTruthy();
    release();
    for (const title of ['Total Users', 'Active Subscriptions', 'Total Orders', 'Total Income']) {
      const heading = await screen.findByRole('heading', { name: title });
      const card = heading.closest('section')!;
      const table = within(card).getByRole('table', { name: new RegExp(`^${title} per day`) });
      expect(within(table).getAllByRole('row')).toHaveLength(DAYS.length + 1);
    }
    expect(screen.queryByText('Loading charts...')).toBeNull();
    // Only the Active Subscriptions chart says what its points are: today is now, as its card.
    const subscriptions = screen.getByRole('heading', { name: 'Active Subscriptions' }).closest('section')!;
    expect(within(subscriptions).getByText(MSG.activeSubscriptionsPoints)).toBeTruthy();
    expect(screen.getAllByText(MSG.activeSubscriptionsPoints)).toHaveLength(1);
    // Income net of refunds, with the refunds as a line (and a column) of their own.
    const income = screen.getByRole('table', { name: /^Total Income per day/ });
    expect(within(income).getByText('$70.50')).toBeTruthy();
    expect(within(income).getByText('-$10.00')).toBeTruthy();
    expect(within(income).getByRole('columnheader', { name: 'Refunds' })).toBeTruthy();
    expect(within(income).getByText('$10.00')).toBeTruthy();
    const incomeCard = screen.getByRole('heading', { name: 'Total Income' }).closest('section')!;
    expect(within(incomeCard).getByText(MSG.incomeNetOfRefunds)).toBeTruthy();
    expect(within(incomeCard).getByTestId('chart-legend').textContent).toContain('Refunds');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).not.toContain('Refunds');
    expect(
      seriesCalls()
        .map((c) => c.path)
        .sort(),
    ).toEqual([
      '/api/report/summary/active_subscriptions',
      '/api/report/summary/total_income',
      '/api/report/summary/total_orders',
      '/api/report/summary/total_refunds',
      '/api/report/summary/total_users',
    ]);
    expect(seriesCalls().every((c) => c.params.period === 'last_7_days')).toBe(true);
  });

  it('asks for a named period, and for a custom range only once both dates are given', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Total Orders' });
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'last_1_month' } });
    await waitFor(() =>
      expect(seriesCalls().filter((c) => c.params.period === 'last_1_month')).toHaveLength(5),
    );

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    const before = calls.length;
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2025-03-31' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.length).toBe(before);
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2025-03-01' } });
    await waitFor(() =>
      expect(
        seriesCalls().filter(
          (c) => c.params.start_date === '2025-03-01' && c.params.end_date === '2025-03-31',
        ),
      ).toHaveLength(5),
    );
  });

  it('failures are only logged: the cards show a dash and the charts their empty state, no alert', async () => {
    fail = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    await waitFor(() => expect(logged.mock.calls.length).toBeGreaterThanOrEqual(5));
    const cards = screen.getByRole('list', { name: 'Totals now' });
    await waitFor(() => expect(within(cards).getAllByText('–')).toHaveLength(5));
    expect(await screen.findAllByText('No data available')).toHaveLength(4);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
