import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { onPostgres } from '../../test/build-test-app';
import { DatabaseInUseError, openDatabase, type Database } from './client';
import { pgMajorOf, PGLITE_PG_MAJOR } from './upgrade-pglite-data';

const sharedBuffers = async (database: Database) =>
  ((await database.db.execute(sql.raw('show shared_buffers'))) as unknown as { rows: { shared_buffers: string }[] }).rows[0]!.shared_buffers;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-open-pglite-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// `npm start` on a fresh clone: DATA_DIR (./data) does not exist yet. It failed once, when the
// lock file was written before the folder was made.
it.skipIf(onPostgres())('opens a data folder that does not exist yet, in this PGlite\'s format, and locks it; later starts use a smaller buffer pool', async () => {
  const dataDir = path.join(root, 'not', 'yet');
  const database = await openDatabase({ dataDir });
  try {
    expect(await database.ping()).toBe(true);
    expect(database.upgrade).toBeNull();
    expect(pgMajorOf(path.join(dataDir, 'pglite'))).toBe(PGLITE_PG_MAJOR);
    expect(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    // The first start runs with PostgreSQL's pool and writes the smaller one for the next starts.
    expect(await sharedBuffers(database)).toBe('128MB');
    expect(fs.readFileSync(path.join(dataDir, 'pglite', 'postgresql.auto.conf'), 'utf8')).toMatch(/^shared_buffers = '32MB'$/m);
  } finally {
    await database.close();
  }
  expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

  // The next start runs with it; an owner's own choice (ALTER SYSTEM) is kept from then on.
  const again = await openDatabase({ dataDir });
  try {
    expect(await sharedBuffers(again)).toBe('32MB');
    await again.db.execute(sql.raw("alter system set shared_buffers = '64MB'"));
  } finally {
    await again.close();
  }
  const third = await openDatabase({ dataDir });
  try {
    expect(await sharedBuffers(third)).toBe('64MB');
  } finally {
    await third.close();
  }
}, 120_000);

it("PGlite's files are locked to the process that has them open", async () => {
  const dataDir = path.join(root, 'locked');
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = path.join(dataDir, 'pglite.lock');
  // A live process holds it (our parent, standing in for a running server): refused, untouched.
  fs.writeFileSync(lock, String(process.ppid));
  await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseInUseError);
  expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.ppid));
  // A process that has ended left it behind: taken over, and released on close.
  const ended = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
  fs.writeFileSync(lock, String(ended));
  const database = await openDatabase({ dataDir });
  try {
    expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.pid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(/already open in this process/);
  } finally {
    await database.close();
  }
  expect(fs.existsSync(lock)).toBe(false);
}, 60_000);
