import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { RouterNavigation } from '../../../lib/router-navigation';
import { freshStore } from '../../../test/fresh-store';
import { UnsubscribePage } from './unsubscribe-page';

let calls: string[];
let subscribed: boolean;

beforeEach(() => {
  calls = [];
  subscribed = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://shop.test');
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url.pathname}${url.search}`);
      if (method === 'POST') subscribed = false;
      return new Response(JSON.stringify({ email: 'jane@example.com', list: url.searchParams.get('list'), subscribed }), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const store = freshStore();
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <RouterNavigation>
          <Routes>
            <Route path="/unsubscribe/:token" element={<UnsubscribePage />} />
          </Routes>
        </RouterNavigation>
      </MemoryRouter>
    </Provider>,
  );
}

describe('UnsubscribePage', () => {
  it('opening the link only reads; the button unsubscribes', async () => {
    renderAt('/unsubscribe/42.tok?list=promotional');
    await screen.findByRole('heading', { name: 'Unsubscribe?' });
    expect(screen.getByText('jane@example.com')).toBeTruthy();
    expect(calls).toEqual(['GET /api/unsubscribe/42.tok?list=promotional']);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe from promotional emails' }));
    await screen.findByRole('heading', { name: 'You are unsubscribed' });
    expect(calls).toContain('POST /api/unsubscribe/42.tok?list=promotional');
    expect(screen.getByRole('link', { name: 'notification settings' }).getAttribute('href')).toBe('/accounts/settings/notifications');
  });

  it('a link without a known list calls nothing and says it does not work', async () => {
    renderAt('/unsubscribe/42.tok?list=newsletter');
    await screen.findByRole('heading', { name: 'This link does not work' });
    expect(calls).toEqual([]);
  });
});
