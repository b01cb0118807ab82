import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { RouterNavigation } from '../../lib/router-navigation';
import { freshStore } from '../../test/fresh-store';
import { userSlice } from '../../features/session/user-slice';
import { cartSlice, initialCartState } from '../../features/cart/cart-slice';
import { notificationSlice } from '../../features/notifications/notification-slice';
import { MSG } from '@lbs/domain/messages';
import { AccountLayout } from './account-layout';

/**
 * The account area's page is keyed by the display time zone. What a visitor types while the
 * area is still loading its preferences (the back office's searches, filled the moment the list
 * shows) must survive the preferences' answer.
 */

/** A page with a box of its own state, as a list's search box is. */
function TypingPage() {
  const [text, setText] = useState('');
  return (
    <label>
      Search
      <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
    </label>
  );
}

// jsdom scrolls nothing.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
});

let answerPreferences: () => void = () => {};
let preferencesAnswered = false;

beforeEach(() => {
  preferencesAnswered = false;
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://shop.test');
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname.endsWith('/subscriptions/licenses/current')) return json({ has_license: false, current_count: 0 });
    if (url.pathname.endsWith('/users/me/preferences')) {
      // Late, as on a busy machine: after the licence check, when the test says so.
      await new Promise<void>((resolve) => (answerPreferences = resolve));
      preferencesAnswered = true;
      return json({ promotional_emails: false, announcements: true, time_zone: 'Asia/Singapore' });
    }
    throw new Error(`unexpected call ${url.pathname}`);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderArea(path = '/accounts/overview/orders') {
  const store = freshStore({ slices: [userSlice, cartSlice, notificationSlice], preloadedState: { cart: initialCartState() } });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <RouterNavigation>
          <Routes>
            <Route element={<AccountLayout />}>
              <Route path="/accounts/overview/orders" element={<TypingPage />} />
            </Route>
            <Route path="/" element={<h1>The site</h1>} />
          </Routes>
        </RouterNavigation>
      </MemoryRouter>
    </Provider>,
  );
}

describe('AccountLayout', () => {
  it('keeps what was typed in the page when the preferences answer late', async () => {
    renderArea();
    // The licence check has answered; the preferences have not yet.
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(preferencesAnswered).toBe(false);
    const typeWhenShown = async () => {
      const box = await screen.findByRole('searchbox', { name: 'Search' });
      fireEvent.change(box, { target: { value: 'ada@example.com' } });
      return box;
    };
    // A visitor types as soon as the box is there, which may be before the preferences came ...
    const typed = screen.queryByRole('searchbox', { name: 'Search' }) ? await typeWhenShown() : null;
    // ... then they come.
    await act(async () => {
      answerPreferences();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(preferencesAnswered).toBe(true);
    const box = typed ?? (await typeWhenShown());
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    // The same box, still holding the text: the page was not mounted afresh.
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBe(box);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('ada@example.com');
  });

  it('stays where it is on Escape when no dialog or menu is open (the back office is no popup)', async () => {
    renderArea();
    await act(async () => {
      answerPreferences();
      await new Promise((r) => setTimeout(r, 50));
    });
    await screen.findByRole('searchbox', { name: 'Search' });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    // Past the panel's 500 ms close: nothing has left for the site.
    await act(async () => {
      await new Promise((r) => setTimeout(r, 700));
    });
    expect(screen.queryByRole('heading', { name: 'The site' })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
  });

  it('still closes by its close button, back to the site', async () => {
    renderArea();
    await act(async () => {
      answerPreferences();
      await new Promise((r) => setTimeout(r, 50));
    });
    fireEvent.click(await screen.findByRole('button', { name: MSG.accountClose }));
    expect(await screen.findByRole('heading', { name: 'The site' }, { timeout: 2000 })).toBeTruthy();
  });
});
