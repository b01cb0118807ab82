import { describe, expect, it } from 'vitest';

import {
  addDays,
  businessDayOf,
  isCalendarDay,
  isValidTimeZone,
  MAX_REPORT_DAYS,
  REPORT_MSG,
  resolvePeriod,
  startOfBusinessDay,
  ZReportQuery,
  zeroFill,
} from './report-periods';

const SG = 'Asia/Singapore';
const LONDON = 'Europe/London';
const HOUR = 3_600_000;

const inRange = (instant: Date, range: { startUtc: Date; endUtcExclusive: Date }) =>
  instant.getTime() >= range.startUtc.getTime() &&
  instant.getTime() < range.endUtcExclusive.getTime();

describe('resolvePeriod in Asia/Singapore', () => {
  // 2025-03-10 01:00 SGT is still 2025-03-09 in UTC: the business day must come from Singapore.
  const now = new Date('2025-03-09T17:00:00Z');

  it('today is the Singapore day, midnight to midnight SGT', () => {
    const r = resolvePeriod({ period: 'today' }, now, SG);
    expect(r.days).toEqual(['2025-03-10']);
    expect(r.startUtc.toISOString()).toBe('2025-03-09T16:00:00.000Z');
    expect(r.endUtcExclusive.toISOString()).toBe('2025-03-10T16:00:00.000Z');
  });

  it('puts a payment at 23:30 SGT inside that day and 00:00 SGT of the next day outside it', () => {
    const day = resolvePeriod({ start_date: '2025-03-10', end_date: '2025-03-10' }, now, SG);
    expect(inRange(new Date('2025-03-10T23:30:00+08:00'), day)).toBe(true);
    expect(inRange(new Date('2025-03-10T00:00:00+08:00'), day)).toBe(true);
    expect(inRange(new Date('2025-03-11T00:00:00+08:00'), day)).toBe(false);
    expect(inRange(new Date('2025-03-09T23:59:59+08:00'), day)).toBe(false);
    expect(businessDayOf(new Date('2025-03-10T23:30:00+08:00'), SG)).toBe('2025-03-10');
  });

  it('yesterday is the Singapore day before today', () => {
    const r = resolvePeriod({ period: 'yesterday' }, now, SG);
    expect(r.days).toEqual(['2025-03-09']);
    expect(r.startUtc.toISOString()).toBe('2025-03-08T16:00:00.000Z');
    expect(r.endUtcExclusive.toISOString()).toBe('2025-03-09T16:00:00.000Z');
  });

  it('last_7_days is today and the 6 days before', () => {
    const r = resolvePeriod({ period: 'last_7_days' }, now, SG);
    expect(r.days).toEqual([
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
      '2025-03-10',
    ]);
    expect(r.endUtcExclusive.getTime() - r.startUtc.getTime()).toBe(7 * 24 * HOUR);
  });

  it('last_1_month is the last 30 days, today included, across a month end', () => {
    const r = resolvePeriod({ period: 'last_1_month' }, now, SG);
    expect(r.days).toHaveLength(30);
    expect(r.days[0]).toBe('2025-02-09');
    expect(r.days.at(-1)).toBe('2025-03-10');
    expect(new Set(r.days).size).toBe(30);
  });

  it('defaults to the last 7 days and to Singapore', () => {
    expect(resolvePeriod({}, now)).toEqual(resolvePeriod({ period: 'last_7_days' }, now, SG));
  });
});

describe('resolvePeriod in a zone with daylight saving (Europe/London)', () => {
  it('the day the clocks go forward is 23 hours long', () => {
    // 2025-03-30 01:00 GMT the clocks jump to 02:00 BST.
    const r = resolvePeriod(
      { start_date: '2025-03-30', end_date: '2025-03-30' },
      new Date(),
      LONDON,
    );
    expect(r.startUtc.toISOString()).toBe('2025-03-30T00:00:00.000Z');
    expect(r.endUtcExclusive.toISOString()).toBe('2025-03-30T23:00:00.000Z');
    expect(r.endUtcExclusive.getTime() - r.startUtc.getTime()).toBe(23 * HOUR);
    // 23:30 BST on the 30th is 22:30 UTC: inside; 00:30 BST on the 31st is 23:30 UTC: outside.
    expect(inRange(new Date('2025-03-30T22:30:00Z'), r)).toBe(true);
    expect(inRange(new Date('2025-03-30T23:30:00Z'), r)).toBe(false);
  });

  it('the day the clocks go back is 25 hours long', () => {
    const r = resolvePeriod(
      { start_date: '2025-10-26', end_date: '2025-10-26' },
      new Date(),
      LONDON,
    );
    expect(r.startUtc.toISOString()).toBe('2025-10-25T23:00:00.000Z');
    expect(r.endUtcExclusive.toISOString()).toBe('2025-10-27T00:00:00.000Z');
  });

  it('last_7_days spanning the change covers 7 days minus the lost hour', () => {
    const r = resolvePeriod({ period: 'last_7_days' }, new Date('2025-04-02T12:00:00Z'), LONDON);
    expect(r.days[0]).toBe('2025-03-27');
    expect(r.startUtc.toISOString()).toBe('2025-03-27T00:00:00.000Z');
    expect(r.endUtcExclusive.toISOString()).toBe('2025-04-02T23:00:00.000Z');
    expect(r.endUtcExclusive.getTime() - r.startUtc.getTime()).toBe(7 * 24 * HOUR - HOUR);
  });

  it('finds the start of a day whose midnight does not exist', () => {
    // America/Santiago moved its clocks from 00:00 to 01:00 on 2024-09-08.
    expect(startOfBusinessDay('2024-09-08', 'America/Santiago').toISOString()).toBe(
      '2024-09-08T04:00:00.000Z',
    );
    expect(businessDayOf(new Date('2024-09-08T03:59:59Z'), 'America/Santiago')).toBe('2024-09-07');
  });
});

