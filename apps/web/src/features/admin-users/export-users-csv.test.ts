import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { downloadUsersCsv } from './export-users-csv';

describe('downloadUsersCsv', () => {
  const saved: Array<{ name: string; href: string }> = [];
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    saved.length = 0;
    localStorage.setItem(STORAGE_KEYS.token, 'session-token');
    fetchMock = vi.fn(async () => new Response('id,first_name\r\n1,Ann\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has neither object URLs nor downloads: record what would be saved.
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('asks for the export with the session token and the list’s filters, and saves it under a name that says them', async () => {
    const now = new Date('2026-11-25T23:30:00Z'); // 26 Nov in Jakarta, still 25 Nov in UTC
    await downloadUsersCsv({ q: 'Ann', role: 'user' }, now, 'Asia/Jakarta');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const asked = new URL(url, 'http://localhost');
    expect(asked.pathname).toBe('/api/users/export');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ role: 'user', q: 'Ann' });
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer session-token');
    expect(saved).toEqual([{ name: 'users-search-ann-2026-11-26.csv', href: 'blob:csv' }]);
  });

  it('without a search the name is users and the day, in the display zone', async () => {
    await downloadUsersCsv({ q: '', role: 'user' }, new Date('2026-11-25T23:30:00Z'), 'UTC');
    expect(saved.map((s) => s.name)).toEqual(['users-2026-11-25.csv']);
  });

  it('leaves out a blank search and saves nothing when the server refuses', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ detail: 'Admins only' }), { status: 403 }));
    await expect(downloadUsersCsv({ q: '', role: 'admin' })).rejects.toMatchObject({ status: 403, message: 'Admins only' });
    const asked = new URL((fetchMock.mock.calls[0] as [string])[0], 'http://localhost');
    expect(asked.searchParams.has('q')).toBe(false);
    expect(saved).toEqual([]);
  });
});
