import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoShop } from '../src/cli/seed-demo';
import { openDatabase, type Database } from '../src/db/client';
import { backupDatabase, countRows, listTables, restoreDatabase } from '../src/db/dump-restore';
import { selectRows } from '../src/db/select-rows';
import { buildTestApp, onPostgres, openEmptyPostgresDatabase, pgliteTemplate, type TestApp } from './build-test-app';

/*
 * db:backup and db:restore (db/dump-restore.ts) on a whole demo shop, on both drivers. Here and not
 * beside dump-restore.ts: the shop is seeded by cli/seed-demo, and db/ may not import cli/.
 */

/** Every table's row count and a hash of its rows in a fixed order, read in UTC. */
async function fingerprint(database: Database): Promise<Record<string, string>> {
  const tables = await listTables(database);
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const out: Record<string, string> = {};
    for (const t of tables) {
      const name = `"${t.schema}"."${t.name}"`;
      const [row] = await selectRows<{ n: number; h: string }>(
        tx,
        sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as h from ${name} r`),
      );
      out[`${t.schema}.${t.name}`] = `${row!.n}:${row!.h}`;
    }
    return out;
  });
}

async function emptyPglite(): Promise<Database> {
  const { pgliteWasmModule, initdbWasmModule, fsBundle } = await pgliteTemplate();
  return openDatabase({ dataDir: null, pglite: { pgliteWasmModule, initdbWasmModule, fsBundle } });
}

describe('db:backup and db:restore', () => {
  let t: TestApp;
  let dir: string;
  let shop: Record<string, string>;
  let dump: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-backup-'));
    t = await buildTestApp();
    await seedDemoShop(t.database, { users: 25, orders: 60, events: 400, days: 20, seed: 3, now: new Date() });
    shop = await fingerprint(t.database);
    dump = path.join(dir, `shop-${t.database.driver}.sql`);
    await backupDatabase(t.database, t.databaseUrl, dump);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('dumps a seeded shop as plain SQL with INSERT statements', () => {
    const text = fs.readFileSync(dump, 'utf8');
    expect(text).toMatch(/INSERT INTO public\.users /);
    expect(text).not.toMatch(/FROM stdin/);
    // The trigram indexes' extension (migration 0020): the dump creates it before the indexes.
    expect(text).toMatch(/CREATE EXTENSION IF NOT EXISTS pg_trgm\b/);
    expect(Object.keys(shop)).toEqual(expect.arrayContaining(['public.users', 'public.orders', 'public.usage_events', 'drizzle.__drizzle_migrations']));
    expect(Number(shop['public.usage_events']!.split(':')[0])).toBe(400);
    expect(fs.existsSync(`${dump}.partial`)).toBe(false);
  });

  it('restores into a fresh database of the same kind, every row the same', async () => {
    const database = onPostgres() ? undefined : await emptyPglite();
    const target = database ? { database, close: () => database.close() } : await openEmptyPostgresDatabase(process.env.DATABASE_URL!);
    try {
      const summary = await restoreDatabase(target.database, dump);
      expect(summary.tables).toBe(Object.keys(shop).length);
      expect(await fingerprint(target.database)).toEqual(shop);
      // The restored shop is usable: migrations find nothing to do, sequences continue.
      await target.database.migrate();
      const next = await selectRows<{ id: number }>(
        target.database.db,
        sql`insert into contact_messages (name, email, phone, company, message) values ('A', 'a@example.com', '1', 'B', 'hello') returning id`,
      );
      expect(next[0]!.id).toBeGreaterThan(0);
      // The users' search is indexed again: pg_trgm was created and the trigram indexes built.
      const trigram = await selectRows<{ indexname: string }>(target.database.db, sql`select indexname from pg_indexes where tablename = 'users' and indexname like '%trgm%' order by 1`);
      expect(trigram.map((r) => r.indexname)).toEqual(['users_email_trgm_idx', 'users_first_name_trgm_idx', 'users_last_name_trgm_idx']);
    } finally {
      await target.close();
    }
  }, 120_000);

  it.skipIf(!onPostgres())('restores a PGlite dump into PostgreSQL and a PostgreSQL dump into PGlite', async () => {
    // t runs on PostgreSQL here, so `dump` came from pg_dump: into PGlite with it.
    const pglite = await emptyPglite();
    const pgliteDump = path.join(dir, 'from-pglite.sql');
    try {
      await restoreDatabase(pglite, dump);
      expect(await fingerprint(pglite)).toEqual(shop);
      await backupDatabase(pglite, undefined, pgliteDump);
    } finally {
      await pglite.close();
    }
    const target = await openEmptyPostgresDatabase(process.env.DATABASE_URL!);
    try {
      await restoreDatabase(target.database, pgliteDump);
      expect(await fingerprint(target.database)).toEqual(shop);
    } finally {
      await target.close();
    }
  }, 180_000);

  it('refuses a database that is not empty, and a broken dump changes nothing', async () => {
    await expect(restoreDatabase(t.database, dump)).rejects.toThrow(/not empty/);
    expect(await fingerprint(t.database)).toEqual(shop);

    const broken = path.join(dir, 'broken.sql');
    const text = fs.readFileSync(dump, 'utf8');
    // Cut in the middle of the data: the tables were created, then a statement fails.
    fs.writeFileSync(broken, text.slice(0, Math.floor(text.length * 0.7)) + '\nINSERT INTO public.nowhere VALUES (1);\n');
    const target = await emptyPglite();
    try {
      await expect(restoreDatabase(target, broken)).rejects.toThrow();
      expect(await listTables(target)).toEqual([]);
      // --replace drops what is there and restores, in one transaction.
      await restoreDatabase(target, dump);
      await target.db.execute(sql`delete from public.usage_events`);
      await restoreDatabase(target, dump, { replace: true });
      expect((await countRows(target))['public.usage_events']).toBe(400);
    } finally {
      await target.close();
    }
  }, 120_000);
});
