import { sql, type SQL } from 'drizzle-orm';
import { addDays, startOfBusinessDay } from '@lbs/domain/report-periods';
import type { DbOrTx } from '../../db/client';

/**
 * The days of a report as a table `d(day, day_start, day_end)`: each business day with its
 * half-open UTC range. The boundaries come from the domain (the same Intl rules that resolved the
 * period), not from the database's own time-zone data, so the two can never disagree; joining a
 * table on `ts >= d.day_start and ts < d.day_end` lets its timestamp index serve each day.
 * A day without rows still has its `d` row, so a left join answers it with 0.
 */
export function dayBuckets(days: readonly string[], timeZone: string): SQL {
  const starts = days.map((day) => startOfBusinessDay(day, timeZone).toISOString());
  const ends = days.map((day) => startOfBusinessDay(addDays(day, 1), timeZone).toISOString());
  // Three array literals as three parameters, whatever the number of days.
  const literal = (items: string[]) => `{${items.join(',')}}`;
  return sql`unnest(${literal([...days])}::text[], ${literal(starts)}::timestamptz[], ${literal(ends)}::timestamptz[]) as d(day, day_start, day_end)`;
}

/** The rows of a raw query, for either driver (node-postgres and PGlite both answer `{rows}`). */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
