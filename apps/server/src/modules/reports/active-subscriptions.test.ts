import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resolvePeriod, startOfBusinessDay } from '@lbs/domain/report-periods';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { dayBuckets, insertAccount, insertLicenseSpan } from '../../../test/report-fixtures';
import { licenses } from '../../db/schema';
import { isLicenseActiveThroughSql, isLicenseCurrentThroughSql } from '../licenses/license-current';
import { dailySeries } from './daily-series';
import { reportOverview } from './report-overview';
import { selectRows } from '../../db/select-rows';

/**
 * active_subscriptions counts with a sweep (starts minus ends before each day's end); the rule
 * itself is isLicenseActiveThroughSql. Over every awkward shape of licence (starting, expiring,
 * revoked or suspended exactly at a day's end, a millisecond either side, revoked before it
 * started, never ending, in grace past its end) the sweep must give what the rule gives, day by day; and today's point
 * is the count now, the overview card's.
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
  // Suspended keys: their term runs on (no expiry here), but they stop counting at suspended_at.
  for (const startAt of starts)
    for (const suspendedAt of [at(-1), at(0), at(1), at(20 * H)]) await insertLicenseSpan(db, owner, { startAt, expiresAt: null, suspendedAt });
  // In grace (an automatic renewal unpaid): the term ended, but the key counts until grace_until.
  for (const startAt of starts)
    for (const graceUntil of [at(-1), at(0), at(1), at(30 * H)]) await insertLicenseSpan(db, owner, { startAt, expiresAt: at(-30 * H), graceUntil });
  // Around today's now (12:00 on the 12th in Singapore): ending an hour before it, an hour after
  // it and two (still before the day's end), suspended half an hour ago, starting an hour from now.
  const now = clock.now.getTime();
  await insertLicenseSpan(db, owner, { startAt: at(-400 * H), expiresAt: new Date(now - H) });
  await insertLicenseSpan(db, owner, { startAt: at(-400 * H), expiresAt: new Date(now + H) });
  await insertLicenseSpan(db, owner, { startAt: at(-400 * H), expiresAt: new Date(now + 2 * H) });
  await insertLicenseSpan(db, owner, { startAt: at(-400 * H), expiresAt: null, suspendedAt: new Date(now - H / 2) });
  await insertLicenseSpan(db, owner, { startAt: new Date(now + H), expiresAt: null });
});

/** The rule, day by day, at each day's end or now, whichever is earlier (a plain join, slow). */
async function countsByRule(days: readonly string[]) {
  const end = sql`least(d.day_end, ${clock.now.toISOString()}::timestamptz)`;
  const rows = await selectRows<{ date: string; value: string | number }>(
    t.database.db,
    sql`select d.day as date, count(${licenses.id}) as value from ${dayBuckets(days, TZ)}
      left join ${licenses} on ${isLicenseActiveThroughSql(end)} group by d.day order by d.day`,
  );
  return rows.map((r) => ({ date: r.date, count: Number(r.value) }));
}
afterAll(() => t.close());

it('agrees with isLicenseActiveThroughSql on every past day, boundaries included', async () => {
  const { days } = resolvePeriod(range, clock.now, TZ);
  const expected = await countsByRule(days);
  expect(await dailySeries(t.database.db, 'active_subscriptions', range, clock)).toEqual(expected);
  // The data set is not trivial: the counts differ from day to day and none is 0.
  expect(new Set(expected.map((d) => d.count)).size).toBeGreaterThan(2);
  expect(expected.every((d) => d.count > 0)).toBe(true);
});

it("counts today (and a later day of a custom range) at now: the card's figure, not a projection to midnight", async () => {
  const withToday = { start_date: '2025-03-11', end_date: '2025-03-13' };
  const { days } = resolvePeriod(withToday, clock.now, TZ);
  const series = (await dailySeries(t.database.db, 'active_subscriptions', withToday, clock)) as Array<{ date: string; count: number }>;
  expect(series).toEqual(await countsByRule(days));
  const today = series.find((d) => d.date === '2025-03-12')!;
  const overview = await reportOverview(t.database.db, clock.now);
  expect(today.count).toBe(overview.total_subscriptions);
  expect(series.find((d) => d.date === '2025-03-13')!.count).toBe(today.count);
  // At midnight the keys expiring in an hour and two would be gone: the projection differed.
  const atMidnight = await selectRows<{ n: string | number }>(
    t.database.db,
    sql`select count(*) as n from ${licenses} where ${isLicenseActiveThroughSql(startOfBusinessDay('2025-03-13', TZ))}`,
  );
  expect(Number(atMidnight[0]!.n)).not.toBe(today.count);
});

it('leaves suspended keys out of the card, as out of the chart', async () => {
  const count = async (where: ReturnType<typeof sql>) =>
    Number((await selectRows<{ n: string | number }>(t.database.db, sql`select count(*) as n from ${licenses} where ${where}`))[0]!.n);
  const now = clock.now.toISOString();
  // Current by their term, but suspended (every suspension here began before now).
  const suspendedCurrent = await count(sql`${isLicenseCurrentThroughSql(clock.now)} and suspended_at is not null and suspended_at < ${now}::timestamptz`);
  expect(suspendedCurrent).toBeGreaterThan(0);
  const overview = await reportOverview(t.database.db, clock.now);
  expect(overview.total_subscriptions).toBe((await count(isLicenseCurrentThroughSql(clock.now))) - suspendedCurrent);
});

it('counts a licence in grace as active: its term ended before the day’s end, its grace had not', async () => {
  const end = startOfBusinessDay('2025-03-10', TZ); // the end of the 9th
  const count = async (where: ReturnType<typeof sql>) =>
    Number((await selectRows<{ n: string | number }>(t.database.db, sql`select count(*) as n from ${licenses} where ${where}`))[0]!.n);
  // Active at the end of the 9th although their term ended before it: the grace spans above.
  const inGrace = await count(sql`${isLicenseActiveThroughSql(end)} and expires_at < ${end.toISOString()}::timestamptz`);
  expect(inGrace).toBeGreaterThan(0);
  expect(inGrace).toBe(await count(sql`grace_until >= ${end.toISOString()}::timestamptz and expires_at < ${end.toISOString()}::timestamptz and start_at < ${end.toISOString()}::timestamptz`));
  const series = (await dailySeries(t.database.db, 'active_subscriptions', { start_date: '2025-03-09', end_date: '2025-03-09' }, clock)) as Array<{ count: number }>;
  expect(series[0]!.count).toBe(await count(isLicenseActiveThroughSql(end)));
});
