import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGlite as PGliteV03, type PGliteOptions as OldOptions } from '@electric-sql/pglite-v03';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { seedDemoShop } from '../src/cli/seed-demo';
import { loadConfig } from '../src/config';
import { MIGRATIONS_DIR, openDatabase, pgliteDatabase, type Database } from '../src/db/client';
import { listTables } from '../src/db/dump-restore';
import { PGLITE_PG_MAJOR, pgMajorOf, upgradePgliteData } from '../src/db/upgrade-pglite-data';
import { insertLicense } from './account-fixtures';
import { onPostgres, pgliteTemplate, type TestApp } from './build-test-app';
import { createUserWithSession } from './fixtures';
import { activate, jwksOf } from './license-server-fixtures';

/*
 * db/upgrade-pglite-data.ts on a whole shop: seeded by cli/seed-demo and served by the app (a lease
 * issued before the upgrade verifies after it). Here and not beside it: db/ may not import cli/.
 */

/** Every user table's rows as one md5 each, independent of physical order and of the PostgreSQL version. */
async function tableHashes(database: Database, client: { query<T>(q: string): Promise<{ rows: T[] }> }): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  // Timestamps print in the session's zone: the same one on both sides.
  await client.query(`set timezone = 'UTC'`);
  for (const t of await listTables(database)) {
    const name = `"${t.schema}"."${t.name}"`;
    const { rows } = await client.query<{ h: string; n: number }>(
      `select md5(coalesce(string_agg(r::text, E'\\n' order by r::text collate "C"), '')) as h, count(*)::int as n from ${name} r`,
    );
    hashes[`${t.schema}.${t.name}`] = `${rows[0]!.n}:${rows[0]!.h}`;
  }
  return hashes;
}

/** The app as the server builds it, on an open database (the test helpers' TestApp shape). */
async function appOn(database: Database): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_DISABLED: '1' });
  const app = await buildApp(config, { database, startWorkers: false, serveWeb: false });
  await app.ready();
  return { app, ctx: app.ctx, db: database.db, database, databaseUrl: undefined, close: () => app.close() };
}

let oldWasm: Promise<Pick<OldOptions, 'wasmModule' | 'fsBundle'>> | undefined;
/** PGlite 0.3's WASM compiled once for the test's own opens (the upgrade compiles its own). */
function oldPgliteOptions() {
  oldWasm ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite-v03'));
    // WebAssembly is a Node global the server's TypeScript lib (no DOM) does not declare.
    const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<OldOptions['wasmModule']> } };
    const wasmModule = await wasm.compile(fs.readFileSync(path.join(dist, 'pglite.wasm')));
    return { wasmModule, fsBundle: new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]) };
  })();
  return oldWasm;
}

/**
 * The migrations as the product shipped them on PGlite 0.3: up to 0019. Later ones (0020 creates
 * pg_trgm, which 0.3 is not given) were never run by a 0.3 shop; the upgraded shop runs them.
 */
const LAST_MIGRATION_ON_PGLITE_03 = '0019_refunds_credit_notes';
let migrations03: string | undefined;
function migrationsOfPglite03(): string {
  if (migrations03) return migrations03;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-migrations-0.3-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((e) => e.tag === LAST_MIGRATION_ON_PGLITE_03);
  expect(last, LAST_MIGRATION_ON_PGLITE_03).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return (migrations03 = dir);
}

/** The `ADD COLUMN IF NOT EXISTS` statements of the migrations after LAST_MIGRATION_ON_PGLITE_03. */
function laterColumnAdditions(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const later = journal.entries.slice(journal.entries.findIndex((e) => e.tag === LAST_MIGRATION_ON_PGLITE_03) + 1);
  return later.flatMap((e) =>
    fs
      .readFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => /^ALTER TABLE "\w+" ADD COLUMN IF NOT EXISTS /i.test(statement)),
  );
}

async function withOldPglite<T>(dir: string, work: (database: Database, client: PGliteV03) => Promise<T>): Promise<T> {
  const client = new PGliteV03(dir, await oldPgliteOptions());
  const opened = await pgliteDatabase(client as unknown as PGlite);
  const migrationsFolder = migrationsOfPglite03();
  const database: Database = {
    ...opened,
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(opened.db as never, { migrationsFolder });
      // Today's code (the seed, the fixtures) writes the columns later migrations add: they are
      // added here by hand, unrecorded, and those migrations add them `IF NOT EXISTS`, so the
      // upgraded shop still runs every later migration at its next start (0020's pg_trgm first).
      for (const statement of laterColumnAdditions()) await client.exec(statement);
    },
  };
  try {
    await client.waitReady;
    return await work(database, client);
  } finally {
    await database.close();
  }
}

const NOW = new Date('2026-11-20T10:00:00Z');
// Each step runs a whole PostgreSQL 17 and 18 (initdb, dump, restore): ~10 s of CPU apiece when
// idle, far more on a shared CI machine.
const SLOW = 240_000;

