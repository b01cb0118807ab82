import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resolvePeriod } from '@lbs/domain/report-periods';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { insertAccount } from '../../../test/report-fixtures';
import type { Db } from '../../db/client';
import { boothNames, licenses, usageEvents } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import type { ReportClock } from '../reports/daily-series';
import { rankBooths } from './rank-booths';
import { usageSummary } from './usage-report';

const sg = (local: string) => new Date(`${local}+08:00`);
const singapore: ReportClock = { now: sg('2025-03-12T12:00:00'), timeZone: 'Asia/Singapore' };
// India is UTC+05:30: its days start on the half hour, so the edges of a period are counted from
// the events and the whole hours between from the hourly counts.
const india: ReportClock = { now: sg('2025-03-12T12:00:00'), timeZone: 'Asia/Kolkata' };

let t: TestDatabase;
let db: Db;
let ann: { id: number; email: string };
let ben: { id: number; email: string };
let named: Awaited<ReturnType<typeof insertLicense>>;
let reset: Awaited<ReturnType<typeof insertLicense>>;

/** Events of one booth, `n` of a kind, a minute apart from `at`. */
async function events(licenseId: string | null, deviceId: string, at: Date, successes: number, errors: number) {
  const rows = [
    ...Array.from({ length: successes }, () => 'success' as const),
    ...Array.from({ length: errors }, () => 'error' as const),
  ].map((kind, i) => ({ licenseId, deviceId, kind, occurredAt: new Date(at.getTime() + i * 60_000), processingTime: 1 }));
  if (rows.length) await db.insert(usageEvents).values(rows);
}

beforeAll(async () => {
  t = await openTestDatabase();
  db = t.database.db;
  ann = await insertAccount(db, sg('2024-01-01T00:00:00'));
  ben = await insertAccount(db, sg('2024-01-01T00:00:00'));
  // Ann's booth she named in her fleet view, and one named only by the desktop program.
  named = await insertLicense(db, ann, { deviceId: 'ann-front', startAt: sg('2025-01-01T00:00:00') });
  await db.insert(boothNames).values({ userId: ann.id, deviceId: 'ann-front', name: 'Front desk' });
  const reported = await insertLicense(db, ann, { deviceId: 'ann-side', startAt: sg('2025-01-01T00:00:00') });
  await db.update(licenses).set({ deviceName: 'SIDE-PC' }).where(sql`${licenses.id} = ${reported.id}`);
  // A key whose device was reset: the old device's events stay its own booth, with no name.
  reset = await insertLicense(db, ben, { deviceId: 'ben-new', startAt: sg('2025-01-01T00:00:00') });
  await db.update(licenses).set({ deviceName: 'NEW-PC' }).where(sql`${licenses.id} = ${reset.id}`);

  await events(named.id, 'ann-front', sg('2025-03-10T09:00:00'), 30, 2);
  await events(reported.id, 'ann-side', sg('2025-03-11T00:00:00'), 5, 9);
  await events(reset.id, 'ben-old', sg('2025-03-06T00:10:00'), 12, 1);
  await events(reset.id, 'ben-new', sg('2025-03-12T01:00:00'), 12, 1);
  // Eleven more of Ben's keys, 1 to 11 files each, on the 9th: only the top ten make a list.
  for (let i = 1; i <= 11; i += 1) {
    const key = await insertLicense(db, ben, { deviceId: `ben-${i}`, startAt: sg('2025-01-01T00:00:00') });
    await events(key.id, `ben-${i}`, sg('2025-03-09T13:00:00'), i, i % 3 === 0 ? 1 : 0);
  }
  // A minute before Singapore's last 7 days (and India's).
  await events(named.id, 'ann-front', sg('2025-03-05T23:59:00'), 0, 1);
  // India's 6th starts at 02:30 SGT: of these 40, the last 10 are in its week, all in Singapore's.
  await events(named.id, 'ann-front', sg('2025-03-06T02:00:00'), 0, 40);
  await events(named.id, 'ann-front', sg('2025-03-06T02:45:00'), 0, 7);
  // Without a licence (deleted): no booth to show.
  await events(null, 'orphan', sg('2025-03-10T10:00:00'), 100, 100);
});
afterAll(() => t.close());

