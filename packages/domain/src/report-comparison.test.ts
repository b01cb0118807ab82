import { describe, expect, it } from 'vitest';

import { compareRanges, describeChange, percentChange, previousPeriodLabel, renewalRate } from './report-comparison';

const SG = 'Asia/Singapore';
const LONDON = 'Europe/London';
const iso = (r: { start: Date; end: Date }) => [r.start.toISOString(), r.end.toISOString()];

describe('compareRanges around midnight in Singapore', () => {
  it('today at 00:30 SGT (still the day before in UTC) against yesterday up to 00:30', () => {
    const now = new Date('2025-03-09T16:30:00Z'); // 2025-03-10 00:30 SGT
    const r = compareRanges({ period: 'today' }, now, SG);
    expect(iso(r.current)).toEqual(['2025-03-09T16:00:00.000Z', '2025-03-09T16:30:00.000Z']);
    expect(iso(r.previous)).toEqual(['2025-03-08T16:00:00.000Z', '2025-03-08T16:30:00.000Z']);
    expect(r.previousDays).toEqual({ first: '2025-03-09', last: '2025-03-09' });
  });

  it('today at 23:59:59 SGT against yesterday up to 23:59:59, never past yesterday', () => {
    const now = new Date('2025-03-10T15:59:59Z');
    const r = compareRanges({ period: 'today' }, now, SG);
    expect(iso(r.previous)).toEqual(['2025-03-08T16:00:00.000Z', '2025-03-09T15:59:59.000Z']);
  });

  it('today exactly at midnight is empty, and so is what it is compared with', () => {
    const r = compareRanges({ period: 'today' }, new Date('2025-03-09T16:00:00Z'), SG);
    expect(r.current.end.getTime() - r.current.start.getTime()).toBe(0);
    expect(r.previous.end.getTime() - r.previous.start.getTime()).toBe(0);
  });

  it('yesterday (ended) is whole, against the whole day before', () => {
    const r = compareRanges({ period: 'yesterday' }, new Date('2025-03-09T16:30:00Z'), SG);
    expect(iso(r.current)).toEqual(['2025-03-08T16:00:00.000Z', '2025-03-09T16:00:00.000Z']);
    expect(iso(r.previous)).toEqual(['2025-03-07T16:00:00.000Z', '2025-03-08T16:00:00.000Z']);
  });

  it('the last 7 days up to now against the 7 days before, up to the same time of day', () => {
    const now = new Date('2025-03-10T04:00:00Z'); // 12:00 SGT on 10 March
    const r = compareRanges({ period: 'last_7_days' }, now, SG);
    expect(iso(r.current)).toEqual(['2025-03-03T16:00:00.000Z', '2025-03-10T04:00:00.000Z']);
    expect(iso(r.previous)).toEqual(['2025-02-24T16:00:00.000Z', '2025-03-03T04:00:00.000Z']);
    expect(r.days).toBe(7);
  });

  it('the last 30 days across a month end (and February) against the 30 days before', () => {
    const now = new Date('2025-03-01T04:00:00Z'); // 1 March, 12:00 SGT
    const r = compareRanges({ period: 'last_1_month' }, now, SG);
    // 31 January to 1 March (February has 28 days) against 1 to 30 January.
    expect(r.previousDays).toEqual({ first: '2025-01-01', last: '2025-01-30' });
    expect(iso(r.previous)).toEqual(['2024-12-31T16:00:00.000Z', '2025-01-30T04:00:00.000Z']);
  });
});

describe('compareRanges for a custom range', () => {
  const now = new Date('2025-06-15T04:00:00Z');

  it('a past range against as many days ending the day before it', () => {
    const r = compareRanges({ start_date: '2025-03-01', end_date: '2025-03-31' }, now, SG);
    expect(r.previousDays).toEqual({ first: '2025-01-29', last: '2025-02-28' });
    expect(iso(r.current)).toEqual(['2025-02-28T16:00:00.000Z', '2025-03-31T16:00:00.000Z']);
    expect(iso(r.previous)).toEqual(['2025-01-28T16:00:00.000Z', '2025-02-28T16:00:00.000Z']);
  });

  it('a range over a leap day: 1 to 31 March 2024 against 30 January to 29 February', () => {
    const r = compareRanges({ start_date: '2024-03-01', end_date: '2024-03-31' }, now, SG);
    expect(r.previousDays).toEqual({ first: '2024-01-30', last: '2024-02-29' });
  });

  it('a range reaching into the future is cut at now, and the one before at the same time of day', () => {
    const r = compareRanges({ start_date: '2025-06-14', end_date: '2025-06-20' }, now, SG);
    expect(iso(r.current)).toEqual(['2025-06-13T16:00:00.000Z', '2025-06-15T04:00:00.000Z']);
    // 15 June 12:00 SGT moved back 7 days.
    expect(iso(r.previous)).toEqual(['2025-06-06T16:00:00.000Z', '2025-06-08T04:00:00.000Z']);
  });

  it('a range wholly in the future is empty on both sides', () => {
    const r = compareRanges({ start_date: '2025-07-01', end_date: '2025-07-02' }, now, SG);
    expect(r.current.end).toEqual(r.current.start);
    expect(r.previous.end).toEqual(r.previous.start);
  });
});

