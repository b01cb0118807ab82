import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { InstantRange } from '@lbs/domain/report-queries';
import type { DbOrTx } from '../../db/client';
import { usageEvents, usageHourly } from '../../db/schema';
import { selectRows } from '../../db/select-rows';

type Kind = (typeof usageEvents.$inferSelect)['kind'];
const HOUR_MS = 3_600_000;
const ceilHour = (d: Date) => new Date(Math.ceil(d.getTime() / HOUR_MS) * HOUR_MS);
const floorHour = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);

const eventsBetween = (kind: Kind, start: Date, endExclusive: Date) =>
  sql`(select count(*) from ${usageEvents} where ${and(eq(usageEvents.kind, kind), gte(usageEvents.occurredAt, start), lt(usageEvents.occurredAt, endExclusive))})`;

/**
 * Events of one kind in [start, end), exactly, at a cost that does not grow with their number: the
 * whole UTC hours inside the range are summed from usage_hourly (kept by triggers, migration
 * 0008), and only the parts of an hour at either edge are counted from the events themselves. A
 * business day in a whole-hour zone (Singapore, Jakarta) has no such parts.
 */
export async function countUsageEvents(
  db: DbOrTx,
  kind: Kind,
  range: InstantRange,
): Promise<number> {
  const { start, endExclusive } = range;
  const fullFrom = start ? ceilHour(start) : undefined;
  const fullTo = endExclusive ? floorHour(endExclusive) : undefined;
  if (start && endExclusive && start >= endExclusive) return 0;
  if (start && endExclusive && fullFrom! >= fullTo!) {
    // No whole hour inside: the events are few.
    const [row] = await selectRows<{ n: string | number }>(
      db,
      sql`select ${eventsBetween(kind, start, endExclusive)} as n`,
    );
    return Number(row?.n ?? 0);
  }
  const parts = [
    sql`(select coalesce(sum(${usageHourly.events}), 0) from ${usageHourly} where ${and(
      eq(usageHourly.kind, kind),
      fullFrom ? gte(usageHourly.hour, fullFrom) : undefined,
      fullTo ? lt(usageHourly.hour, fullTo) : undefined,
    )})`,
  ];
  if (start && fullFrom! > start) parts.push(eventsBetween(kind, start, fullFrom!));
  if (endExclusive && fullTo! < endExclusive)
    parts.push(eventsBetween(kind, fullTo!, endExclusive));
  const [row] = await selectRows<{ n: string | number }>(
    db,
    sql`select (${sql.join(parts, sql` + `)})::bigint as n`,
  );
  return Number(row?.n ?? 0);
}

/** A bounded range cut where the hourly counts can serve it: whole UTC hours, and the parts of an hour at either edge. */
export interface HourSplit {
  /** [from, to) on whole hours; null when no whole hour lies inside. */
  wholeHours: { from: Date; toExclusive: Date } | null;
  /** The parts to read from the events themselves (none for a business day in a whole-hour zone). */
  edges: Array<{ start: Date; endExclusive: Date }>;
}

export function splitAtWholeHours(start: Date, endExclusive: Date): HourSplit {
  if (start >= endExclusive) return { wholeHours: null, edges: [] };
  const from = ceilHour(start);
  const toExclusive = floorHour(endExclusive);
  if (from >= toExclusive) return { wholeHours: null, edges: [{ start, endExclusive }] };
  const edges: HourSplit['edges'] = [];
  if (start < from) edges.push({ start, endExclusive: from });
  if (toExclusive < endExclusive) edges.push({ start: toExclusive, endExclusive });
  return { wholeHours: { from, toExclusive }, edges };
}
