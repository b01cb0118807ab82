import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRetryAfter } from './server-call';
import { defaultStateDir, StateStore } from './state-store';

let dir: string;
let store: StateStore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lbs-state-'));
  store = new StateStore(path.join(dir, 'nested', 'state'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('StateStore', () => {
  it('writes whole files readable by their owner only, leaving no temporary file', async () => {
    await store.writeJson('license.json', { a: 1 });
    await store.writeJson('license.json', { a: 2 });
    expect(await store.readJson('license.json')).toEqual({ a: 2 });
    expect(await readdir(store.dir)).toEqual(['license.json']);
    if (process.platform !== 'win32')
      expect((await stat(store.path('license.json'))).mode & 0o777).toBe(0o600);
  });

  it('concurrent writers leave one complete file', async () => {
    const big = (n: number) => ({ n, pad: 'x'.repeat(200_000) });
    await Promise.all(Array.from({ length: 8 }, (_, n) => store.writeJson('clock.json', big(n))));
    const content = (await store.readJson('clock.json')) as { n: number; pad: string };
    expect(content.pad).toHaveLength(200_000);
    expect(await readdir(store.dir)).toEqual(['clock.json']);
  });

  it('a missing or damaged file reads as none', async () => {
    expect(await store.readJson('nothing.json')).toBeNull();
    await store.writeJson('x.json', {});
    await writeFile(store.path('x.json'), '{"half":');
    expect(await store.readJson('x.json')).toBeNull();
  });

  it('createJson writes only once, whoever races', async () => {
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, n) => store.createJson('install.json', { n })),
    );
    expect(created.filter(Boolean)).toHaveLength(1);
    const winner = created.indexOf(true);
    expect(await store.readJson('install.json')).toEqual({ n: winner });
  });

  it('withLock lets one holder in at a time', async () => {
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 5 }, () =>
        store.withLock('queue', async () => {
          inside += 1;
          most = Math.max(most, inside);
          await new Promise((resolve) => setTimeout(resolve, 15));
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
  });

  it('withLock gives up when the lock stays busy, and breaks a stale one', async () => {
    await store.writeJson('placeholder.json', {});
    await writeFile(store.path('queue.lock'), '999999\n');
    expect(await store.withLock('queue', async () => 'ran', 100)).toBeNull();
    // Untouched for a minute on the file system's clock (not the process's, which may be off).
    const written = (await stat(store.path('queue.lock'))).mtimeMs;
    const old = new Date(written - 60_000);
    await utimes(store.path('queue.lock'), old, old);
    expect(await store.withLock('queue', async () => 'ran', 100)).toEqual({ value: 'ran' });
  });

  it('withLock keeps a live holder of this host in, however old its lock looks (the clock jumped)', async () => {
    await store.writeJson('placeholder.json', {});
    await writeFile(store.path('queue.lock'), `${process.pid}\n${os.hostname()}\n`);
    const old = new Date(Date.now() - 24 * 3600_000);
    await utimes(store.path('queue.lock'), old, old);
    expect(await store.withLock('queue', async () => 'ran', 100)).toBeNull();
  });

  it('withLock breaks at once the lock of a process of this host that has ended, even one dated ahead', async () => {
    await store.writeJson('placeholder.json', {});
    const ended = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
    await writeFile(store.path('queue.lock'), `${ended}\n${os.hostname()}\n`);
    const ahead = new Date(Date.now() + 3600_000);
    await utimes(store.path('queue.lock'), ahead, ahead);
    expect(await store.withLock('queue', async () => 'ran', 100)).toEqual({ value: 'ran' });
  });
});

describe('defaultStateDir', () => {
  it('follows each platform', () => {
    expect(defaultStateDir({ LENTIBOOTH_STATE_DIR: '/srv/lb' }, 'linux', '/home/a')).toBe(
      '/srv/lb',
    );
    expect(defaultStateDir({}, 'linux', '/home/a')).toBe(
      path.join('/home/a', '.config', 'lentibooth', 'license'),
    );
    expect(defaultStateDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux', '/home/a')).toBe(
      path.join('/cfg', 'lentibooth', 'license'),
    );
    expect(defaultStateDir({}, 'darwin', '/Users/a')).toBe(
      path.join('/Users/a', 'Library', 'Application Support', 'LentiBooth', 'license'),
    );
    expect(
      defaultStateDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32', 'C:\\Users\\a'),
    ).toBe(path.join('C:\\Users\\a\\AppData\\Roaming', 'LentiBooth', 'license'));
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120')).toBe(120);
    expect(
      parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 2)).toUTCString(), Date.UTC(2030, 0, 1)),
    ).toBe(120);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });
});
