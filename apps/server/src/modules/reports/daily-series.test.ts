import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { insertAccount, insertLicenseSpan, insertOrderPaidAt } from '../../../test/report-fixtures';
import type { Db } from '../../db/client';
import { dailySeries, type ReportClock } from './daily-series';
import { reportOverview } from './report-overview';

/** A Singapore wall-clock time as an instant. */
const sg = (local: string) => new Date(`${local}+08:00`);

// Noon in Singapore on 12 March 2025, a Wednesday: last_7_days is 6-12 March.
const clock: ReportClock = { now: sg('2025-03-12T12:00:00'), timeZone: 'Asia/Singapore' };
const WEEK = ['2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10', '2025-03-11', '2025-03-12'];

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await openTestDatabase();
  db = t.database.db;
});
afterAll(() => t.close());

/** The series as {day: value}, to compare whole weeks at a glance. */
const byDay = (series: Array<{ date: string; count?: number; income?: number }>) =>
  Object.fromEntries(series.map((d) => [d.date, d.count ?? d.income]));
const week = (values: number[]) => Object.fromEntries(WEEK.map((d, i) => [d, values[i]]));

describe('each metric, per Singapore business day', () => {
  // Written once; every test reads the same fixed data set.
  beforeAll(async () => {
    // Sign-ups: 23:30 SGT on the 10th (15:30 UTC, still the 10th in UTC too), 00:10 SGT on the
    // 11th (16:10 UTC on the 10th: a UTC report would put it on the 10th), an admin (not a
    // customer), and one before the week.
    await insertAccount(db, sg('2025-03-10T23:30:00'));
    await insertAccount(db, sg('2025-03-11T00:10:00'));
    await insertAccount(db, sg('2025-03-11T09:00:00'));
    await insertAccount(db, sg('2025-03-10T10:00:00'), 'admin');
    await insertAccount(db, sg('2025-03-05T23:59:59'));

    const buyer = await insertAccount(db, sg('2025-01-01T10:00:00'));
    // A payment at 23:30 SGT on the 10th: 150.00 - 15.00 discount + 12.34 shipping = 147.34.
    await insertOrderPaidAt(db, buyer, sg('2025-03-10T23:30:00'), { subtotalCents: 15_000, discountCents: 1_500, shippingCents: 1_234 });
    // 00:00 SGT on the 11th opens the 11th.
    await insertOrderPaidAt(db, buyer, sg('2025-03-11T00:00:00'), { subtotalCents: 4_000 });
    await insertOrderPaidAt(db, buyer, sg('2025-03-11T18:00:00'), { subtotalCents: 99_000, discountCents: 1 });
    // Not paid: never counted, whatever their time.
    await insertOrderPaidAt(db, buyer, sg('2025-03-11T12:00:00'), { paymentStatus: 'unpaid' });
    await insertOrderPaidAt(db, buyer, sg('2025-03-11T12:00:00'), { paymentStatus: 'failed' });
    // Outside the week on both sides.
    await insertOrderPaidAt(db, buyer, sg('2025-03-05T23:59:59'));
    await insertOrderPaidAt(db, buyer, sg('2025-03-13T00:00:00'));

    // Licences, judged at the end of each day (00:00 SGT of the next).
    // Current at the end of the 7th, 8th and 9th; expired at 10:00 on the 10th.
    await insertLicenseSpan(db, buyer, { startAt: sg('2025-03-07T10:00:00'), expiresAt: sg('2025-03-10T10:00:00') });
    // Never expires, revoked at noon on the 11th: current at the end of the 9th and 10th only.
    await insertLicenseSpan(db, buyer, { startAt: sg('2025-03-09T08:00:00'), expiresAt: null, revokedAt: sg('2025-03-11T12:00:00') });
    // Expires exactly at the end of the 11th: still current at the end of it.
    await insertLicenseSpan(db, buyer, { startAt: sg('2025-03-11T00:00:00'), expiresAt: sg('2025-03-12T00:00:00') });
    // Started during today: current at today's end.
    await insertLicenseSpan(db, buyer, { startAt: sg('2025-03-12T05:00:00'), expiresAt: sg('2026-03-12T05:00:00') });
    // Long-running, never expiring, never revoked: every day.
    await insertLicenseSpan(db, buyer, { startAt: sg('2024-01-01T00:00:00'), expiresAt: null });
  });

  it('total_users counts customer sign-ups on their Singapore day, 23:30 on that day, admins not at all', async () => {
    const series = await dailySeries(db, 'total_users', { period: 'last_7_days' }, clock);
    expect(series.map((d) => d.date)).toEqual(WEEK);
    expect(byDay(series)).toEqual(week([0, 0, 0, 0, 1, 2, 0]));
  });

  it('total_orders counts paid orders by payment time, 23:30 on that day and 00:00 on the next', async () => {
    const series = await dailySeries(db, 'total_orders', { period: 'last_7_days' }, clock);
    expect(byDay(series)).toEqual(week([0, 0, 0, 0, 1, 2, 0]));
  });

  it('total_income sums what was charged (after discount, with shipping) in USD with 2 decimals', async () => {
    const series = await dailySeries(db, 'total_income', { period: 'last_7_days' }, clock);
    expect(series[0]).toEqual({ date: '2025-03-06', income: 0 });
    expect(byDay(series)).toEqual(week([0, 0, 0, 0, 147.34, 40 + 989.99, 0]));
  });

  it('active_subscriptions counts the licences current at the end of each day', async () => {
    const series = await dailySeries(db, 'active_subscriptions', { period: 'last_7_days' }, clock);
    // long-running + [7th..9th] + [9th..10th] + [11th] + [12th]
    expect(byDay(series)).toEqual(week([1, 2, 2, 3, 2, 2, 2]));
  });

  it('counts in the configured zone: in UTC the 00:10 SGT sign-up falls on the 10th', async () => {
    const utc = await dailySeries(db, 'total_users', { start_date: '2025-03-10', end_date: '2025-03-11' }, { ...clock, timeZone: 'UTC' });
    expect(utc).toEqual([
      { date: '2025-03-10', count: 2 },
      { date: '2025-03-11', count: 1 },
    ]);
  });

  it('answers a custom range inclusive of both ends, every day zero-filled', async () => {
    const range = { start_date: '2025-03-04', end_date: '2025-03-11' };
    const orders = await dailySeries(db, 'total_orders', range, clock);
    expect(orders.map((d) => d.date)).toEqual(['2025-03-04', '2025-03-05', ...WEEK.slice(0, 6)]);
    expect(orders.map((d) => ('count' in d ? d.count : undefined))).toEqual([0, 1, 0, 0, 0, 0, 1, 2]);
  });

  it('today and yesterday are single Singapore days', async () => {
    expect(await dailySeries(db, 'total_orders', { period: 'today' }, clock)).toEqual([{ date: '2025-03-12', count: 0 }]);
    expect(await dailySeries(db, 'total_users', { period: 'yesterday' }, clock)).toEqual([{ date: '2025-03-11', count: 2 }]);
    const month = await dailySeries(db, 'total_income', { period: 'last_1_month' }, clock);
    expect(month).toHaveLength(30);
    expect(month[0]!.date).toBe('2025-02-11');
    expect(month.at(-1)).toEqual({ date: '2025-03-12', income: 0 });
  });

  it('the overview gives the totals now', async () => {
    // Customers: 4 sign-ups and the buyer. Licences current at noon on the 12th: today's, the
    // long-running one (the one that expired at 00:00 SGT and the revoked one are not).
    expect(await reportOverview(db, clock.now)).toEqual({
      total_users: 5,
      total_subscriptions: 2,
      total_orders: 5,
      total_income: 147.34 + 40 + 989.99 + 150 + 150,
      total_refunds: 0,
    });
  });
});
