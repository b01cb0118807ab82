import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { RouterNavigation } from '../../../lib/router-navigation';
import type { TBooth } from '@lbs/domain/booths';
import { freshStore } from '../../../test/fresh-store';
import { BoothsPage } from './booths-page';
import { stubModalDialogs } from '../../../test/modal-dialogs';

/** The page against a stand-in for the API: what it shows, what it sends, and what it does when the list fails. */

const HOUR = 3600 * 1000;

const booth = (over: Partial<TBooth> = {}): TBooth => ({
  device_id: '3f2b8c1e-0d4a-4f7e-9b1a-2c3d4e5f6a7b',
  name: 'Front desk',
  reported_name: 'DESKTOP-7Q2',
  custom_name: 'Front desk',
  license: { id: 'l1', type: 'month', key_suffix: '4567', state: 'active', expires_at: null },
  licenses_count: 1,
  app_version: '2.4.0',
  last_seen_at: new Date(Date.now() - 3 * HOUR - 60_000).toISOString(),
  lease_until: new Date(Date.now() + 100 * HOUR).toISOString(),
  offline_allowance_hours: 168,
  stale: false,
  files_7d: 1234,
  errors_7d: 2,
  shared_at: null,
  ...over,
});

beforeAll(stubModalDialogs);

let items: TBooth[] = [];
let total = 0;
let failList = false;
let posts: unknown[] = [];
let listCalls = 0;
/** A device whose rename the stand-in refuses, and with what detail. */
let refuseRename: { device_id: string; detail: string } | null = null;

beforeEach(() => {
  items = [];
  total = 0;
  failList = false;
  posts = [];
  listCalls = 0;
  refuseRename = null;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://shop.test');
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname.endsWith('/booths/rename')) {
      const body = JSON.parse(String(init?.body)) as { device_id: string; name: string };
      posts.push(body);
      if (refuseRename?.device_id === body.device_id) return json({ detail: refuseRename.detail }, 409);
      items = items.map((b) => (b.device_id === body.device_id ? { ...b, custom_name: body.name || null, name: body.name || b.reported_name } : b));
      return json(items.find((b) => b.device_id === body.device_id));
    }
    if (url.pathname.endsWith('/booths')) {
      listCalls += 1;
      if (failList) return json({ detail: 'boom' }, 500);
      return json({ items, total, page: Number(url.searchParams.get('page')), page_size: 20 });
    }
    throw new Error(`unexpected call ${url.pathname}`);
  });
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
        <RouterNavigation>
          <BoothsPage />
        </RouterNavigation>
      </MemoryRouter>
    </Provider>,
  );
}

const table = () => screen.getByRole('table', { name: 'Booths' });

