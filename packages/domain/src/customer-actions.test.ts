import { describe, expect, it } from 'vitest';
import { CUSTOMER_ACTION_MSG, extendedLicenseEnd, ZLicenseExtendBody, ZLicenseReinstateBody, ZLicenseSuspendBody } from './customer-actions';

const DAY = 24 * 3600 * 1000;
const now = new Date('2026-11-26T06:57:00Z');

describe('ZLicenseExtendBody', () => {
  it('takes exactly one of until and days, and a reason', () => {
    expect(ZLicenseExtendBody.safeParse({ days: 7, reason: 'x' }).success).toBe(true);
    expect(ZLicenseExtendBody.safeParse({ until: '2027-01-01', reason: 'x' }).success).toBe(true);
    expect(ZLicenseExtendBody.safeParse({ until: '2027-01-01T10:00:00Z', reason: 'x' }).success).toBe(true);
    const both = ZLicenseExtendBody.safeParse({ days: 7, until: '2027-01-01', reason: 'x' });
    expect(both.success ? null : both.error.issues[0]!.message).toBe(CUSTOMER_ACTION_MSG.extendOneOf);
    expect(ZLicenseExtendBody.safeParse({ reason: 'x' }).success).toBe(false);
    expect(ZLicenseExtendBody.safeParse({ days: 7 }).success).toBe(false);
  });

  it('bounds days to whole numbers from 1 to 3650 and until to real dates', () => {
    for (const days of [0, 3651, 1.5, '7']) expect(ZLicenseExtendBody.safeParse({ days, reason: 'x' }).success).toBe(false);
    expect(ZLicenseExtendBody.safeParse({ days: 3650, reason: 'x' }).success).toBe(true);
    expect(ZLicenseExtendBody.safeParse({ until: '2027-02-30', reason: 'x' }).success).toBe(false);
  });
});

describe('suspend and reinstate bodies', () => {
  it('require a reason to suspend, not to reinstate', () => {
    expect(ZLicenseSuspendBody.safeParse({ reason: '  ' }).success).toBe(false);
    expect(ZLicenseSuspendBody.safeParse({ reason: 'Disputed' }).success).toBe(true);
    expect(ZLicenseReinstateBody.safeParse({}).success).toBe(true);
    expect(ZLicenseSuspendBody.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });
});

describe('extendedLicenseEnd', () => {
  const end = new Date('2026-12-01T00:00:00Z');
  it('adds days to the current end, or to now once it has passed', () => {
    expect(extendedLicenseEnd(end, { days: 10 }, now, 'Asia/Jakarta')).toEqual({ end: new Date(end.getTime() + 10 * DAY) });
    const ended = new Date('2026-11-01T00:00:00Z');
    expect(extendedLicenseEnd(ended, { days: 1 }, now, 'Asia/Jakarta')).toEqual({ end: new Date(now.getTime() + DAY) });
  });

  it('ends a bare day at 23:59:59 in the customer’s zone, around midnight too', () => {
    expect(extendedLicenseEnd(end, { until: '2026-12-31' }, now, 'Asia/Jakarta')).toEqual({ end: new Date('2026-12-31T16:59:59Z') });
    expect(extendedLicenseEnd(end, { until: '2026-12-31' }, now, 'Asia/Singapore')).toEqual({ end: new Date('2026-12-31T15:59:59Z') });
    expect(extendedLicenseEnd(end, { until: '2026-12-31' }, now, 'Asia/Jayapura')).toEqual({ end: new Date('2026-12-31T14:59:59Z') });
  });

  it('refuses a new end not after the current one, and one in the past', () => {
    expect(extendedLicenseEnd(end, { until: '2026-11-30' }, now, 'UTC')).toEqual({ problem: 'not_after_current_end' });
    expect(extendedLicenseEnd(end, { until: end.toISOString() }, now, 'UTC')).toEqual({ problem: 'not_after_current_end' });
    const ended = new Date('2026-10-01T00:00:00Z');
    expect(extendedLicenseEnd(ended, { until: '2026-11-01' }, now, 'UTC')).toEqual({ problem: 'in_the_past' });
  });
});
