import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../src/app';
import type { AppContext } from '../src/app-context';
import { loadConfig } from '../src/config';
import { MIGRATIONS_DIR, openDatabase, type Database, type Db } from '../src/db/client';
import { pgliteExtensions } from '../src/db/pglite-extensions';
import { seedCatalogue } from '../src/db/seed';

export type TestEnv = Partial<Record<string, string>>;

export interface TestDatabase {
  database: Database;
  /** The URL of this test's own PostgreSQL database; undefined on PGlite. */
  url: string | undefined;
  /** Closes the connection and, on PostgreSQL, drops the database. Safe to call twice. */
  close(): Promise<void>;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Db;
  database: Database;
  /** The URL of this app's own PostgreSQL database; undefined on PGlite. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/** True when the suite runs against the PostgreSQL server named by DATABASE_URL. */
export const onPostgres = () => Boolean(process.env.DATABASE_URL);

/**
 * A fresh, migrated, empty database: in-memory PGlite by default; with DATABASE_URL set, a new
 * database `lbs_test_<random>` on that server (a copy of postgresTemplate's), dropped again by
 * close(). Every test file gets its own, so files run in parallel without seeing each other's rows.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: null, pglite: await pgliteTemplate() });
    await database.migrate();
    return { database, url: undefined, close: once(() => database.close().catch(() => {})) };
  }
  const testDb = await createPostgresDatabase(serverUrl, await postgresTemplate(serverUrl));
  try {
    // Already migrated (a copy of the template): this only confirms it, in one query.
    await testDb.database.migrate();
  } catch (err) {
    await testDb.close();
    throw err;
  }
  return testDb;
}

/**
 * The whole app as production builds it, on a fresh seeded database, without the web build and
 * without background workers (tests deliver the outbox by hand with deliverMail). `build.modules`
 * swaps the module table (the guard test registers a route in the wrong file on purpose).
 */
export async function buildTestApp(overrides: TestEnv = {}, build: Pick<BuildOptions, 'modules'> = {}): Promise<TestApp> {
  const testDb = await openTestDatabase();
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_DISABLED: '0',
      // A real proof of work, small enough that signUpAndLogin solves it in milliseconds.
      ALTCHA_MAX_NUMBER: '1000',
      // Says which database is really in use; buildApp takes the open one passed below.
      ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
      ...overrides,
    });
    await seedCatalogue(testDb.database.db);
    const app = await buildApp(config, {
      database: testDb.database,
      startWorkers: false,
      serveWeb: false,
      ...build,
    });
    await app.ready();
    return {
      app,
      ctx: app.ctx,
      db: testDb.database.db,
      database: testDb.database,
      databaseUrl: testDb.url,
      close: once(async () => {
        await app.close();
        await testDb.close();
      }),
    };
  } catch (err) {
    await testDb.close();
    throw err;
  }
}

/** Delivers everything due in the outbox, as the background worker would. */
export async function deliverMail(app: FastifyInstance): Promise<void> {
  await app.ctx.outbox.drain();
}

export interface DevMail {
  id: number;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (a campaign's List-Unsubscribe and List-Unsubscribe-Post). */
  headers: Record<string, string>;
  created_at: string;
}

/** The dev mailbox for one address, newest first (delivers pending mail first). */
export async function mailTo(app: FastifyInstance, address: string): Promise<DevMail[]> {
  await deliverMail(app);
  const res = await app.inject({ method: 'GET', url: '/api/dev/mail', query: { to: address } });
  if (res.statusCode !== 200)
    throw new Error(`GET /api/dev/mail answered ${res.statusCode}: ${res.body}`);
  return res.json() as DevMail[];
}

let template:
  Promise<Required<Pick<PGliteOptions, 'wasmModule' | 'fsBundle' | 'loadDataDir'>>> | undefined;

/**
 * Compiling PGlite's WASM and running every migration cost seconds per database; this process
 * does both once, and each test database then starts from the migrated snapshot (`loadDataDir`,
 * only for an empty data directory). Pass it to openDatabase({ pglite }).
 */
export function pgliteTemplate() {
  template ??= (async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    // WebAssembly is a Node global the server's TypeScript lib (no DOM) does not declare.
    const { WebAssembly: wasm } = globalThis as unknown as {
      WebAssembly: { compile(bytes: Uint8Array): Promise<PGliteOptions['wasmModule']> };
    };
    const wasmModule = await wasm.compile(await fs.readFile(path.join(dist, 'pglite.wasm')));
    const fsBundle = new Blob([await fs.readFile(path.join(dist, 'pglite.data'))]);
    const client = new PGlite({ wasmModule, fsBundle, extensions: pgliteExtensions });
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    const loadDataDir = await client.dumpDataDir('none');
    await client.close();
    return { wasmModule, fsBundle, loadDataDir };
  })();
  return template;
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * The name of a migrated database on the server of DATABASE_URL that test databases are copied
 * from (CREATE DATABASE … TEMPLATE): running every migration cost each test file about a second of
 * the server's time, the copy a tenth of that. The name carries a hash of the migrations, so a
 * branch with other migrations gets its own template; the first process to need it builds it,
 * the others wait on an advisory lock and reuse it (also across runs: it is never dropped).
 */
export function postgresTemplate(serverUrl: string): Promise<string> {
  let template = postgresTemplates.get(serverUrl);
  if (!template) {
    template = buildPostgresTemplate(serverUrl);
    postgresTemplates.set(serverUrl, template);
  }
  return template;
}

async function buildPostgresTemplate(serverUrl: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for (const file of (await fs.readdir(MIGRATIONS_DIR, { recursive: true })).sort()) {
    const full = path.join(MIGRATIONS_DIR, file);
    if ((await fs.stat(full)).isFile()) hash.update(file).update(await fs.readFile(full));
  }
  const name = `lbs_template_${hash.digest('hex').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      // Built under another name and renamed when complete: a run killed half-way leaves no
      // half-migrated template behind under the real name.
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ url: url.toString() });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await admin.end(); // also releases the advisory lock
  }
  return name;
}

/**
 * A new, empty (unmigrated) database on the PostgreSQL server of DATABASE_URL, dropped again by
 * close(): what a restore is meant to go into.
 */
export function openEmptyPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  return createPostgresDatabase(serverUrl);
}

/** A new database on that server, a copy of `template` or else empty, dropped again by close(). */
async function createPostgresDatabase(serverUrl: string, template?: string): Promise<TestDatabase> {
  const name = `lbs_test_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    url: url.toString(),
    close: once(async () => {
      await database.close().catch(() => {});
      // FORCE: a test that left a connection open (a closed-database test, a crashed worker)
      // must not keep the database alive.
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }),
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
