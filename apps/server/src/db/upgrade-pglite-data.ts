import fs from 'node:fs';
import path from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { countRows, DUMP_ARGS, restoreDatabase } from './dump-restore';
import { pgliteDatabase, pgliteOptions } from './client';

/**
 * PGlite 0.5 is PostgreSQL 18; a data folder written by PGlite 0.3 (PostgreSQL 17) cannot be
 * opened by it, since major versions do not read each other's files. At start, under the data
 * folder's lock, such a folder is dumped by the PGlite that wrote it (kept as an aliased
 * dependency, @electric-sql/pglite-v03, with its pg_dump) and restored into a new folder by this
 * PGlite; every table's row count is compared, and then the folders are swapped by renames. The
 * old folder stays beside the new one, renamed with the date.
 *
 * Every step can be interrupted. Before the verified marker is written, the old folder has not
 * been moved and the next start throws away what the attempt left and starts over; after it,
 * the next start only finishes the renames.
 */

/** The PostgreSQL major version of the bundled PGlite (the PG_VERSION its folders carry). */
export const PGLITE_PG_MAJOR = 18;
/** Majors we can upgrade from, with the PGlite that reads them. */
const OLDER_MAJORS = [17];

export interface PgliteUpgrade {
  fromMajor: number;
  toMajor: number;
  tables: number;
  rows: number;
  /** Where the previous folder now is (a sibling of the new `pglite`). */
  previousDir: string;
  ms: number;
}

/** Stages an upgrade passes, in order; tests make one of them fail. */
export type UpgradeStep = 'dumped' | 'restored' | 'verified' | 'moved-old';

const IN_PROGRESS = 'pglite-upgrading';
const DUMP_FILE = 'pglite-upgrading.sql';
/** Written once the new folder is complete and verified: from then on the upgrade only moves forward. */
const MARKER = 'pglite-upgrade.json';

export class PgliteUpgradeError extends Error {}

export async function upgradePgliteData(
  dataDir: string,
  opts: { pglite?: PGliteOptions; now?: Date; onStep?: (step: UpgradeStep) => void | Promise<void> } = {},
): Promise<PgliteUpgrade | null> {
  const current = path.join(dataDir, 'pglite');
  const inProgress = path.join(dataDir, IN_PROGRESS);
  const dumpFile = path.join(dataDir, DUMP_FILE);
  const markerFile = path.join(dataDir, MARKER);

  const finished = await finishSwap(dataDir);
  if (finished) return finished;
  // No marker: anything an earlier attempt left is incomplete or unverified.
  fs.rmSync(inProgress, { recursive: true, force: true });
  fs.rmSync(dumpFile, { force: true });

  const major = pgMajorOf(current);
  if (major === null || major === PGLITE_PG_MAJOR) return null;
  if (!OLDER_MAJORS.includes(major)) {
    throw new PgliteUpgradeError(
      `${current} holds PostgreSQL ${major} data; this version of the shop reads PostgreSQL ${PGLITE_PG_MAJOR} ` +
        `and can upgrade from ${OLDER_MAJORS.join(', ')}. Run the version of the shop that wrote it, or restore a backup.`,
    );
  }

  const started = performance.now();
  const now = opts.now ?? new Date();
  const step = opts.onStep ?? (() => {});
  try {
    // 1. Dump with the PGlite that wrote the folder, and its own pg_dump.
    const { PGlite: OldPGlite } = await import('@electric-sql/pglite-v03');
    const { pgDump } = await import('@electric-sql/pglite-tools-v02/pg_dump');
    const oldClient = new OldPGlite(current);
    const oldDatabase = await pgliteDatabase(oldClient as unknown as PGlite);
    let before: Record<string, number>;
    try {
      await oldClient.waitReady;
      before = await countRows(oldDatabase);
      // The old pg_dump is typed against the PGlite installed as @electric-sql/pglite (0.5); it only
      // talks to the instance it is given, the 0.3 one.
      const dump = await pgDump({ pg: oldClient as never, args: DUMP_ARGS });
      fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await oldDatabase.close();
    }
    await step('dumped');

    // 2. Restore into a new folder with this PGlite. A test's snapshot (loadDataDir) would stand
    // in for the empty database the restore needs, so it is left out.
    const { PGlite } = await import('@electric-sql/pglite');
    fs.mkdirSync(inProgress, { recursive: true });
    const newDatabase = await pgliteDatabase(new PGlite(inProgress, pgliteOptions({ ...opts.pglite, loadDataDir: undefined })));
    let after: Record<string, number>;
    try {
      await restoreDatabase(newDatabase, dumpFile);
      await step('restored');
      after = await countRows(newDatabase);
    } finally {
      await newDatabase.close();
    }

    // 3. Verify: the same tables with the same number of rows.
    const differences = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
    if (differences.length) {
      throw new PgliteUpgradeError(
        `The upgraded copy differs in ${differences.map((t) => `${t} (${before[t] ?? 'absent'} → ${after[t] ?? 'absent'})`).join(', ')}`,
      );
    }
    if (pgMajorOf(inProgress) !== PGLITE_PG_MAJOR) throw new PgliteUpgradeError(`${inProgress} is not PostgreSQL ${PGLITE_PG_MAJOR} data`);
    const marker = {
      fromMajor: major,
      toMajor: PGLITE_PG_MAJOR,
      tables: Object.keys(after).length,
      rows: Object.values(after).reduce((a, b) => a + b, 0),
      previousName: `pglite-pg${major}-${now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}`,
      ms: Math.round(performance.now() - started),
    };
    writeDurably(markerFile, JSON.stringify(marker));
    await step('verified');
  } catch (err) {
    // Before the marker the old folder has not moved: throw the attempt away.
    if (fs.existsSync(markerFile)) throw err;
    fs.rmSync(inProgress, { recursive: true, force: true });
    fs.rmSync(dumpFile, { force: true });
    throw new PgliteUpgradeError(
      `Could not upgrade the embedded database in ${current} from PostgreSQL ${major} to ${PGLITE_PG_MAJOR}: ` +
        `${err instanceof Error ? err.message : String(err)}. It is untouched; the next start tries again.`,
      { cause: err },
    );
  }
  // 4. Swap, by renames (also what the next start does if this one stops half-way).
  return (await finishSwap(dataDir, step))!;
}