/** The same lists written by hand over the events themselves. */
async function byHand(clock: ReportClock, order: 'events' | 'errors') {
  const r = resolvePeriod({ period: 'last_7_days' }, clock.now, clock.timeZone);
  const ranked = order === 'events' ? sql.raw('count(*)') : sql.raw("count(*) filter (where kind = 'error')");
  const rows = await selectRows<{ license_id: string; device_id: string; events: string | number; errors: string | number; email: string }>(
    db,
    sql`select e.license_id, e.device_id, count(*) as events, count(*) filter (where e.kind = 'error') as errors, min(u.email) as email
      from usage_events e join licenses l on l.id = e.license_id join users u on u.id = l.user_id
      where e.occurred_at >= ${r.startUtc} and e.occurred_at < ${r.endUtcExclusive}
      group by e.license_id, e.device_id
      having ${ranked} > 0
      order by ${ranked} desc, e.license_id, e.device_id
      limit 10`,
  );
  return rows.map((row) => ({ license_id: row.license_id, device_id: row.device_id, events: Number(row.events), errors: Number(row.errors), email: row.email }));
}

const essentials = (list: Array<{ license_id: string; device_id: string; events: number; errors: number; email: string }>) =>
  list.map(({ license_id, device_id, events, errors, email }) => ({ license_id, device_id, events, errors, email }));

it.each([
  ['Singapore (whole-hour days: the hourly counts only)', singapore],
  ['India (half-hour days: the edges from the events)', india],
])('reconciles both lists with the events counted by hand, %s', async (_zone, clock) => {
  const ranking = await rankBooths(db, { period: 'last_7_days' }, clock);
  expect(essentials(ranking.busiest)).toEqual(await byHand(clock, 'events'));
  expect(essentials(ranking.most_errors)).toEqual(await byHand(clock, 'errors'));
  expect(ranking.busiest).toHaveLength(10);
});

it('ranks Singapore’s last 7 days as expected, with names and owners', async () => {
  const ranking = await rankBooths(db, { period: 'last_7_days' }, singapore);
  expect(ranking.busiest.slice(0, 4).map((b) => [b.device_id, b.booth_name, b.events, b.errors, b.customer_id])).toEqual([
    ['ann-front', 'Front desk', 79, 49, ann.id],
    ['ann-side', 'SIDE-PC', 14, 9, ann.id],
    // One key, two booths (its device was reset): the name the program reported is the bound
    // device's, so the old one has none.
    ['ben-new', 'NEW-PC', 13, 1, ben.id],
    ['ben-old', null, 13, 1, ben.id],
  ]);
  expect(ranking.busiest[0]!.key_suffix).toBe(named.licenseKey.split('-').at(-1));
  expect(ranking.busiest[0]!.email).toBe(ann.email);
  // Booths without an error are left out of the errors list: 4 above and ben-3, -6, -9.
  expect(ranking.most_errors.map((b) => [b.device_id, b.errors])).toEqual([
    ['ann-front', 49],
    ['ann-side', 9],
    ...[['ben-new', 1], ['ben-old', 1], ['ben-3', 1], ['ben-6', 1], ['ben-9', 1]]
      .map(([d]) => ranking.most_errors.find((b) => b.device_id === d)!)
      .sort((a, b) => (a.license_id + a.device_id < b.license_id + b.device_id ? -1 : 1))
      .map((b) => [b.device_id, 1]),
  ]);
});

it('reconciles the error rate with the events counted by hand', async () => {
  for (const clock of [singapore, india]) {
    const r = resolvePeriod({ period: 'last_7_days' }, clock.now, clock.timeZone);
    const [row] = await selectRows<{ successes: string | number; errors: string | number }>(
      db,
      sql`select count(*) filter (where kind = 'success') as successes, count(*) filter (where kind = 'error') as errors
        from usage_events where occurred_at >= ${r.startUtc} and occurred_at < ${r.endUtcExclusive}`,
    );
    const summary = await usageSummary(db, { period: 'last_7_days' }, clock);
    expect(summary.errors).toBe(Number(row!.errors));
    expect(summary.error_rate).toBeCloseTo(Number(row!.errors) / (Number(row!.successes) + Number(row!.errors)), 12);
  }
});

it('answers empty lists for a period without events', async () => {
  expect(await rankBooths(db, { start_date: '2024-06-01', end_date: '2024-06-30' }, singapore)).toEqual({ busiest: [], most_errors: [] });
});
