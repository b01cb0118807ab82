import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import type { LicenseRow } from './find-license';
import { LicenseRowCache } from './license-row-cache';

// The cache's own rules, with LISTEN in the test's hands. That every licence write drops the row
// is tested by behaviour, verb by verb, in license-changes/license-changes.test.ts.

/** A Database whose LISTEN is in the test's hands. */
function fakeDatabase() {
  const on: { payload?: (p: string) => void; reconnect?: () => void } = {};
  const database = {
    listen: vi.fn(async (_channel: string, onPayload: (p: string) => void, opts?: { onReconnect?: () => void }) => {
      on.payload = onPayload;
      on.reconnect = opts?.onReconnect;
      return async () => {};
    }),
  } as unknown as Database;
  return { database, on };
}
const log = { warn: vi.fn() } as never;
const row = (id: string) => ({ id }) as LicenseRow;

describe('LicenseRowCache', () => {
  it('keeps a row; a signal with its id drops it', async () => {
    const { database, on } = fakeDatabase();
    const cache = new LicenseRowCache(database, log);
    await cache.get('h1', async () => row('a'));
    await cache.get('h2', async () => row('b'));
    expect(cache.has('h1') && cache.has('h2')).toBe(true);
    on.payload!('a');
    expect(cache.has('h1')).toBe(false);
    expect(cache.has('h2')).toBe(true);
    await cache.close();
  });

  it('drops everything when the listening connection comes back (signals may have been lost)', async () => {
    const { database, on } = fakeDatabase();
    const cache = new LicenseRowCache(database, log);
    await cache.get('h1', async () => row('a'));
    on.reconnect!();
    expect(cache.size).toBe(0);
    await cache.close();
  });

  it('does not keep a row read while a change was signalled (it may be the row before the commit)', async () => {
    const { database, on } = fakeDatabase();
    const cache = new LicenseRowCache(database, log);
    await cache.get('warm', async () => row('w'));
    const read = cache.get('h1', async () => {
      on.payload!('a');
      return row('a');
    });
    expect(await read).toEqual(row('a'));
    expect(cache.has('h1')).toBe(false);
    await cache.close();
  });

  it('keeps nothing while it cannot listen', async () => {
    const database = { listen: vi.fn(async () => Promise.reject(new Error('no LISTEN'))) } as unknown as Database;
    const cache = new LicenseRowCache(database, { warn: vi.fn() } as never);
    expect(await cache.get('h1', async () => row('a'))).toEqual(row('a'));
    expect(cache.has('h1')).toBe(false);
    await cache.close();
  });
});