/**
 * With a marker: moves the old folder aside (if still in place) and the new one in, then removes
 * the marker and the dump. Null when there is no marker.
 */
async function finishSwap(dataDir: string, step: (s: UpgradeStep) => void | Promise<void> = () => {}): Promise<PgliteUpgrade | null> {
  const markerFile = path.join(dataDir, MARKER);
  if (!fs.existsSync(markerFile)) return null;
  const { previousName, ...counts } = JSON.parse(fs.readFileSync(markerFile, 'utf8')) as Omit<PgliteUpgrade, 'previousDir'> & { previousName: string };
  const report: PgliteUpgrade = { ...counts, previousDir: path.join(dataDir, previousName) };
  const current = path.join(dataDir, 'pglite');
  const inProgress = path.join(dataDir, IN_PROGRESS);
  if (fs.existsSync(inProgress)) {
    if (fs.existsSync(current)) fs.renameSync(current, report.previousDir);
    syncDir(dataDir);
    await step('moved-old');
    fs.renameSync(inProgress, current);
    syncDir(dataDir);
  }
  fs.rmSync(path.join(dataDir, DUMP_FILE), { force: true });
  fs.rmSync(markerFile, { force: true });
  syncDir(dataDir);
  return report;
}

/** The PostgreSQL major version a data folder was written by; null when there is none yet. */
export function pgMajorOf(dir: string): number | null {
  try {
    return Number(fs.readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim());
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** One line for the server's log and the command line tools. */
export function describeUpgrade(u: PgliteUpgrade): string {
  return (
    `Upgraded the embedded database from PostgreSQL ${u.fromMajor} to ${u.toMajor} (${u.tables} tables, ${u.rows} rows, ` +
    `${(u.ms / 1000).toFixed(1)} s). The previous data folder is kept in ${u.previousDir}; delete it once the shop runs well.`
  );
}

function writeDurably(file: string, text: string): void {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  syncDir(path.dirname(file));
}

/** A rename is durable once its directory is flushed (on Linux; elsewhere this is best effort). */
function syncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Windows cannot open a directory for fsync.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
