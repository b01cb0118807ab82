import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { selectRows } from '../../db/select-rows';

export interface NumberBounds {
  lo: number | null;
  hi: number | null;
}

/**
 * A gapless series (invoices, credit notes) in number order for a time range. The numbers are
 * drawn in the transaction that writes the row, so they rise with time almost everywhere: the
 * lowest and highest number in the range (one look at the timestamp's index) bound a walk of the
 * number's unique index in slices of `batchSize` numbers, each slice its own short query that keeps
 * the rows whose time lies in the range. Every row in the range has its number within the bounds,
 * so none is missed and none read twice; a slice holds at most `batchSize` rows.
 */
export async function* numberedBatches<R>(
  db: DbOrTx,
  boundsSql: SQL,
  sliceSql: (after: number, upTo: number) => SQL,
  batchSize: number,
): AsyncGenerator<R[]> {
  const [bounds] = await selectRows<NumberBounds>(db, boundsSql);
  if (!bounds || bounds.lo === null || bounds.hi === null) return;
  const hi = Number(bounds.hi);
  for (let after = Number(bounds.lo) - 1; after < hi; after += batchSize) {
    const rows = await selectRows<R>(db, sliceSql(after, Math.min(after + batchSize, hi)));
    if (rows.length > 0) yield rows;
  }
}