describe('compareRanges where the clocks change (Europe/London)', () => {
  it('today at 12:00 BST, the day after the clocks went forward, against 12:00 GMT the day before', () => {
    const now = new Date('2025-03-31T11:00:00Z'); // 12:00 BST
    const r = compareRanges({ period: 'today' }, now, LONDON);
    // Yesterday was 23 hours long; 12:00 wall clock on it is 11:00Z.
    expect(iso(r.previous)).toEqual(['2025-03-30T00:00:00.000Z', '2025-03-30T11:00:00.000Z']);
  });

  it('today at 12:00, the day after the clocks went back, against 12:00 on the 25-hour day (not 12 hours in)', () => {
    const now = new Date('2025-10-27T12:00:00Z');
    const r = compareRanges({ period: 'today' }, now, LONDON);
    // Yesterday began at 23:00Z (BST) and its clocks went back at 02:00: 12:00 on it is 12:00Z.
    expect(iso(r.previous)).toEqual(['2025-10-25T23:00:00.000Z', '2025-10-26T12:00:00.000Z']);
  });
});

describe('percentChange', () => {
  it.each([
    [120, 100, 'up', 20],
    [80, 100, 'down', -20],
    [100, 100, 'flat', 0],
    [0, 0, 'flat', 0],
    [5, 0, 'up', null],
    [0, 5, 'down', -100],
    [1, 3, 'down', -66.7],
    [10_001, 10_000, 'up', 0],
    [9_999, 10_000, 'down', 0],
    [150.5, 100.25, 'up', 50.1],
  ] as const)('%d against %d is %s %s', (current, previous, direction, percent) => {
    expect(percentChange(current, previous)).toEqual({ direction, percent });
  });

  it('never answers Infinity or NaN', () => {
    for (const [c, p] of [[1, 0], [0, 0], [1e9, 1]]) {
      const { percent } = percentChange(c!, p!);
      expect(percent === null || Number.isFinite(percent)).toBe(true);
    }
  });
});

describe('describeChange', () => {
  it('puts the direction in words for screen readers, not only in the arrow', () => {
    expect(describeChange({ direction: 'up', percent: 12.5 }, 'the 7 days before')).toEqual({ figure: '+12.5%', spoken: 'Up 12.5% from the 7 days before' });
    expect(describeChange({ direction: 'down', percent: -3 }, 'the day before')).toEqual({ figure: '−3.0%', spoken: 'Down 3.0% from the day before' });
    expect(describeChange({ direction: 'flat', percent: 0 }, 'the day before').spoken).toBe('No change from the day before');
  });

  it('says new when there was nothing before', () => {
    expect(describeChange({ direction: 'up', percent: null }, 'yesterday up to 12:05')).toEqual({ figure: 'new', spoken: 'New: none in yesterday up to 12:05' });
  });
});

describe('previousPeriodLabel', () => {
  it('names a whole period compared with', () => {
    expect(previousPeriodLabel({ period: 'yesterday' })).toBe('the day before');
    expect(previousPeriodLabel({ start_date: '2025-02-01', end_date: '2025-02-28' })).toBe('the 28 days before');
    expect(previousPeriodLabel({ start_date: '2025-02-01', end_date: '2025-02-01' })).toBe('the day before');
  });

  // Issue 37: "the 7 days before" while the server compared up to the same time of day.
  it('says where a running period\'s comparison stops: the time of day, and for several days on which day', () => {
    const now = new Date('2025-03-10T04:05:00Z'); // 12:05 SGT on 10 March
    const label = (input: Parameters<typeof compareRanges>[0]) => previousPeriodLabel(input, compareRanges(input, now, SG).previousCut);
    expect(label({ period: 'today' })).toBe('yesterday up to 12:05');
    // The server's previous range: 25 February 00:00 to 3 March 12:05.
    expect(label({ period: 'last_7_days' })).toBe('the 7 days before, up to 12:05 on 3 Mar');
    expect(label({ period: 'last_1_month' })).toBe('the 30 days before, up to 12:05 on 8 Feb');
    expect(label({ start_date: '2025-03-10', end_date: '2025-03-10' })).toBe('the day before up to 12:05');
    expect(label({ start_date: '2025-03-09', end_date: '2025-03-20' })).toBe('the 12 days before, up to 12:05 on 26 Feb');
    // Ended: whole days, no time.
    expect(label({ period: 'yesterday' })).toBe('the day before');
    expect(label({ start_date: '2025-03-01', end_date: '2025-03-07' })).toBe('the 7 days before');
  });

  it('says "up to this time" while the comparison has not answered', () => {
    expect(previousPeriodLabel({ period: 'today' })).toBe('yesterday up to this time of day');
    expect(previousPeriodLabel({ period: 'last_7_days' })).toBe('the 7 days before, up to this time of day');
    expect(previousPeriodLabel({ period: 'last_1_month' })).toBe('the 30 days before, up to this time of day');
  });

  it('gives the cut in the business zone, where the clocks changed too', () => {
    const r = compareRanges({ period: 'today' }, new Date('2025-03-31T11:00:00Z'), LONDON);
    expect(r.previousCut).toEqual({ day: '2025-03-30', time: '12:00' });
    expect(compareRanges({ period: 'yesterday' }, new Date('2025-03-31T11:00:00Z'), LONDON).previousCut).toBeNull();
  });
});

describe('renewalRate', () => {
  it('is renewals in time over licences that ended, one decimal; none ended is no rate', () => {
    expect(renewalRate(1, 3)).toBe(33.3);
    expect(renewalRate(0, 4)).toBe(0);
    expect(renewalRate(0, 0)).toBeNull();
  });
});
