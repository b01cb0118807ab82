import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { USER_SEARCH_COUNT_CAP, type TAdminUserPage } from '@lbs/domain/admin-responses';
import { freshStore } from '../../../test/fresh-store';
import { UsersPage } from './users-page';

/*
 * USERS against a stand-in for the API (fetch stubbed): the line that counts the list, exact or,
 * when the server capped a search's count (issue 24), "More than", and the pager that goes with it.
 */

let answer: (url: URL) => Omit<TAdminUserPage, 'page' | 'page_size'>;
let calls: string[];

const user = (i: number): TAdminUserPage['items'][number] => ({
  id: i,
  first_name: `First${i}`,
  last_name: `Last${i}`,
  email: `user${i}@demo.test`,
  role: 'user',
  created_at: new Date(Date.UTC(2030, 0, 1, 12, 60 - i)).toISOString(),
  is_email_verified: true,
  license_count: 0,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://shop.test');
      calls.push(url.pathname + url.search);
      if (url.pathname === '/api/users') {
        return json({ ...answer(url), page: Number(url.searchParams.get('page') ?? 1), page_size: 10 });
      }
      return json({ detail: 'Not found' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const store = freshStore();
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <UsersPage />
      </MemoryRouter>
    </Provider>,
  );
}

const countLine = () => screen.getByRole('status');

describe('UsersPage', () => {
  it('counts the customers exactly when the total is not capped', async () => {
    answer = () => ({ items: [user(1), user(2)], total: 12, total_capped: false });
    renderPage();
    await waitFor(() => expect(countLine().textContent).toBe('12 customers'));
    expect(calls[0]).toBe('/api/users?page=1&role=user');
  });

  it('says "More than" the cap for a search the server counted no further, with the pager ending at the cap', async () => {
    answer = (url) =>
      url.searchParams.get('q') === 'demo'
        ? { items: [user(1)], total: USER_SEARCH_COUNT_CAP, total_capped: true }
        : { items: [user(1)], total: 1, total_capped: false };
    renderPage();
    await waitFor(() => expect(countLine().textContent).toBe('1 customer'));
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'demo' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(countLine().textContent).toBe('More than 1,000 customers matching “demo”'));
    expect(calls.at(-1)).toBe('/api/users?page=1&role=user&q=demo');
    expect(screen.getByRole('button', { name: 'Page 100' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 101' })).toBeNull();
  });

  it('says an exact count for a search under the cap', async () => {
    answer = () => ({ items: [user(3)], total: 1, total_capped: false });
    renderPage();
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'ann' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(countLine().textContent).toBe('1 customer matching “ann”'));
  });
});
