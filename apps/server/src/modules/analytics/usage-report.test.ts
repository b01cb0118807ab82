import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { insertUsageEvent } from '../../../test/report-fixtures';
import type { Db } from '../../db/client';
import type { ReportClock } from '../reports/daily-series';
import { usageDaily, usageSummary } from './usage-report';

const sg = (local: string) => new Date(`${local}+08:00`);
const clock: ReportClock = { now: sg('2025-03-12T12:00:00'), timeZone: 'Asia/Singapore' };

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await openTestDatabase();
  db = t.database.db;
  // The 10th: two files at 23:30 SGT and 08:00 (1 s and 2 s), an error (not usage).
  await insertUsageEvent(db, { kind: 'success', occurredAt: sg('2025-03-10T23:30:00'), processingTime: 1 });
  await insertUsageEvent(db, { kind: 'success', occurredAt: sg('2025-03-10T08:00:00'), processingTime: 2 });
  await insertUsageEvent(db, { kind: 'error', occurredAt: sg('2025-03-10T09:00:00') });
  // The 11th from 00:00 SGT: 0.25 s, and one without a measured time (counted, not averaged).
  await insertUsageEvent(db, { kind: 'success', occurredAt: sg('2025-03-11T00:00:00'), processingTime: 0.25 });
  await insertUsageEvent(db, { kind: 'success', occurredAt: sg('2025-03-11T10:00:00'), processingTime: null });
  // Before the week.
  await insertUsageEvent(db, { kind: 'success', occurredAt: sg('2025-03-05T23:59:59'), processingTime: 100 });
});
afterAll(() => t.close());

it('summarises the period: successful files, their average time in seconds, errors and their share of all events', async () => {
  expect(await usageSummary(db, { period: 'last_7_days' }, clock)).toEqual({ total_usage: 4, average_time: 1.083, errors: 1, error_rate: 0.2 });
  expect(await usageSummary(db, { period: 'yesterday' }, clock)).toEqual({ total_usage: 2, average_time: 0.25, errors: 0, error_rate: 0 });
  // No event at all: no rate (the screen shows a dash), not 0.
  expect(await usageSummary(db, { period: 'today' }, clock)).toEqual({ total_usage: 0, average_time: 0, errors: 0, error_rate: null });
});

it('lists every Singapore day of the period, 23:30 on its own day, zero-filled', async () => {
  expect(await usageDaily(db, { period: 'last_7_days' }, clock)).toEqual([
    { date: '2025-03-06', count: 0, average_time: 0 },
    { date: '2025-03-07', count: 0, average_time: 0 },
    { date: '2025-03-08', count: 0, average_time: 0 },
    { date: '2025-03-09', count: 0, average_time: 0 },
    { date: '2025-03-10', count: 2, average_time: 1.5 },
    { date: '2025-03-11', count: 2, average_time: 0.25 },
    { date: '2025-03-12', count: 0, average_time: 0 },
  ]);
});

it('takes a custom range, both ends included', async () => {
  const days = await usageDaily(db, { start_date: '2025-03-05', end_date: '2025-03-06' }, clock);
  expect(days).toEqual([
    { date: '2025-03-05', count: 1, average_time: 100 },
    { date: '2025-03-06', count: 0, average_time: 0 },
  ]);
});
