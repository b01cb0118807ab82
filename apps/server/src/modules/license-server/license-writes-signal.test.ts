import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import type { LicenseRow } from './find-license';
import { LicenseRowCache } from './license-row-cache';

const SRC = path.resolve(import.meta.dirname, '../..');

/**
 * Writes that change what validation reads: Drizzle's update/delete of `licenses`, raw SQL
 * updating or deleting from it, and an insert that updates on conflict. A plain insert makes a
 * new key no cache can hold (validation never keeps a NOT_FOUND).
 */
const WRITE = [
  /\.(update|delete)\(\s*licenses\s*\)/g,
  /\b(update|delete\s+from)\s+(\$\{licenses\}|"?licenses"?)(\s|$)/gi,
  /\.insert\(\s*licenses\s*\)[\s\S]{0,400}?onConflictDoUpdate/g,
];

/**
 * Writes that must not signal: the batched bookkeeping of checks, once a second, of columns
 * validation never reads. Signalling them would empty every process's cache each second.
 */
const BOOKKEEPING: Record<string, RegExp> = {
  'modules/license-server/license-check-log.ts': /set\s+last_validated_at = [\s\S]*?lease_expires_at = greatest\(l\.lease_expires_at, v\.lease_exp\)\s+from/,
  'modules/license-server/device-addresses.ts': /set device_shared_at = greatest\(l\.device_shared_at, s\.at\)\s+from/,
};
const BOOKKEEPING_COLUMNS = ['last_validated_at', 'last_validated_ip', 'last_app_version', 'lease_expires_at', 'device_shared_at'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

const writesIn = (text: string) => WRITE.reduce((n, re) => n + (text.match(re)?.length ?? 0), 0);
const signalsIn = (text: string) => text.match(/\blicensesChanged\(/g)?.length ?? 0;

describe('every write to a licence signals validation’s cache (licensesChanged)', () => {
  it('each file writing the licenses table calls licensesChanged at least once per write', () => {
    const missing: string[] = [];
    let found = 0;
    for (const file of sourceFiles(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      const text = fs.readFileSync(file, 'utf8');
      const writes = writesIn(text);
      if (writes === 0 || rel in BOOKKEEPING) continue;
      found += writes;
      if (signalsIn(text) < writes) missing.push(`${rel}: ${writes} write(s), ${signalsIn(text)} licensesChanged call(s)`);
    }
    expect(missing, 'call licensesChanged(tx, ids) in the transaction of each write (licenses-changed.ts)').toEqual([]);
    // The scan finds the writes it should (revoke, suspend, extend, resets, refunds, renewal, binding, ...).
    expect(found).toBeGreaterThanOrEqual(14);
  });

  it('the bookkeeping writes exempted set only columns validation never reads', () => {
    for (const [rel, shape] of Object.entries(BOOKKEEPING)) {
      const text = fs.readFileSync(path.join(SRC, rel), 'utf8');
      expect(writesIn(text), rel).toBe(1);
      const set = shape.exec(text)?.[0];
      expect(set, `${rel}: its UPDATE changed; is every column it sets still unread by validation?`).toBeDefined();
      const columns = [...set!.matchAll(/(\w+) = /g)].map((m) => m[1]);
      for (const c of columns) expect(BOOKKEEPING_COLUMNS, rel).toContain(c);
    }
    const validation = ['validate-license.ts', 'find-license.ts', 'lease.ts'].map((f) => fs.readFileSync(path.join(import.meta.dirname, f), 'utf8')).join('\n');
    for (const c of BOOKKEEPING_COLUMNS) {
      const field = c.replace(/_(\w)/g, (_, x: string) => x.toUpperCase());
      expect(validation, `validation reads ${field}, which changes without a signal`).not.toMatch(new RegExp(`\\.${field}\\b`));
    }
  });

  it('recognises the shapes of a write', () => {
    expect(writesIn('await tx.update(licenses).set({})')).toBe(1);
    expect(writesIn('await db.delete( licenses ).where()')).toBe(1);
    expect(writesIn('sql`update ${licenses} set revoked_at = now()`')).toBe(1);
    expect(writesIn("db.execute(sql`UPDATE licenses SET suspended_at = null`)")).toBe(1);
    expect(writesIn('sql`delete from licenses where user_id = 1`')).toBe(1);
    expect(writesIn('tx.insert(licenses).values(v).onConflictDoUpdate({ target: licenses.id, set: {} })')).toBe(1);
    expect(writesIn('tx.insert(licenses).values(v)')).toBe(0);
    expect(writesIn('tx.select().from(licenses)')).toBe(0);
  });
});

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
