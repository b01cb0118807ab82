import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { pgliteExtensions } from './pglite-extensions';
import * as schema from './schema';
import type { PgliteUpgrade } from './upgrade-pglite-data';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Data access takes either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /** Connections of the pool by state (PostgreSQL); null on PGlite's single embedded connection. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
  /** What opening it did to bring an older PGlite data folder to this version (PGlite only). */
  upgrade?: PgliteUpgrade | null;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` (Postgres delivers them only after the
   * sender commits) until the returned function is called. On PostgreSQL a dedicated connection
   * listens and reconnects after a drop; `onReconnect` then runs, because anything sent while
   * the connection was down is lost and the listener must catch up on its own.
   */
  listen(channel: string, onPayload: (payload: string) => void, opts?: { onReconnect?: () => void }): Promise<() => Promise<void>>;
  /**
   * Runs `work` on one connection held for its whole length, with `exec` sending SQL text of
   * several statements at once (the simple protocol). A restore uses it for one transaction over
   * many batches; the connection's session settings die with it.
   */
  session<T>(work: (exec: (sqlText: string) => Promise<void>) => Promise<T>): Promise<T>;
}

// Without it, a database host that drops packets leaves every request waiting forever; with it,
// they fail fast and the API answers 503 until the database is back.
const CONNECT_TIMEOUT_MS = 5_000;

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');
// Arbitrary constant shared by every process: only one of them migrates at a time.
const MIGRATION_LOCK_ID = 727_401;

/**
 * PGlite (Postgres in WASM, stored in `dataDir`) by default; node-postgres when a URL is given.
 * `dataDir` null means an in-memory PGlite, used by tests; `pglite` lets them reuse a compiled
 * WASM module and start from a migrated snapshot, which makes a fresh database much cheaper.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  pglite?: PGliteOptions;
}): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  return openPglite(opts.dataDir ?? null, opts.pglite);
}

/**
 * Every PGlite this product opens is built with these options: the server's, the upgrade's new
 * database (upgrade-pglite-data.ts) and the tests' template. `extra` adds what one caller alone
 * needs (a test's compiled WASM and snapshot).
 */
export function pgliteOptions(extra: PGliteOptions = {}): PGliteOptions {
  return { ...extra, extensions: { ...pgliteExtensions, ...extra.extensions } };
}

async function openPglite(dataDir: string | null, options: PGliteOptions = {}): Promise<Database> {
  // PGlite is Postgres compiled to WASM. V8's optimising tier recompiles its hot functions and
  // kept far more memory after start for little or no speed bench/api.mjs could tell apart from
  // noise (figures: docs/figures-history.md). The baseline compiler alone serves it. The compiled server's starts pass the flag on the command
  // line (node-flags.mjs), since on Node 24 setting it here no longer stops all tiering up; this
  // line is for a server built inside another program's process (the tests build theirs in Vitest's).
  v8.setFlagsFromString('--liftoff-only');
  const { PGlite } = await import('@electric-sql/pglite');
  let dir: string | undefined;
  let unlock = () => {};
  let upgrade: PgliteUpgrade | null = null;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    // A first start names a folder that does not exist yet (`./data`): the lock file goes in it.
    fs.mkdirSync(dataDir, { recursive: true });
    unlock = lockPgliteDir(dataDir);
    try {
      // Under the lock: a data folder written by an older PGlite is brought to this one first.
      const { upgradePgliteData } = await import('./upgrade-pglite-data');
      upgrade = await upgradePgliteData(dataDir, { pglite: options });
    } catch (err) {
      unlock();
      throw err;
    }
    fs.mkdirSync(dir, { recursive: true });
  }
  const client = dir ? new PGlite(dir, pgliteOptions(options)) : new PGlite(pgliteOptions(options));
  try {
    await client.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  if (dir) {
    try {
      await keepBufferPoolSmall(client);
    } catch (err) {
      await client.close().catch(() => {});
      unlock();
      throw err;
    }
  }
  return { ...(await pgliteDatabase(client, unlock)), upgrade };
}

/**
 * PGlite's buffer pool. PostgreSQL's default, 128 MB, is a server's: in PGlite it lives in the
 * WASM memory of the shop's one process, so a smaller pool is memory the process gives back; a
 * page not in the pool is read from the data folder's files, which the OS keeps cached (the
 * README's Figures table has the memory saved and the reads it slowed).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * Writes the pool's size into the data folder (ALTER SYSTEM: postgresql.auto.conf), read at every
 * later start; an owner's own ALTER SYSTEM SET shared_buffers is kept. Not a start parameter: on a
 * first start PGlite passes those to the throwaway instance that runs initdb too, which then left
 * its memory behind until V8 collected it (docs/figures-history.md). So the
 * first start, which made the folder, runs with PostgreSQL's default, and every later one with this.
 */
async function keepBufferPoolSmall(client: PGlite): Promise<void> {
  const { rows } = await client.query(
    "select 1 from pg_file_settings where name = 'shared_buffers' and sourcefile like '%postgresql.auto.conf'",
  );
  if (rows.length === 0) await client.exec(`ALTER SYSTEM SET shared_buffers = '${PGLITE_SHARED_BUFFERS}'`);
}

/**
 * A Database over an open PGlite client; `release` runs after it closes. The upgrade also wraps
 * the previous PGlite version's client in it, to dump and count with the same code.
 */
export async function pgliteDatabase(client: PGlite, release: () => void = () => {}): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const unlock = release;
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    poolStats: () => null,
    migrate: async () => {
      await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: async () => {
      // The simple protocol: one call into the WASM backend instead of query()'s six.
      await client.exec('select 1');
      return true;
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    session: async (work) => {
      // The one connection is the server's too: the search_path a dump empties is put back after.
      // (RESET ALL would not do: PGlite's reset value of it is pg_catalog alone.)
      const before = (await client.query<{ search_path: string }>('show search_path')).rows[0]!.search_path;
      try {
        return await work(async (sqlText) => {
          await client.exec(sqlText);
        });
      } finally {
        if (!client.closed) {
          await client.exec('ROLLBACK').catch(() => {});
          await client.query(`select set_config('search_path', $1, false)`, [before]).catch(() => {});
        }
      }
    },
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(assertChannel(channel), onPayload);
      return async () => {
        if (!client.closed) await unlisten().catch(() => {});
      };
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.default.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A broken idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // The pool listens for errors only on idle connections. One checked out between two statements
  // of a transaction (a worker waiting on SMTP) that loses its server would emit an error nobody
  // hears and end the process; its next statement fails instead, and the pool drops it on release.
  pool.on('connect', (conn) => conn.on('error', () => {}));
  const db = drizzle(pool, { schema }) as unknown as Db;
  // drizzle's transaction() on a pool checks a connection out and sends BEGIN before the
  // try/finally that gives it back (drizzle-orm 0.45, upstream issue #6241): when the server goes
  // away just as a transaction begins, the connection stays checked out for the life of the
  // process, the pool is one short for good, and pool.end() waits on it forever. So a transaction
  // runs on a connection checked out here and given back whatever happens; drizzle sees a plain
  // client and only sends BEGIN, COMMIT and ROLLBACK on it. pg-pool drops a connection that lost
  // its server when it comes back. One drizzle instance per connection: building one costs ~0.2 ms.
  const onConnection = new WeakMap<import('pg').PoolClient, Db>();
  db.transaction = async (work, config) => {
    const conn = await pool.connect();
    try {
      let bound = onConnection.get(conn);
      if (!bound) onConnection.set(conn, (bound = drizzle(conn, { schema }) as unknown as Db));
      return await bound.transaction(work, config);
    } finally {
      conn.release();
    }
  };
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    driver: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: async () => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrate(drizzle(conn, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        conn.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
      return true;
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
    session: async (work) => {
      const conn = await pool.connect();
      try {
        return await work(async (sqlText) => {
          await conn.query(sqlText);
        });
      } finally {
        // Destroyed, not returned: a dump's session settings must not reach the pool's next user.
        conn.release(true);
      }
    },
    listen: async (channel, onPayload, opts) => {
      const stop = await listenPostgres(pg.default, url, assertChannel(channel), onPayload, opts?.onReconnect);
      const remove = async () => {
        listeners.delete(remove);
        await stop();
      };
      listeners.add(remove);
      return remove;
    },
  };
}

export class DatabaseInUseError extends Error {}

/**
 * PGlite's files belong to one process: a second one opening them (a backup, the demo seeder,
 * another server) while the server runs would corrupt them. The lock names its holder's pid; a
 * lock whose process has gone is taken over.
 */
const locksHeldHere = new Set<string>();
function lockPgliteDir(dataDir: string): () => void {
  const lockPath = path.join(path.resolve(dataDir), 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let held = true;
      locksHeldHere.add(lockPath);
      const release = () => {
        if (!held) return;
        held = false;
        locksHeldHere.delete(lockPath);
        process.off('exit', release);
        fs.rmSync(lockPath, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      // Our own pid on a lock this process did not take is a leftover of an earlier life (a
      // container's server is pid 1 every time).
      const alive = holder === process.pid ? locksHeldHere.has(lockPath) : Number.isInteger(holder) && holder > 0 && processIsAlive(holder);
      if (alive) {
        throw new DatabaseInUseError(
          holder === process.pid
            ? `The PGlite database in ${dataDir} is already open in this process.`
            : `The PGlite database in ${dataDir} is in use by process ${holder} (the server?). Stop it first; ` +
              `if no such process is yours, delete ${lockPath}.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock ${lockPath}`);
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;
// LISTEN takes an identifier, not a parameter, so only plain names are let through.
function assertChannel(channel: string): string {
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  return channel;
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * LISTEN needs one connection held for as long as we listen (a pooled one would be handed to
 * other queries). When it drops, it is reopened with a growing delay until it works again.
 */
async function listenPostgres(
  pgModule: typeof import('pg').default,
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: (() => void) | undefined,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: import('pg').Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;

  const connect = async (): Promise<void> => {
    const c = new pgModule.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    c.on('notification', (msg) => {
      if (msg.channel === channel) onPayload(msg.payload ?? '');
    });
    c.on('error', () => scheduleReconnect(c));
    c.on('end', () => scheduleReconnect(c));
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = RECONNECT_MIN_MS;
  };

  const scheduleReconnect = (dropped: import('pg').Client) => {
    if (stopped || client !== dropped || timer) return;
    client = undefined;
    dropped.end().catch(() => {});
    const retry = () => {
      timer = setTimeout(() => {
        timer = undefined;
        if (stopped) return;
        connect().then(
          () => {
            if (!stopped) onReconnect?.();
          },
          () => {
            delay = Math.min(delay * 2, RECONNECT_MAX_MS);
            retry();
          },
        );
      }, delay);
      timer.unref();
    };
    retry();
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}
