import { describe, expect, it } from 'vitest';
import {
  currentPage,
  dailyPoints,
  errorRateText,
  formatEventTime,
  formatSeconds,
  goToPage,
  initialEventsView,
  orDash,
  shortDevice,
  rangeKey,
  summaryLine,
  switchMode,
} from './analytics-view';

describe('error rate', () => {
  it('is a percentage to one decimal, a dash without events, and never reads 0% when there were errors', () => {
    expect(errorRateText(1 / 13)).toBe('7.7%');
    expect(errorRateText(0.25)).toBe('25%');
    expect(errorRateText(1)).toBe('100%');
    expect(errorRateText(0)).toBe('0%');
    expect(errorRateText(1 / 5000)).toBe('<0.1%');
    expect(errorRateText(null)).toBe('—');
    expect(errorRateText(undefined)).toBe('—');
  });
});

describe('summary line', () => {
  it('is exactly the spec’s "Total Usage: n | Avg Time: x.xx s"', () => {
    expect(summaryLine({ total_usage: 1234, average_time: 2.345 })).toBe(
      'Total Usage: 1234 | Avg Time: 2.35 s',
    );
    expect(summaryLine({ total_usage: 7, average_time: 1.5 })).toBe(
      'Total Usage: 7 | Avg Time: 1.50 s',
    );
  });

  it('reads as nothing used when the call gave no answer', () => {
    expect(summaryLine(undefined)).toBe('Total Usage: 0 | Avg Time: 0.00 s');
  });
});

describe('events paging', () => {
  const week = rangeKey({ period: 'last_7_days' });
  const today = rangeKey({ period: 'today' });

  it('starts on the successful events, page 1', () => {
    const view = initialEventsView(week);
    expect(view.mode).toBe('success');
    expect(currentPage(view, week)).toBe(1);
  });

  it('switching Success/Error goes back to page 1', () => {
    const onPage3 = goToPage(initialEventsView(week), 3, week);
    expect(currentPage(onPage3, week)).toBe(3);
    const errors = switchMode('error', week);
    expect(errors.mode).toBe('error');
    expect(currentPage(errors, week)).toBe(1);
    expect(currentPage(switchMode('success', week), week)).toBe(1);
  });

  it('a new period starts at page 1 and keeps the mode', () => {
    const view = goToPage(switchMode('error', week), 4, week);
    expect(currentPage(view, today)).toBe(1);
    expect(view.mode).toBe('error');
    expect(rangeKey({ start_date: '2025-03-01', end_date: '2025-03-07' })).not.toBe(
      rangeKey({ start_date: '2025-03-01', end_date: '2025-03-08' }),
    );
  });
});

describe('analytics cells', () => {
  it('builds the two charts from the daily answer', () => {
    const daily = [
      { date: '2025-03-01', count: 4, average_time: 1.25 },
      { date: '2025-03-02', count: 0, average_time: 0 },
    ];
    expect(dailyPoints(daily, 'count')).toEqual([
      { date: '2025-03-01', value: 4 },
      { date: '2025-03-02', value: 0 },
    ]);
    expect(dailyPoints(daily, 'average_time').map((p) => p.value)).toEqual([1.25, 0]);
    expect(dailyPoints(undefined, 'count')).toEqual([]);
  });

  it('writes seconds to 2 places and missing fields as --', () => {
    expect(formatSeconds(2.345)).toBe('2.35');
    expect(formatSeconds(null)).toBe('--');
    expect(orDash(null)).toBe('--');
    expect(orDash('')).toBe('--');
    expect(orDash('photo.jpg')).toBe('photo.jpg');
    expect(formatEventTime('not a time')).toBe('--');
    expect(shortDevice('d76d2d4d-8c42-42c4-a33d-567d55173efa')).toBe('d76d2d4d…');
    expect(shortDevice('BOOTH-01')).toBe('BOOTH-01');
    expect(formatEventTime('2025-03-07T14:05:09.000Z')).toMatch(
      /^\d{1,2} Mar 2025, \d{2}:\d{2}:09$/,
    );
  });
});
