import { sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { addDays, startOfBusinessDay } from '@lbs/domain/report-periods';

/** A list as one PostgreSQL array parameter, however long the list. */
const arrayLiteral = (items: readonly string[]) => `{${items.join(',')}}`;

/** Each day's first instant and the first instant after it, as ISO strings. */
function dayBounds(days: readonly string[], timeZone: string) {
  return {
    starts: days.map((day) => startOfBusinessDay(day, timeZone).toISOString()),
    ends: days.map((day) => startOfBusinessDay(addDays(day, 1), timeZone).toISOString()),
  };
}

/**
 * The days of a report as `width_bucket` thresholds: every day's start, then the last day's end. An
 * instant in day i (1-based) falls in bucket i; before the first day, 0; after the last, n + 1.
 * With `upTo`, no threshold lies after it (each is the earlier of itself and `upTo`): a day that
 * has not ended yet then ends at `upTo`, and what happens after it is in no day (still sorted, as
 * width_bucket needs; an instant falls in the bucket after the last threshold not above it).
 */
export function dayThresholds(days: readonly string[], timeZone: string, upTo?: Date): SQL {
  const { starts, ends } = dayBounds(days, timeZone);
  const cap = upTo?.toISOString();
  const thresholds = [...starts, ends.at(-1)!].map((at) => (cap !== undefined && at > cap ? cap : at));
  return sql`${arrayLiteral(thresholds)}::timestamptz[]`;
}

/** The days with their 1-based position, as `d(day, i)`. */
export const numberedDays = (days: readonly string[]): SQL =>
  sql`unnest(${arrayLiteral(days)}::text[]) with ordinality as d(day, i)`;

/**
 * Rows of a table grouped into the report's days by one of their timestamps: one range scan of
 * that timestamp's index over the whole period, each row put in its day by width_bucket (a binary
 * search over the day starts), then named by its day. A day without rows is absent (zeroFill
 * answers it 0). Per-day joins read the index once per day; for a year this is several times
 * faster (bench:reports).
 */
export function perDaySql(
  days: readonly string[],
  timeZone: string,
  q: { from: PgTable; at: Column; where: SQL | undefined; aggregates: SQL },
): SQL {
  const { starts, ends } = dayBounds(days, timeZone);
  const inPeriod = sql`${q.at} >= ${starts[0]}::timestamptz and ${q.at} < ${ends.at(-1)}::timestamptz`;
  return sql`with b as (
      select width_bucket(${q.at}, ${dayThresholds(days, timeZone)}) as i, ${q.aggregates}
      from ${q.from} where ${q.where ? sql`${q.where} and ${inPeriod}` : inPeriod} group by 1
    )
    select d.day as date, b.* from ${numberedDays(days)} join b on b.i = d.i order by d.i`;
}

/** One source of a per-day sum: the rows of a table in the period by one timestamp, and what each adds. */
export interface DaySumPart {
  from: PgTable;
  at: Column;
  /** Besides the period's range; a literal for a partial index's predicate (a parameter would not prove it). */
  where: SQL;
  /** What a row adds to its day (negative to take away), summed per day in the part's own range scan. */
  value: SQL;
}

/**
 * Several sources summed into the same days, each read by its own range scan over the period and
 * grouped into the days as perDaySql does, then added up day by day: income is the payments of a
 * day minus its refunds, each on the business day it happened. One statement; a day with no rows in
 * any source is absent (zeroFill answers it 0).
 */
export function perDaySumSql(days: readonly string[], timeZone: string, parts: readonly DaySumPart[]): SQL {
  const { starts, ends } = dayBounds(days, timeZone);
  const thresholds = dayThresholds(days, timeZone);
  const branches = parts.map(
    (p) => sql`select width_bucket(${p.at}, ${thresholds}) as i, sum(${p.value}) as value from ${p.from}
      where ${p.where} and ${p.at} >= ${starts[0]}::timestamptz and ${p.at} < ${ends.at(-1)}::timestamptz group by 1`,
  );
  return sql`with b as (
      select i, sum(value)::bigint as value from (${sql.join(branches, sql` union all `)}) as part group by i
    )
    select d.day as date, b.value from ${numberedDays(days)} join b on b.i = d.i order by d.i`;
}
