import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { downloadUsersCsv, usersCsvFileName } from './export-users-csv';

describe('usersCsvFileName', () => {
  it('is users-YYYY-MM-DD.csv on the calendar of the given time zone', () => {
    const evening = new Date('2025-06-30T17:30:00Z');
    expect(usersCsvFileName(evening, 'UTC')).toBe('users-2025-06-30.csv');
    // Already 1 July in Singapore (UTC+8).
    expect(usersCsvFileName(evening, 'Asia/Singapore')).toBe('users-2025-07-01.csv');
    expect(usersCsvFileName(new Date('2026-01-05T03:00:00Z'), 'America/Los_Angeles')).toBe('users-2026-01-04.csv');
  });
});

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

  it('asks for the export with the session token and the list’s filters, and saves it under the dated name', async () => {
    const now = new Date();
    await downloadUsersCsv({ q: 'ann', role: 'user' }, now);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const asked = new URL(url, 'http://localhost');
    expect(asked.pathname).toBe('/api/users/export');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ role: 'user', q: 'ann' });
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer session-token');
    expect(saved).toEqual([{ name: usersCsvFileName(now), href: 'blob:csv' }]);
    expect(saved[0]!.name).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('leaves out a blank search and saves nothing when the server refuses', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ detail: 'Admins only' }), { status: 403 }));
    await expect(downloadUsersCsv({ q: '', role: 'admin' })).rejects.toMatchObject({ status: 403, message: 'Admins only' });
    const asked = new URL((fetchMock.mock.calls[0] as [string])[0], 'http://localhost');
    expect(asked.searchParams.has('q')).toBe(false);
    expect(saved).toEqual([]);
  });
});