describe('BoothsPage', { timeout: 20_000 }, () => {
  it('lists each booth with its licence, version, last seen, offline lease and counts', async () => {
    items = [booth()];
    total = 1;
    renderPage();
    await screen.findByRole('table', { name: 'Booths' });
    const row = within(table()).getAllByRole('row')[1]!;
    expect(within(row).getByText('Front desk')).toBeTruthy();
    expect(within(row).getByText('Monthly')).toBeTruthy();
    expect(within(row).getByText('…4567')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('2.4.0')).toBeTruthy();
    expect(within(row).getByText('3 hours ago')).toBeTruthy();
    expect(within(row).getByText('1,234 files')).toBeTruthy();
    expect(within(row).getByText('2 errors')).toBeTruthy();
    // The whole device id is there for a screen reader and in the title; the screen shows its start.
    expect(within(row).getByTitle('3f2b8c1e-0d4a-4f7e-9b1a-2c3d4e5f6a7b')).toBeTruthy();
    expect(within(row).queryByText('Seen in two places')).toBeNull();
  });

  it('flags a booth seen in two places and one not seen for longer than its allowance', async () => {
    items = [booth({ shared_at: new Date(Date.now() - HOUR).toISOString(), stale: true, last_seen_at: new Date(Date.now() - 9 * 24 * HOUR).toISOString() })];
    total = 1;
    renderPage();
    await screen.findByRole('table', { name: 'Booths' });
    expect(within(table()).getByText('Seen in two places')).toBeTruthy();
    expect(within(table()).getByText('Not seen for 9 days — longer than its offline allowance')).toBeTruthy();
  });

  it('says when the customer has no booth, and points to activation', async () => {
    renderPage();
    await screen.findByText('No booth activated yet');
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe('/accounts/overview');
    expect(screen.getByRole('link', { name: 'Activate a booth offline' }).getAttribute('href')).toBe('/accounts/booths/activate-offline');
  });

  it('shows an error, never an empty list, when the list fails to load', async () => {
    failList = true;
    renderPage();
    await screen.findByRole('alert');
    expect(screen.queryByText('No booth activated yet')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('renames a booth, resets it to its reported name, and lists it again each time', async () => {
    items = [booth()];
    total = 1;
    renderPage();
    await screen.findByRole('table', { name: 'Booths' });
    const before = listCalls;
    fireEvent.click(within(table()).getByRole('button', { name: 'Rename booth Front desk' }));
    const box = await screen.findByRole('textbox', { name: 'Booth name' });
    expect((box as HTMLInputElement).value).toBe('Front desk');
    fireEvent.change(box, { target: { value: '  Hall B  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toEqual([{ device_id: items[0]!.device_id, name: 'Hall B' }]));
    await waitFor(() => expect(listCalls).toBeGreaterThan(before));
    await within(table()).findByText('Hall B');

    fireEvent.click(within(table()).getByRole('button', { name: 'Rename booth Hall B' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reset to reported name' }));
    await waitFor(() => expect(posts.at(-1)).toEqual({ device_id: items[0]!.device_id, name: '' }));
    await within(table()).findByText('DESKTOP-7Q2');
  });

  it('forgets one booth’s failed rename when the dialog closes: the next booth’s dialog shows no error', async () => {
    const other = booth({ device_id: 'a1b2c3d4-0000-4000-8000-000000000002', name: 'Hall A', custom_name: 'Hall A', reported_name: 'LAPTOP-9' });
    items = [booth(), other];
    total = 2;
    refuseRename = { device_id: booth().device_id, detail: 'This booth is not yours.' };
    renderPage();
    await screen.findByRole('table', { name: 'Booths' });
    fireEvent.click(within(table()).getByRole('button', { name: 'Rename booth Front desk' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Booth name' }), { target: { value: 'Hall B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = () => screen.getByRole('dialog', { name: 'Rename booth' });
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('This booth is not yours.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Booth name' })).toBeNull());

    fireEvent.click(within(table()).getByRole('button', { name: 'Rename booth Hall A' }));
    expect(((await screen.findByRole('textbox', { name: 'Booth name' })) as HTMLInputElement).value).toBe('Hall A');
    expect(within(dialog()).queryByRole('alert')).toBeNull();
  });

  it('saving the name the booth reports, unchanged, closes without a call and stores no name of its own', async () => {
    // No custom name: the field starts at the reported name.
    items = [booth({ custom_name: null, name: 'DESKTOP-7Q2' })];
    total = 1;
    renderPage();
    await screen.findByRole('table', { name: 'Booths' });
    fireEvent.click(within(table()).getByRole('button', { name: 'Rename booth DESKTOP-7Q2' }));
    expect(((await screen.findByRole('textbox', { name: 'Booth name' })) as HTMLInputElement).value).toBe('DESKTOP-7Q2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Booth name' })).toBeNull());
    expect(posts).toEqual([]);
  });

  it('typing the reported name over a custom name resets it (sends an empty name), rather than storing a copy', async () => {
    items = [booth()];
    total = 1;
    renderPage();
    await screen.findByRole('table', { name: 'Booths' });
    fireEvent.click(within(table()).getByRole('button', { name: 'Rename booth Front desk' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Booth name' }), { target: { value: ' DESKTOP-7Q2 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toEqual([{ device_id: items[0]!.device_id, name: '' }]));
    await within(table()).findByText('DESKTOP-7Q2');
    expect(items[0]!.custom_name).toBeNull();
  });
});
