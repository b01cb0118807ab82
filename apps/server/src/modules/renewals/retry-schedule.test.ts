import { describe, expect, it } from 'vitest';
import { renewalChargeCents } from './renewal-price';
import { nextRetryAt } from './retry-schedule';

const DAY = 24 * 60 * 60 * 1000;
const first = new Date('2027-01-10T08:00:00Z');
const grace = new Date(first.getTime() + 10 * DAY);
const at = (days: number) => new Date(first.getTime() + days * DAY);

describe('the retry schedule', () => {
  it('tries 1, 3 and 5 days after the first failure, then no more', () => {
    expect(nextRetryAt(first, [1, 3, 5], first, grace)).toEqual(at(1));
    expect(nextRetryAt(first, [1, 3, 5], at(1), grace)).toEqual(at(3));
    expect(nextRetryAt(first, [5, 1, 3], at(3), grace)).toEqual(at(5));
    expect(nextRetryAt(first, [1, 3, 5], at(5), grace)).toBeNull();
  });

  it('never schedules a try at or after the grace ends', () => {
    expect(nextRetryAt(first, [1, 3, 5], at(3), at(5))).toBeNull();
    expect(nextRetryAt(first, [1, 3, 5], at(1), at(3))).toBeNull();
  });
});

describe('the renewal price', () => {
  it('is the plan’s price, never above the price the holder was told', () => {
    expect(renewalChargeCents(15_000, null)).toBe(15_000);
    expect(renewalChargeCents(15_000, 15_000)).toBe(15_000);
    expect(renewalChargeCents(18_000, 15_000)).toBe(15_000);
    expect(renewalChargeCents(12_000, 15_000)).toBe(12_000);
  });
});
