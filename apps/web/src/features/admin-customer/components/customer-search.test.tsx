import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { configureStore } from '@reduxjs/toolkit';
import type { TCustomerSearchHit } from '@lbs/domain/customer-page';
import { api } from '../../../lib/api';
import { CustomerSearch } from './customer-search';

const ANA: TCustomerSearchHit = { user_id: 7, email: 'ana@booth.example', first_name: 'Ana', last_name: 'Putri', match: 'license', matched: 'license …ABCDE' };
const ANDI: TCustomerSearchHit = { user_id: 9, email: 'andi@photo.example', first_name: 'Andi', last_name: '', match: 'name', matched: 'name' };

let searches: string[];
let answer: (q: string) => Response;

beforeEach(() => {
  searches = [];
  // Ana's key ends ABCDE; the server folds its case.
  answer = (q) => Response.json({ items: q.toLowerCase() === 'abcde' ? [ANA] : [ANA, ANDI].filter((h) => h.email.startsWith(q.toLowerCase())) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname !== '/api/admin/search') return new Response(JSON.stringify({ detail: 'Not found' }), { status: 404 });
      const q = url.searchParams.get('q') ?? '';
      searches.push(q);
      return answer(q);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function CustomerShown() {
  return <p>Customer {useParams().id}</p>;
}

function renderSearch() {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (defaults) => defaults().concat(api.middleware),
  });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/accounts/overview/report']}>
        <CustomerSearch />
        <Routes>
          <Route path="/accounts/overview/report" element={<p>Report</p>} />
          <Route path="/accounts/overview/customers/:id" element={<CustomerShown />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const box = () => screen.getByRole('combobox', { name: 'Find a customer' }) as HTMLInputElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const key = (k: string) => fireEvent.keyDown(box(), { key: k });

describe('CustomerSearch', () => {
  it('lists each customer with what matched, after a pause in typing, asking once', async () => {
    renderSearch();
    type('a');
    type('an');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Ana Putriana@booth.exampleMatched: License …ABCDE',
      'Andiandi@photo.exampleMatched: Name',
    ]);
    expect(searches).toEqual(['an']);
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('2 customers: use the arrow keys and Enter, or click one.')).toBeTruthy();
  });

  it('opens the customer picked with the arrows and Enter, and empties the box', async () => {
    renderSearch();
    type('an');
    await screen.findAllByRole('option');
    key('ArrowDown');
    key('ArrowDown');
    expect(box().getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    key('Enter');
    await screen.findByText('Customer 9');
    expect(box().value).toBe('');
  });

  it('opens a single match on Enter, even pressed before the answer came', async () => {
    renderSearch();
    type('ABCDE');
    key('Enter'); // at once, before the pause is over
    await screen.findByText('Customer 7');
    expect(searches).toEqual(['ABCDE']);
  });

  it('stays put on Enter when several customers match', async () => {
    renderSearch();
    type('an');
    await screen.findAllByRole('option');
    key('Enter');
    expect(screen.getByText('Report')).toBeTruthy();
  });

  it('says so when nothing matches', async () => {
    renderSearch();
    type('zed');
    await screen.findByText('No customer matches “zed”.');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('says the search failed (not that nobody matched), and Enter asks again', async () => {
    answer = () => new Response(JSON.stringify({ detail: 'boom' }), { status: 500 });
    renderSearch();
    type('an');
    await screen.findByText(/Error fetching data\. Press Enter to try again\./);
    expect(screen.queryByText(/No customer matches/)).toBeNull();
    answer = (q) => Response.json({ items: q === 'an' ? [ANA] : [] });
    key('Enter');
    await screen.findByText('1 customer: press Enter to open.');
    await waitFor(() => expect(searches.length).toBe(2));
  });

  it('closes the list on Escape and keeps the text', async () => {
    renderSearch();
    type('an');
    await screen.findAllByRole('option');
    key('Escape');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().value).toBe('an');
  });
});
