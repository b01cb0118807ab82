import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../db/client';

// Raw batched SQL on whichever driver is open

export interface RawSql {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
}

export function rawSql(database: Database): RawSql & { transaction<T>(fn: (q: RawSql) => Promise<T>): Promise<T> } {
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (database.driver === 'postgres') {
    const pool = client as pg.Pool;
    return {
      query: async (text, params) => (await pool.query(text, params)).rows,
      transaction: async (fn) => {
        const conn = await pool.connect();
        try {
          await conn.query('begin');
          const result = await fn({ query: async (text, params) => (await conn.query(text, params)).rows });
          await conn.query('commit');
          return result;
        } catch (err) {
          await conn.query('rollback').catch(() => {});
          throw err;
        } finally {
          conn.release();
        }
      },
    };
  }
  const lite = client as PGlite;
  const wrap = (q: PGlite | Transaction): RawSql => ({
    query: async <R>(text: string, params?: unknown[]) => (await q.query<R>(text, params)).rows,
  });
  return { ...wrap(lite), transaction: (fn) => lite.transaction((tx) => fn(wrap(tx))) };
}

export type Column = readonly [name: string, type: string];

/**
 * INSERT … SELECT FROM unnest(): one array parameter per column, so a statement carries
 * thousands of rows with a handful of parameters (a VALUES list is capped at 65,535 of them).
 * jsonb travels as text and is cast, since an array of JSON documents is awkward to bind.
 */
export async function insertRows<T>(
  q: RawSql,
  table: string,
  columns: readonly Column[],
  items: readonly T[],
  toRow: (item: T, index: number) => unknown[],
): Promise<void> {
  if (items.length === 0) return;
  const names = columns.map(([name]) => name).join(', ');
  const params = columns.map(([, type], i) => `$${i + 1}::${type === 'jsonb' ? 'text' : type}[]`).join(', ');
  const select = columns.map(([name, type]) => (type === 'jsonb' ? `${name}::jsonb` : name)).join(', ');
  const text = `insert into ${table} (${names}) select ${select} from unnest(${params}) as u(${names})`;
  // Rows are built one batch at a time, so a million of them never sit in memory at once.
  for (let start = 0; start < items.length; start += INSERT_BATCH) {
    const slice = items.slice(start, start + INSERT_BATCH).map((item, i) => toRow(item, start + i));
    await q.query(text, columns.map((_, c) => slice.map((row) => row[c] ?? null)));
  }
}
export const INSERT_BATCH = 20_000;

/** `count` ids from the table's own sequence, ascending: rows written with them keep the app's numbering. */
export async function nextIds(q: RawSql, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await q.query<{ id: number }>(
    `select nextval(pg_get_serial_sequence('${table}', 'id'))::int as id from generate_series(1, $1::int)`,
    [count],
  );
  return rows.map((r) => Number(r.id)).sort((x, y) => x - y);
}