describe.skipIf(onPostgres())('a PGlite 0.3 (PostgreSQL 17) data folder', () => {
  let root: string;
  let pristine: string;
  let before: Record<string, string>;
  let lease: string;
  let maxUserId: number;
  // The same options the other tests use: the WASM compiled once per worker (no snapshot).
  let pglite: Awaited<ReturnType<typeof pgliteTemplate>>;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-pglite-upgrade-'));
    pglite = await pgliteTemplate();
    // Today's shop: every migration, the catalogue, a small demo shop and a lease, all written by
    // the PGlite the product shipped with until now.
    pristine = path.join(root, 'pristine');
    fs.mkdirSync(path.join(pristine, 'pglite'), { recursive: true });
    await withOldPglite(path.join(pristine, 'pglite'), async (database, client) => {
      // Without the recurring licences' rows: their tables (payment_methods, renewal_choices,
      // renewal_charges) come with a migration this shop has not run yet; their licence columns are here.
      await seedDemoShop(database, { users: 12, orders: 40, events: 300, days: 14, seed: 5, now: NOW, renewals: false });
      const t = await appOn(database);
      try {
        const owner = await createUserWithSession(t.db);
        const l = await insertLicense(t.db, owner);
        const res = await activate(t, l.licenseKey, 'booth-upgrade');
        expect(res.statusCode, res.body).toBe(200);
        lease = res.json().lease;
      } finally {
        await t.close();
      }
      maxUserId = (await client.query<{ m: number }>('select max(id)::int as m from users')).rows[0]!.m;
      before = await tableHashes(database, client);
    });
    expect(pgMajorOf(path.join(pristine, 'pglite'))).toBe(17);
  }, SLOW);

  afterAll(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
    if (migrations03) fs.rmSync(migrations03, { recursive: true, force: true });
  });

  const copyOf = (name: string) => {
    const dir = path.join(root, name);
    fs.cpSync(pristine, dir, { recursive: true });
    return dir;
  };
  const options = () => ({ pgliteWasmModule: pglite.pgliteWasmModule, initdbWasmModule: pglite.initdbWasmModule, fsBundle: pglite.fsBundle });

  it('is left as it was when the upgrade fails half-way, and upgraded whole at the next start', async () => {
    const dataDir = copyOf('shop');
    await expect(
      upgradePgliteData(dataDir, {
        pglite: options(),
        onStep: (step) => {
          if (step === 'restored') throw new Error('power cut');
        },
      }),
    ).rejects.toThrow('power cut');
    expect(fs.readdirSync(dataDir).sort()).toEqual(['pglite']);
    expect(pgMajorOf(path.join(dataDir, 'pglite'))).toBe(17);
    expect(await withOldPglite(path.join(dataDir, 'pglite'), (db, c) => tableHashes(db, c))).toEqual(before);
    // What a crash (no clean-up) would have left: a half-written new folder and dump.
    fs.mkdirSync(path.join(dataDir, 'pglite-upgrading'));
    fs.writeFileSync(path.join(dataDir, 'pglite-upgrading', 'PG_VERSION'), '18\n');
    fs.writeFileSync(path.join(dataDir, 'pglite-upgrading.sql'), 'create table half_written (');

    const database = await openDatabase({ dataDir, pglite: options() });
    let t: TestApp | undefined;
    try {
      expect(database.upgrade).toMatchObject({ fromMajor: 17, toMajor: PGLITE_PG_MAJOR, tables: Object.keys(before).length });
      const previous = database.upgrade!.previousDir;
      expect(path.basename(previous)).toMatch(/^pglite-pg17-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
      expect(fs.readdirSync(dataDir).sort()).toEqual(['pglite', path.basename(previous), 'pglite.lock']);
      expect(pgMajorOf(path.join(dataDir, 'pglite'))).toBe(PGLITE_PG_MAJOR);
      const client = (database.db as unknown as { $client: PGlite }).$client;
      expect(await tableHashes(database, client)).toEqual(before);

      // Sequences carry on after the old maximum.
      const { rows } = await client.query<{ id: number }>(
        `insert into users (username, email, password_hash) values ('after_upgrade', 'after@upgrade.example.com', 'x') returning id`,
      );
      expect(rows[0]!.id).toBeGreaterThan(maxUserId);

      // The licence signing key survived: a lease issued before verifies with the key served now.
      await database.migrate();
      t = await appOn(database);
      const { payload } = await jwtVerify(lease, createLocalJWKSet(await jwksOf(t)), { algorithms: ['EdDSA'], typ: 'lease+jwt' });
      expect(payload.sub).toBeTruthy();

      // The previous folder is kept, still readable by the PGlite that wrote it.
      expect(await withOldPglite(previous, (db, c) => tableHashes(db, c))).toEqual(before);
    } finally {
      await t?.close();
      await database.close();
    }

    // A second start does nothing.
    const again = await openDatabase({ dataDir, pglite: options() });
    try {
      expect(again.upgrade).toBeNull();
      expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('pglite-pg17-'))).toHaveLength(1);
    } finally {
      await again.close();
    }
  }, SLOW);

  it('finishes the swap at the next start when stopped between the two renames', async () => {
    const dataDir = copyOf('between-renames');
    await expect(
      upgradePgliteData(dataDir, {
        pglite: options(),
        now: NOW,
        onStep: (step) => {
          if (step === 'moved-old') throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    // The old folder is already aside and the new one not yet in place.
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);

    const database = await openDatabase({ dataDir, pglite: options() });
    try {
      expect(database.upgrade?.previousDir).toBe(path.join(dataDir, 'pglite-pg17-2026-11-20T10-00-00Z'));
      expect(fs.readdirSync(dataDir).sort()).toEqual(['pglite', 'pglite-pg17-2026-11-20T10-00-00Z', 'pglite.lock']);
      const client = (database.db as unknown as { $client: PGlite }).$client;
      expect(await tableHashes(database, client)).toEqual(before);
    } finally {
      await database.close();
    }
  }, SLOW);
});