describe('custom ranges', () => {
  const now = new Date('2025-06-15T00:00:00Z');

  it('include both ends and every day between', () => {
    const r = resolvePeriod({ start_date: '2024-02-27', end_date: '2024-03-02' }, now, SG);
    expect(r.days).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
    expect(r.startUtc.toISOString()).toBe('2024-02-26T16:00:00.000Z');
    expect(r.endUtcExclusive.toISOString()).toBe('2024-03-02T16:00:00.000Z');
  });

  it('allow 366 days and refuse 367', () => {
    const r = resolvePeriod({ start_date: '2024-01-01', end_date: '2024-12-31' }, now, SG);
    expect(r.days).toHaveLength(MAX_REPORT_DAYS);
    expect(() =>
      resolvePeriod({ start_date: '2024-01-01', end_date: '2025-01-01' }, now, SG),
    ).toThrow(REPORT_MSG.rangeTooLong);
  });

  it('refuse a start after the end, an impossible day or half a range', () => {
    expect(() =>
      resolvePeriod({ start_date: '2025-01-02', end_date: '2025-01-01' }, now, SG),
    ).toThrow(REPORT_MSG.startAfterEnd);
    expect(() =>
      resolvePeriod({ start_date: '2025-02-30', end_date: '2025-03-01' }, now, SG),
    ).toThrow(REPORT_MSG.dateFormat);
    expect(() => resolvePeriod({ start_date: '2025-01-01' }, now, SG)).toThrow(
      REPORT_MSG.rangeRequired,
    );
  });
});

describe('ZReportQuery', () => {
  const issues = (input: unknown) => {
    const result = ZReportQuery.safeParse(input);
    return result.success
      ? []
      : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('reads a period, defaulting to the last 7 days', () => {
    expect(ZReportQuery.parse({})).toEqual({ period: 'last_7_days' });
    expect(ZReportQuery.parse({ period: 'yesterday' })).toEqual({ period: 'yesterday' });
  });

  it('reads an inclusive custom range', () => {
    expect(ZReportQuery.parse({ start_date: ' 2025-01-01', end_date: '2025-01-31' })).toEqual({
      start_date: '2025-01-01',
      end_date: '2025-01-31',
    });
    expect(
      ZReportQuery.safeParse({ start_date: '2025-01-01', end_date: '2025-01-01' }).success,
    ).toBe(true);
  });

  it('refuses bad input with a message naming the field', () => {
    expect(issues({ period: 'forever' })[0]?.path).toBe('period');
    expect(issues({ start_date: '2025-01-01' })).toEqual([
      { path: 'end_date', message: REPORT_MSG.rangeRequired },
    ]);
    expect(issues({ end_date: '2025-01-01' })).toEqual([
      { path: 'start_date', message: REPORT_MSG.rangeRequired },
    ]);
    expect(issues({ start_date: '2025-01-02', end_date: '2025-01-01' })).toEqual([
      { path: 'end_date', message: REPORT_MSG.startAfterEnd },
    ]);
    expect(issues({ start_date: '2024-01-01', end_date: '2025-01-01' })).toEqual([
      { path: 'end_date', message: REPORT_MSG.rangeTooLong },
    ]);
    expect(issues({ start_date: '2025-01-01T00:00:00Z', end_date: '2025-01-02' })).toContainEqual({
      path: 'start_date',
      message: REPORT_MSG.dateFormat,
    });
    expect(issues({ period: 'today', start_date: '2025-01-01', end_date: '2025-01-02' })).toEqual([
      { path: 'period', message: REPORT_MSG.periodOrRange },
    ]);
  });
});

describe('zeroFill', () => {
  it('gives every day one row, in order, zero where the query found none', () => {
    const days = ['2025-03-01', '2025-03-02', '2025-03-03'];
    const rows = [
      { date: '2025-03-03', count: 4 },
      { date: '2025-03-01', count: 2 },
      { date: '2025-02-28', count: 9 },
    ];
    expect(zeroFill(days, rows, { count: 0 })).toEqual([
      { date: '2025-03-01', count: 2 },
      { date: '2025-03-02', count: 0 },
      { date: '2025-03-03', count: 4 },
    ]);
  });
});

describe('calendar helpers', () => {
  it('know real days and time zones', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2025-1-01')).toBe(false);
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(isValidTimeZone('Asia/Singapore')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
