import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { selectRows } from '../src/db/select-rows';

/**
 * The plan PostgreSQL picks for `query`, as EXPLAIN's text. Sequential scans are priced out for
 * the transaction: the test tables are nearly empty, where a scan is the cheapest plan, and the
 * query-plan tests ask which index a query *can* use at a real shop's size.
 */
export async function planOf(db: Db, query: SQL | { getSQL(): SQL }): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await selectRows<Record<string, string>>(tx, sql`explain ${query}`);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}
