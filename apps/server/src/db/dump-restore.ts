import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { postgreSplitterOptions } from 'dbgate-query-splitter';
import { splitQueryStream } from 'dbgate-query-splitter/lib/splitQueryStream.js';
import type { Database } from './client';
import { selectRows } from './select-rows';

/**
 * Backups are plain SQL with INSERT statements (not COPY), written by PGlite's own pg_dump
 * (@electric-sql/pglite-tools, the one made for its data files) or by the machine's pg_dump for
 * PostgreSQL. Plain SQL is what both drivers can run, so a dump of either restores into either.
 * Both dumps are consistent: pg_dump reads one snapshot, and PGlite's files are locked to the
 * process dumping them.
 */
export interface BackupSummary {
  file: string;
  bytes: number;
}

// Several rows per INSERT: a tenth of the statements for the same data, and still plain SQL.
const ROWS_PER_INSERT = 200;
export const DUMP_ARGS = ['--no-owner', '--no-privileges', `--rows-per-insert=${ROWS_PER_INSERT}`];

export async function backupDatabase(database: Database, url: string | undefined, file: string): Promise<BackupSummary> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written beside the target and renamed at the end: a failed backup never leaves a partial file
  // under the name the operator asked for.
  const partial = `${file}.partial`;
  try {
    if (database.driver === 'pglite') await dumpPglite(database, partial);
    else await dumpPostgres(url!, partial);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { file, bytes: fs.statSync(file).size };
}

async function dumpPglite(database: Database, file: string): Promise<void> {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // pglite-tools hands the dump back whole, in memory: the embedded mode is for shops of a size
  // where that is a few megabytes; a large shop runs on PostgreSQL, whose pg_dump streams to disk.
  const dump = await pgDump({ pg: client, args: DUMP_ARGS });
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

async function dumpPostgres(url: string, file: string): Promise<void> {
  const stderr: Buffer[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    // The URL goes in the environment, not the argument list other users of the machine can read.
    const child = spawn(process.env.PG_DUMP || 'pg_dump', [...DUMP_ARGS, `--file=${file}`], {
      env: { ...process.env, ...libpqEnvironment(url) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError('pg_dump was not found: install the PostgreSQL client tools (the same major version as the server or newer), or set PG_DUMP to its path')
          : err,
      ),
    );
    child.on('close', resolve);
  });
  if (code !== 0) throw new BackupError(`pg_dump failed (exit ${code}): ${Buffer.concat(stderr).toString('utf8').trim()}`);
}

export class BackupError extends Error {}

/** A postgres:// URL as libpq's variables, so the password never appears in `ps`. */
function libpqEnvironment(url: string): Record<string, string> {
  const u = new URL(url);
  const env: Record<string, string> = {};
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname);
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const database = decodeURIComponent(u.pathname.slice(1));
  if (database) env.PGDATABASE = database;
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  // A socket directory given as ?host=/run/postgresql wins over the URL's host part.
  const host = u.searchParams.get('host');
  if (host) env.PGHOST = host;
  return env;
}

export interface RestoreSummary {
  statements: number;
  tables: number;
  rows: number;
}

/** Tables of any schema but the system's: a database holding any is not empty. */
const USER_TABLES = `select n.nspname as schema, c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
  order by 1, 2`;

export async function listTables(database: Database): Promise<Array<{ schema: string; name: string }>> {
  return selectRows(database.db, sql.raw(USER_TABLES));
}

/** Row count of every table, counted by the database. */
export async function countRows(database: Database): Promise<Record<string, number>> {
  const tables = await listTables(database);
  if (tables.length === 0) return {};
  const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const query = tables
    .map((t) => `select '${t.schema}.${t.name}' as t, count(*)::bigint as n from ${ident(t.schema)}.${ident(t.name)}`)
    .join(' union all ');
  const rows = await selectRows<{ t: string; n: string | number }>(database.db, sql.raw(query));
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

// About a megabyte of statements per round trip: few trips, bounded memory in either driver.
const BATCH_BYTES = 1 << 20;

/**
 * Runs a dump into `database` in one transaction: it restores whole or not at all. The database
 * must be empty (a fresh one) unless `replace`, which drops what is there first, in the same
 * transaction. Migrations are not run here: the next start brings the restored schema up to date
 * under the migration lock, as after any upgrade.
 */
export async function restoreDatabase(database: Database, file: string, opts: { replace?: boolean } = {}): Promise<RestoreSummary> {
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const existing = await listTables(database);
  if (existing.length && !opts.replace) {
    throw new BackupError(
      `The database is not empty (${existing.length} tables, e.g. ${existing[0]!.schema}.${existing[0]!.name}). ` +
        'Restore into a new, empty database, or pass --replace to drop everything in it first.',
    );
  }
  let statements = 0;
  await database.session(async (exec) => {
    await exec('BEGIN');
    try {
      if (opts.replace) {
        const schemas = [...new Set(existing.map((t) => t.schema))];
        for (const schema of schemas) await exec(`DROP SCHEMA "${schema.replace(/"/g, '""')}" CASCADE`);
        await exec('CREATE SCHEMA IF NOT EXISTS public');
      }
      let batch: string[] = [];
      let batchBytes = 0;
      const flush = async () => {
        if (!batch.length) return;
        await exec(batch.join(';\n') + ';');
        batch = [];
        batchBytes = 0;
      };
      const split = splitQueryStream(fs.createReadStream(file, 'utf8'), postgreSplitterOptions);
      for await (const item of split as AsyncIterable<string | { text: string }>) {
        const statement = restorableStatement(typeof item === 'string' ? item : item.text);
        if (!statement) continue;
        batch.push(statement);
        batchBytes += statement.length;
        statements++;
        if (batchBytes >= BATCH_BYTES) await flush();
      }
      await flush();
      if (statements === 0) throw new BackupError(`${file} holds no SQL statements`);
      await exec('COMMIT');
    } catch (err) {
      await exec('ROLLBACK').catch(() => {});
      throw err;
    }
  });
  const counts = await countRows(database);
  return { statements, tables: Object.keys(counts).length, rows: Object.values(counts).reduce((a, b) => a + b, 0) };
}

/**
 * A dump's statement as the target can run it. pg_dump 15.14+/17.6+ frames a dump in psql's
 * \restrict/\unrestrict (a guard for psql, which we are not); other psql commands and COPY from
 * standard input are not plain SQL and are refused. `SET transaction_timeout` (PostgreSQL 17,
 * PGlite) is a session setting PostgreSQL 15 does not know; a restore does not need it.
 */
export function restorableStatement(text: string): string | null {
  const lines = text.split('\n');
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('--')) continue;
    if (!line.startsWith('\\')) break;
    if (!/^\\(un)?restrict\b/.test(line)) throw new BackupError(`The dump holds a psql command this restore does not run: ${line.slice(0, 40)}`);
    lines[i] = '';
  }
  const statement = lines.join('\n').trim();
  const body = lines.slice(i).join('\n').trim();
  if (!body) return null;
  if (/^COPY\b[\s\S]*\bFROM\s+stdin\b/i.test(body)) {
    throw new BackupError('The dump loads data with COPY FROM stdin; make it with npm run db:backup (INSERT statements)');
  }
  if (/^SET\s+transaction_timeout\b/i.test(body)) return null;
  return statement;
}
