import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  dayOfMonth,
  formatChartValue,
  formatUsdTick,
  formatYTick,
  longDay,
  MAX_X_TICKS,
  niceYTicks,
  pickXTicks,
  yTicksFor,
} from './chart-scale';

const days = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
  );

describe('pickXTicks', () => {
  it('keeps every day when there are 10 or fewer', () => {
    expect(pickXTicks(days(1))).toEqual(days(1));
    expect(pickXTicks(days(7))).toEqual(days(7));
    expect(pickXTicks(days(10))).toEqual(days(10));
  });

  it('thins a month to 10 evenly spaced days, starting with the first', () => {
    const ticks = pickXTicks(days(30));
    expect(ticks).toHaveLength(10);
    expect(ticks.map(dayOfMonth)).toEqual([
      '1',
      '4',
      '7',
      '10',
      '13',
      '16',
      '19',
      '22',
      '25',
      '28',
    ]);
  });

  it('never gives more than 10 ticks, for any range up to a leap year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 366 }), (n) => {
        const all = days(n);
        const ticks = pickXTicks(all);
        expect(ticks.length).toBeLessThanOrEqual(MAX_X_TICKS);
        if (n) expect(ticks[0]).toBe(all[0]);
        // Evenly spaced and in order.
        const idx = ticks.map((t) => all.indexOf(t));
        for (let i = 1; i < idx.length; i += 1)
          expect(idx[i]! - idx[i - 1]!).toBe(idx[1]! - idx[0]!);
        // The smallest step that fits: one day less between ticks would make more than 10.
        if (n > MAX_X_TICKS)
          expect(Math.ceil(n / (idx[1]! - idx[0]! - 1))).toBeGreaterThan(MAX_X_TICKS);
      }),
    );
  });
});

describe('day labels', () => {
  it('labels the x axis with the day of the month, whatever the browser zone', () => {
    expect(dayOfMonth('2025-03-07')).toBe('7');
    expect(dayOfMonth('2025-03-31')).toBe('31');
    expect(longDay('2025-03-01')).toBe('Sat, 1 Mar 2025');
  });
});

describe('niceYTicks', () => {
  it('gives whole-number ticks for counts, from 0 to at least the highest value', () => {
    expect(niceYTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceYTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceYTicks(12)).toEqual([0, 5, 10, 15]);
    expect(niceYTicks(1234)).toEqual([0, 250, 500, 750, 1000, 1250]);
  });

  it('never gives a fractional count tick, for any highest value', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), (max) => {
        const ticks = niceYTicks(max);
        expect(ticks.every(Number.isInteger)).toBe(true);
        expect(ticks[0]).toBe(0);
        expect(ticks[ticks.length - 1]!).toBeGreaterThanOrEqual(max);
        expect(ticks.length).toBeLessThanOrEqual(6);
        expect(new Set(ticks).size).toBe(ticks.length);
      }),
    );
  });

  it('gives an all-zero series an axis of 0 and 1', () => {
    expect(niceYTicks(0)).toEqual([0, 1]);
    expect(niceYTicks(Number.NaN)).toEqual([0, 1]);
  });

  it('allows round decimals for money and seconds', () => {
    expect(niceYTicks(2.3, { integer: false })).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
    expect(niceYTicks(0.7, { integer: false })).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(yTicksFor('seconds', [0.3, 1.1])).toEqual([0, 0.25, 0.5, 0.75, 1, 1.25]);
    expect(yTicksFor('count', [0.3, 1.1])).toEqual([0, 1, 2]);
    // Income net of refunds below 0 on a day: round ticks below 0 too, 0 among them, one step.
    expect(yTicksFor('usd', [100, -50, 0])).toEqual([-50, 0, 50, 100]);
    expect(yTicksFor('usd', [-30, -5])).toEqual([-30, -20, -10, 0]);
    expect(yTicksFor('usd', [176.5, -5, 10])).toEqual([-50, 0, 50, 100, 150, 200]);
  });
});

describe('value formats', () => {
  it('writes money with $ and 2 decimals, counts grouped, seconds to 2 places', () => {
    expect(formatChartValue('usd', 1500)).toBe('$1,500.00');
    expect(formatChartValue('usd', 40.5)).toBe('$40.50');
    expect(formatChartValue('count', 12045)).toBe('12,045');
    expect(formatChartValue('seconds', 2.345)).toBe('2.35 s');
  });

  it('keeps y ticks short', () => {
    expect(formatUsdTick(0)).toBe('$0');
    expect(formatUsdTick(2.5)).toBe('$2.50');
    expect(formatUsdTick(1500)).toBe('$1.5K');
    expect(formatYTick('count', 250)).toBe('250');
    expect(formatYTick('count', 12000)).toBe('12K');
    expect(formatYTick('count', 1250)).toBe('1.25K');
    expect(formatUsdTick(12500)).toBe('$12.5K');
    expect(formatYTick('usd', 40)).toBe('$40');
  });
});
