import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { TAdminNotification } from '@lbs/domain/admin-responses';
import { freshStore } from '../../../test/fresh-store';
import { userSlice } from '../../session/user-slice';
import { NotificationsPage } from './notifications-page';

/*
 * The page against a stand-in for the API (fetch stubbed): what it asks for, what it sends, and
 * what it shows after. Both layouts are in the DOM in jsdom (no CSS); the checks look in the table.
 */

let rows: TAdminNotification[];
let customerRows: TAdminNotification[];
let calls: Array<{ method: string; url: string; body: unknown }>;

function makeRows(n: number): TAdminNotification[] {
  return Array.from({ length: n }, (_, i) => ({
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    type: i % 2 ? 'product_order' : 'contact_message',
    title: `Title ${i}`,
    message: `Message ${i}`,
    created_at: new Date(Date.UTC(2030, 0, 1, 12, 60 - i)).toISOString(),
    is_read: false,
    is_done: false,
    // A feed row names the customer it is about, or nobody (a stranger's contact message).
    user_id: i % 2 ? 10 + i : null,
    email: i % 2 ? `buyer${i}@example.com` : null,
    read_only: false,
  }));
}

/** Customers' notifications: read-only, each with its owner; user 2 is the signed-in admin. */
function makeCustomerRows(n: number): TAdminNotification[] {
  return Array.from({ length: n }, (_, i) => ({
    _id: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
    type: 'license_purchase',
    title: `Customer title ${i}`,
    message: `Customer message ${i}`,
    created_at: new Date(Date.UTC(2030, 0, 1, 12, 60 - i)).toISOString(),
    is_read: false,
    is_done: false,
    user_id: i === 1 ? 2 : 1,
    email: i === 1 ? 'boss@example.com' : 'owner@example.com',
    read_only: true,
  }));
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  customerRows = makeCustomerRows(3);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://shop.test');
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: url.pathname + url.search, body });
      if (method === 'GET' && url.pathname === '/api/notification/admin/all') {
        const page = Number(url.searchParams.get('page') ?? 1);
        const list = url.searchParams.get('audience') === 'customers' ? customerRows : rows;
        return json({ items: list.slice((page - 1) * 10, page * 10), total: list.length, page, page_size: 10 });
      }
      if (method === 'PATCH' && url.pathname === '/api/notification/read') {
        const ids = (body as { ids: string[] }).ids;
        return json({ updated: rows.filter((r) => ids.includes(r._id) && !r.is_read).length });
      }
      const one = /^\/api\/notification\/([\w-]+)\/(read|done)$/.exec(url.pathname);
      if (method === 'PATCH' && one) {
        const row = rows.find((r) => r._id === one[1])!;
        return json({ ...row, [one[2] === 'read' ? 'is_read' : 'is_done']: true });
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
  const store = freshStore({ slices: [userSlice] });
  // The signed-in admin owns the rows with user_id 2.
  store.dispatch(
    userSlice.actions.setUser({
      id: 2, username: 'boss', email: 'boss@example.com', role: 'admin', photoURL: null, is_email_verified: true,
      first_name: 'Bo', last_name: '', created_at: '2030-01-01T00:00:00.000Z', pending_email: null,
    }),
  );
  return render(
    <Provider store={store}>
      <NotificationsPage />
    </Provider>,
  );
}

const table = async () => within(await screen.findByRole('table'));
const unreadDots = async () => (await table()).queryAllByRole('img', { name: 'Unread' }).length;
const bulkButton = () => screen.queryByRole('button', { name: /selected as read$/ });

