import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resolvePeriod, startOfBusinessDay } from '@lbs/domain/report-periods';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { dayBuckets, insertAccount, insertLicenseSpan } from '../../../test/report-fixtures';
import { licenses } from '../../db/schema';
import { isLicenseCurrentThroughSql } from '../licenses/license-current';
import { dailySeries } from './daily-series';
import { selectRows } from '../../db/select-rows';

/**
 * active_subscriptions counts with a sweep (starts minus ends before each day's end); the rule
 * itself is isLicenseCurrentThroughSql. Over every awkward shape of licence (starting, expiring
 * or revoked exactly at a day's end, a millisecond either side, revoked before it started,
 * never ending) the sweep must give what the rule gives, day by day.
 */

const TZ = 'Asia/Singapore';
const clock = { now: new Date('2025-03-12T04:00:00Z'), timeZone: TZ };
const range = { start_date: '2025-03-08', end_date: '2025-03-11' };

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
  const db = t.database.db;
  const owner = await insertAccount(db, new Date('2024-01-01'));
  const boundary = startOfBusinessDay('2025-03-10', TZ).getTime(); // the end of the 9th
  const at = (ms: number) => new Date(boundary + ms);
  const H = 3_600_000;
  const starts = [at(-400 * H), at(-30 * H), at(-1), at(0), at(1), at(13 * H), at(200 * H)];
  const ends = [null, at(-49 * H), at(-1), at(0), at(1), at(23 * H), at(24 * H), at(500 * H)];
  const revocations = [null, at(-1), at(0), at(20 * H)];
  for (const startAt of starts)
    for (const expiresAt of ends)
      for (const revokedAt of revocations) await insertLicenseSpan(db, owner, { startAt, expiresAt, revokedAt });
});
afterAll(() => t.close());

it('agrees with isLicenseCurrentThroughSql on every day, boundaries included', async () => {
  const { days } = resolvePeriod(range, clock.now, TZ);
  const byRule = await selectRows<{ date: string; value: string | number }>(
    t.database.db,
    sql`select d.day as date, count(${licenses.id}) as value from ${dayBuckets(days, TZ)}
      left join ${licenses} on ${isLicenseCurrentThroughSql(sql`d.day_end`)} group by d.day order by d.day`,
  );
  const expected = byRule.map((r) => ({ date: r.date, count: Number(r.value) }));
  expect(await dailySeries(t.database.db, 'active_subscriptions', range, clock)).toEqual(expected);
  // The data set is not trivial: the counts differ from day to day and none is 0.
  expect(new Set(expected.map((d) => d.count)).size).toBeGreaterThan(2);
  expect(expected.every((d) => d.count > 0)).toBe(true);
});
