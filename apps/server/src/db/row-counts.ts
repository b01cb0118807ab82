import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { rowCountDeltas } from './schema';
import { selectRows } from './select-rows';

/** What the triggers of migrations 0010 and 0013 count: whole tables, and the paid orders. */
export type CountedRows = 'licenses' | 'invoices' | 'notifications' | 'admin_notifications' | 'admin_audit' | 'orders:paid';

// Past this many pieces a name's rows are folded into one, so a sum reads a handful of rows.
const FOLD_AFTER = 100;

/**
 * The number of rows the triggers have counted for `name`, exact and in the caller's snapshot:
 * a sum of the small rows each writing statement added, not a count of the rows themselves.
 */
export async function countedRows(db: DbOrTx, name: CountedRows): Promise<number> {
  const [row] = await selectRows<{ total: string | number; pieces: number }>(
    db,
    sql`select coalesce(sum(${rowCountDeltas.delta}), 0)::bigint as total, count(*)::int as pieces
      from ${rowCountDeltas} where ${eq(rowCountDeltas.name, name)}`,
  );
  if ((row?.pieces ?? 0) > FOLD_AFTER) await foldRowCounts(db, name);
  return Number(row?.total ?? 0);
}

/**
 * Replaces a name's rows by their sum, in one statement. Writers are never blocked (they only
 * insert); two folds at once each fold the rows the other did not take, so the sum stays exact.
 */
export async function foldRowCounts(db: DbOrTx, name: CountedRows): Promise<void> {
  await db.execute(sql`with gone as (delete from ${rowCountDeltas} where ${eq(rowCountDeltas.name, name)} returning ${rowCountDeltas.delta})
    insert into ${rowCountDeltas} (name, delta) select ${name}::text, coalesce(sum(delta), 0) from gone`);
}
