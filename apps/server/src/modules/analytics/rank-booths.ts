import { and, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { licenseKeySuffix } from '@lbs/domain/license-terms';
import { resolvePeriod, type ReportPeriodInput } from '@lbs/domain/report-periods';
import type { TBoothActivity, TBoothRanking } from '@lbs/domain/report-responses';
import type { DbOrTx } from '../../db/client';
import { boothNames, licenses, usageDeviceHourly, usageEvents, users } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import type { ReportClock } from '../reports/daily-series';
import { splitAtWholeHours } from './count-usage-events';

/** How many booths each list shows. */
export const BOOTH_RANKING_SIZE = 10;

/** What a list ranks by: all events (the busiest booths) or errors only. */
export type BoothRankingOrder = 'events' | 'errors';

/**
 * Each booth's (licence, device) successes and errors in [start, end): the whole UTC hours from
 * usage_device_hourly (kept by triggers, migration 0012; read by its hour index), and only the
 * parts of an hour at either edge counted from the events, which a business day in a whole-hour
 * zone such as Singapore does not have. Events without a licence are in neither (as in the fleet view).
 */
function boothCountsSql(start: Date, endExclusive: Date): SQL {
  const split = splitAtWholeHours(start, endExclusive);
  const parts: SQL[] = [];
  if (split.wholeHours) {
    parts.push(sql`select ${usageDeviceHourly.licenseId} as license_id, ${usageDeviceHourly.deviceId} as device_id,
        sum(${usageDeviceHourly.successes}) as successes, sum(${usageDeviceHourly.errors}) as errors
      from ${usageDeviceHourly}
      where ${and(gte(usageDeviceHourly.hour, split.wholeHours.from), lt(usageDeviceHourly.hour, split.wholeHours.toExclusive))}
      group by 1, 2`);
  }
  for (const edge of split.edges) {
    parts.push(sql`select ${usageEvents.licenseId} as license_id, ${usageEvents.deviceId} as device_id,
        count(*) filter (where ${eq(usageEvents.kind, 'success')}) as successes,
        count(*) filter (where ${eq(usageEvents.kind, 'error')}) as errors
      from ${usageEvents}
      where ${and(
        inArray(usageEvents.kind, ['success', 'error']),
        gte(usageEvents.occurredAt, edge.start),
        lt(usageEvents.occurredAt, edge.endExclusive),
        isNotNull(usageEvents.licenseId),
      )}
      group by 1, 2`);
  }
  // An empty range: no rows, in the same shape.
  if (!parts.length) return sql`select null::uuid as license_id, null::text as device_id, 0::bigint as successes, 0::bigint as errors where false`;
  return sql.join(parts, sql` union all `);
}

/**
 * The top booths of [start, end) by events or by errors, with their licence, owner and name, in
 * one grouped statement: the counts are summed per booth, only the top 10 are joined to their
 * licence, customer and booth name. The name is the one the owner gave it in the fleet view, else
 * the one the desktop program reported if the licence is still bound to that device.
 */
export function boothRankingSql(order: BoothRankingOrder, start: Date, endExclusive: Date): SQL {
  const rank = order === 'events' ? sql.raw('b.successes + b.errors') : sql.raw('b.errors');
  return sql`with counted as (${boothCountsSql(start, endExclusive)}),
    booth as (
      select license_id, device_id, sum(successes)::bigint as successes, sum(errors)::bigint as errors
      from counted group by license_id, device_id
    ),
    top as (
      select b.*, ${rank} as ranked_by from booth b
      where ${rank} > 0
      order by ranked_by desc, b.license_id, b.device_id
      limit ${BOOTH_RANKING_SIZE}
    )
    select top.license_id, top.device_id, top.successes, top.errors,
      l.license_key, l.user_id, u.email,
      coalesce(bn.name,
        case when l.device_id = top.device_id then l.device_name end) as booth_name
    from top
    join ${licenses} l on l.id = top.license_id
    join ${users} u on u.id = l.user_id
    left join ${boothNames} bn on bn.user_id = l.user_id and bn.device_id = top.device_id
    order by top.ranked_by desc, top.license_id, top.device_id`;
}

interface BoothRow {
  license_id: string;
  device_id: string;
  successes: string | number;
  errors: string | number;
  license_key: string;
  user_id: number;
  email: string;
  booth_name: string | null;
}

const boothJson = (r: BoothRow): TBoothActivity => ({
  license_id: r.license_id,
  key_suffix: licenseKeySuffix(r.license_key),
  device_id: r.device_id,
  booth_name: r.booth_name,
  customer_id: Number(r.user_id),
  email: r.email,
  events: Number(r.successes) + Number(r.errors),
  errors: Number(r.errors),
});

/** ANALYTICS: the period's busiest booths and the ones with the most errors, 10 each. */
export async function rankBooths(db: DbOrTx, period: ReportPeriodInput, clock: ReportClock): Promise<TBoothRanking> {
  const r = resolvePeriod(period, clock.now, clock.timeZone);
  const busiest = await selectRows<BoothRow>(db, boothRankingSql('events', r.startUtc, r.endUtcExclusive));
  const mostErrors = await selectRows<BoothRow>(db, boothRankingSql('errors', r.startUtc, r.endUtcExclusive));
  return { busiest: busiest.map(boothJson), most_errors: mostErrors.map(boothJson) };
}
