import { describe, expect, it } from 'vitest';

import { analyticsListRange, ZAnalyticsListQuery, ZNoQuery, ZStrictReportQuery } from './report-queries';

const SG = 'Asia/Singapore';
const now = new Date('2025-03-09T17:00:00Z'); // 01:00 on 10 March in Singapore

describe('ZStrictReportQuery', () => {
  it('keeps the report query rules and refuses any other parameter', () => {
    expect(ZStrictReportQuery.parse({})).toEqual({ period: 'last_7_days' });
    expect(ZStrictReportQuery.parse({ start_date: '2025-03-01', end_date: '2025-03-02' })).toEqual({ start_date: '2025-03-01', end_date: '2025-03-02' });
    expect(ZStrictReportQuery.safeParse({ start_date: '2025-03-02', end_date: '2025-03-01' }).success).toBe(false);
    const typo = ZStrictReportQuery.safeParse({ perod: 'today' });
    expect(typo.success).toBe(false);
    expect(JSON.stringify(typo.error?.issues)).toContain('perod');
  });

  it('refuses days before 1970 or whose next day would leave the four-digit years', () => {
    expect(ZStrictReportQuery.safeParse({ start_date: '9999-12-30', end_date: '9999-12-30' }).success).toBe(true);
    expect(ZStrictReportQuery.safeParse({ start_date: '9999-12-31', end_date: '9999-12-31' }).success).toBe(false);
    expect(ZStrictReportQuery.safeParse({ start_date: '1969-12-31', end_date: '1970-01-01' }).success).toBe(false);
  });
});

it('ZNoQuery refuses any parameter', () => {
  expect(ZNoQuery.safeParse({}).success).toBe(true);
  expect(ZNoQuery.safeParse({ period: 'today' }).success).toBe(false);
});

describe('ZAnalyticsListQuery', () => {
  it('defaults the paging and leaves the range open', () => {
    expect(ZAnalyticsListQuery.parse({})).toEqual({ page_size: 10 });
  });

  it.each([
    [{ period: 'today', from: '2025-03-01' }, 'period'],
    [{ from: '2025-03-02', to: '2025-03-01' }, 'to'],
    [{ page_size: '101' }, 'page_size'],
    [{ from: '2025-02-29' }, 'from'],
    [{ to: '9999-12-31' }, 'to'],
    [{ kind: 'error' }, ''],
  ])('refuses %j (at %s)', (query, path) => {
    const r = ZAnalyticsListQuery.safeParse(query);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path.join('.')).toBe(path);
  });
});

describe('analyticsListRange', () => {
  it('turns from/to business days into a half-open UTC range, either side open', () => {
    expect(analyticsListRange({ from: '2025-03-01', to: '2025-03-02' }, now, SG)).toEqual({
      start: new Date('2025-02-28T16:00:00Z'),
      endExclusive: new Date('2025-03-02T16:00:00Z'),
    });
    expect(analyticsListRange({ to: '2025-03-02' }, now, SG)).toEqual({ start: undefined, endExclusive: new Date('2025-03-02T16:00:00Z') });
    expect(analyticsListRange({}, now, SG)).toEqual({ start: undefined, endExclusive: undefined });
  });

  it('counts a period as the reports do, in the business zone', () => {
    expect(analyticsListRange({ period: 'today' }, now, SG)).toEqual({
      start: new Date('2025-03-09T16:00:00Z'),
      endExclusive: new Date('2025-03-10T16:00:00Z'),
    });
  });
});
