import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { configureStore } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { rootReducer } from '../../lib/store-registry';
import { paths } from '../../config/paths';
import { userSlice } from '../session/user-slice';
import { NotificationBell } from './notification-bell';
import { notificationSlice } from './notification-slice';

afterEach(cleanup);

function renderBell(role: string, unread: number) {
  const store = configureStore({ reducer: rootReducer.inject(userSlice).inject(notificationSlice) });
  store.dispatch(
    userSlice.actions.setUser({
      id: 2, username: 'u', email: 'u@example.com', role, photoURL: null, is_email_verified: true,
      first_name: 'U', last_name: '', created_at: '2030-01-01T00:00:00.000Z', pending_email: null,
    }),
  );
  store.dispatch(notificationSlice.actions.setUnreadCount(unread));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>
    </Provider>,
  );
  return screen.getByTestId('notification-bell');
}

describe('NotificationBell', () => {
  it("opens an admin's feed in the back office (the count the stream gives admins is the feed's)", () => {
    const bell = renderBell('admin', 3);
    expect(bell.getAttribute('href')).toBe(paths.accounts.admin.notifications);
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 3 unread');
  });

  it("opens a customer's own notifications", () => {
    expect(renderBell('user', 0).getAttribute('href')).toBe(paths.accounts.notifications);
  });
});
