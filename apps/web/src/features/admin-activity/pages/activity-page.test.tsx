import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { TAuditEntry } from '@lbs/domain/admin-responses';
import { formatDateTime } from '../../../lib/format-date';
import { freshStore } from '../../../test/fresh-store';
import { ActivityPage } from './activity-page';

let entries: TAuditEntry[];
let asked: string[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://shop.test');
      asked.push(url.pathname + url.search);
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('page_size'));
      return new Response(JSON.stringify({ items: entries.slice((page - 1) * size, page * size), total: entries.length, page, page_size: size }), {
        headers: { 'content-type': 'application/json' },
      });
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
      <ActivityPage />
    </Provider>,
  );
}

const entry = (over: Partial<TAuditEntry>): TAuditEntry => ({
  id: 1,
  actor_id: 7,
  actor_email: 'boss@example.com',
  action: 'notifications.bulk_read',
  target_type: 'notifications',
  target_id: '2',
  before: { ids: ['a', 'b'], is_read: false },
  after: { ids: ['a', 'b'], is_read: true },
  ip: '203.0.113.9',
  label: null,
  subject_user_id: null,
  created_at: '2030-01-01T10:00:00.000Z',
  ...over,
});

describe('ActivityPage', () => {
  it('lists each admin write: action in words, target, admin, address and what changed', async () => {
    entries = [
      entry({}),
      entry({ id: 2, action: 'order.updated', target_type: 'order', target_id: '1042', before: { status: 'pending' }, after: { status: 'shipped' }, ip: null }),
    ];
    renderPage();
    const rows = within(await screen.findByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [bulk, order] = rows.map((r) => r.textContent ?? '');
    expect(bulk).toContain('Marked notifications as read');
    expect(bulk).toContain('2 notifications');
    expect(bulk).toContain('boss@example.com');
    expect(bulk).toContain('203.0.113.9');
    expect(bulk).toMatch(/is read: false.*true/);
    expect(bulk).not.toContain('ids');
    expect(order).toContain('order #1042');
    expect(order).toMatch(/status: pending.*shipped/);
    expect(order).toContain('address not known');
    expect(asked).toEqual(['/api/admin/audit?page=1&page_size=20']);
  });

  it('names the target by its label, and shows times and epoch seconds as dates', async () => {
    entries = [
      entry({
        action: 'coupon.created',
        target_type: 'coupon',
        target_id: 'c02af346-7b1e-4c8e-9f1a-3e5b6c7d8e9f',
        label: 'Launch week',
        before: null,
        after: { name: 'Launch week', redeem_by: 1_924_992_000 },
      }),
    ];
    renderPage();
    const [row] = within(await screen.findByRole('table')).getAllByRole('row').slice(1);
    const text = row!.textContent ?? '';
    expect(text).toContain('coupon “Launch week”');
    expect(text).not.toContain('c02af346');
    expect(text).toContain(formatDateTime('2030-01-01T10:00:00.000Z'));
    expect(text).toContain(formatDateTime('2031-01-01T00:00:00.000Z'));
    expect(text).not.toContain('1924992000');
  });

  it('explains an empty log', async () => {
    entries = [];
    renderPage();
    expect(await screen.findByText(/^No admin activity yet\./)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Activity pages' })).toBeNull();
  });
});
