import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { onPostgres } from '../../test/build-test-app';
import { openDatabase } from './client';
import { pgMajorOf, PGLITE_PG_MAJOR } from './upgrade-pglite-data';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-open-pglite-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// `npm start` on a fresh clone: DATA_DIR (./data) does not exist yet. It failed once, when the
// lock file was written before the folder was made.
it.skipIf(onPostgres())('opens a data folder that does not exist yet, in this PGlite\'s format, and locks it', async () => {
  const dataDir = path.join(root, 'not', 'yet');
  const database = await openDatabase({ dataDir });
  try {
    expect(await database.ping()).toBe(true);
    expect(database.upgrade).toBeNull();
    expect(pgMajorOf(path.join(dataDir, 'pglite'))).toBe(PGLITE_PG_MAJOR);
    expect(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
  } finally {
    await database.close();
  }
  expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
}, 120_000);