describe('NotificationsPage', () => {
  it("shows ten rows of the admins' feed with title, message, the customer concerned and unread dot, and a pager for more than ten", async () => {
    rows = makeRows(12);
    renderPage();
    const t = await table();
    expect(t.getByText('Title 0')).toBeTruthy();
    expect(t.getByText('Message 9')).toBeTruthy();
    expect(t.getByText('Customer buyer3@example.com')).toBeTruthy();
    expect(t.getAllByText(/^Customer /)).toHaveLength(5);
    expect(t.queryByText('Title 10')).toBeNull();
    expect(await unreadDots()).toBe(10);
    expect(screen.getByRole('navigation', { name: 'Notification pages' })).toBeTruthy();
    expect(bulkButton()).toBeNull();
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/notification/admin/all?page=1' });
  });

  it('select-all ticks the page; unticking one leaves "some"; the bulk button marks exactly the ticked rows read', async () => {
    rows = makeRows(12);
    renderPage();
    const t = await table();
    const all = t.getByRole('checkbox', { name: 'Select all notifications on this page' }) as HTMLInputElement;
    fireEvent.click(all);
    expect(screen.getByRole('button', { name: 'Mark 10 selected as read' })).toBeTruthy();
    fireEvent.click(t.getByRole('checkbox', { name: 'Select: Title 4' }));
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Mark 9 selected as read' }));

    await waitFor(() => expect(bulkButton()).toBeNull());
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe('/api/notification/read');
    expect((patch.body as { ids: string[] }).ids).toEqual(rows.slice(0, 10).map((r) => r._id).filter((_, i) => i !== 4));
    // Updated in place, without reloading the list; only the unticked row is still unread.
    expect(await unreadDots()).toBe(1);
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    expect(all.checked).toBe(false);
  });

  it('starts another page with nothing ticked', async () => {
    rows = makeRows(12);
    renderPage();
    fireEvent.click((await table()).getByRole('checkbox', { name: 'Select: Title 1' }));
    expect(screen.getByRole('button', { name: 'Mark 1 selected as read' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await (await table()).findByText('Title 11')).toBeTruthy();
    expect(bulkButton()).toBeNull();
  });

  it('marks one row done (dimmed) and another read, each through its own call', async () => {
    rows = makeRows(3);
    renderPage();
    const t = await table();
    fireEvent.click(t.getByRole('button', { name: 'Mark as done: Title 2' }));
    await waitFor(() => expect(t.getByText('Title 2').getAttribute('data-done')).toBe('true'));
    expect(t.getByText('Title 2').closest('tr')!.className).toContain('bg-slate-50');
    expect(t.queryByRole('button', { name: 'Mark as done: Title 2' })).toBeNull();
    fireEvent.click(t.getByRole('button', { name: 'Mark as read: Title 0' }));
    await waitFor(async () => expect(await unreadDots()).toBe(2));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.url)).toEqual([
      `/api/notification/${rows[2]!._id}/done`,
      `/api/notification/${rows[0]!._id}/read`,
    ]);
    // Ten rows or fewer: no pager.
    expect(screen.queryByRole('navigation', { name: 'Notification pages' })).toBeNull();
  });

  it("shows customers' notifications under the filter, read-only: no boxes, no mark buttons, no bulk action", async () => {
    rows = makeRows(3);
    renderPage();
    fireEvent.click((await table()).getByRole('checkbox', { name: 'Select: Title 1' }));
    expect(screen.getByRole('button', { name: 'Mark 1 selected as read' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'customers' } });
    const t = within(await screen.findByRole('table', { name: "Customers' notifications, newest first, read-only" }));
    expect(await t.findByText('Customer title 0')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ method: 'GET', url: '/api/notification/admin/all?page=1&audience=customers' });
    expect(screen.getByText(/Read-only: only a customer marks their own notifications read or done/)).toBeTruthy();
    expect(t.getAllByText('For owner@example.com')).toHaveLength(2);
    // The admin's own notifications say so.
    expect(within(t.getByText(/^For boss@example.com/)).getByText('you')).toBeTruthy();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Mark as (read|done)/ })).toBeNull();
    expect(bulkButton()).toBeNull();
    expect(await unreadDots()).toBe(3);

    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'admins' } });
    expect(await (await table()).findByText('Title 0')).toBeTruthy();
    expect(bulkButton()).toBeNull();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('says so when there are none', async () => {
    rows = [];
    renderPage();
    expect(await screen.findByText('No notifications found.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
