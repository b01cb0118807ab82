import { describe, expect, it } from 'vitest';
import { figureFit, formatOverviewFigure, seriesHeadline, seriesPoints } from './report-figures';

describe('report figures', () => {
  it('shows Total Income as $ with 2 decimals and the counts as whole numbers', () => {
    expect(formatOverviewFigure('total_income', 0)).toBe('$0.00');
    expect(formatOverviewFigure('total_income', 1500)).toBe('$1,500.00');
    expect(formatOverviewFigure('total_income', 1234.5)).toBe('$1,234.50');
    expect(formatOverviewFigure('total_income', 0.005)).toBe('$0.01');
    expect(formatOverviewFigure('total_users', 12045)).toBe('12,045');
    expect(formatOverviewFigure('total_orders', 0)).toBe('0');
    expect(formatOverviewFigure('total_refunds', 432.1)).toBe('$432.10');
    expect(formatOverviewFigure('total_income', -5)).toBe('-$5.00');
  });

  it('sizes a card figure by its length, never above the card font nor below a legible floor', () => {
    const size = (figure: string) => Number(/([\d.]+)cqi/.exec(figureFit(figure).fontSize)![1]);
    expect(figureFit('$3,731,240.00').fontSize).toMatch(/^clamp\(0\.75rem, [\d.]+cqi, 1\.75rem\)$/);
    expect(size('$3,731,240.00')).toBeLessThan(size('$1,500.00'));
    // 13 characters at 0.72em each fill the card's width (100cqi) at most.
    expect(size('$3,731,240.00') * 13 * 0.72).toBeLessThanOrEqual(100);
  });

  it('reads income from {date, income} and counts from {date, count}', () => {
    expect(
      seriesPoints([
        { date: '2025-03-01', income: 40.5 },
        { date: '2025-03-02', income: 0 },
      ]),
    ).toEqual([
      { date: '2025-03-01', value: 40.5 },
      { date: '2025-03-02', value: 0 },
    ]);
    expect(seriesPoints([{ date: '2025-03-01', count: 3 }])).toEqual([
      { date: '2025-03-01', value: 3 },
    ]);
    expect(seriesPoints([{ date: '2025-03-01', refunds: 12.5 }])).toEqual([{ date: '2025-03-01', value: 12.5 }]);
    expect(seriesPoints([{ date: '2025-03-01', income: -50 }])).toEqual([{ date: '2025-03-01', value: -50 }]);
    expect(seriesPoints(undefined)).toEqual([]);
  });

  it('sums flows over the period but gives active subscriptions as the last day’s level', () => {
    const points = [
      { date: '2025-03-01', value: 5 },
      { date: '2025-03-02', value: 7 },
    ];
    expect(seriesHeadline('total_users', points)).toBe('12 in period');
    expect(seriesHeadline('total_orders', points)).toBe('12 in period');
    expect(
      seriesHeadline('total_income', [
        { date: '2025-03-01', value: 1500.25 },
        { date: '2025-03-02', value: 40 },
      ]),
    ).toBe('$1,540.25 in period');
    expect(seriesHeadline('active_subscriptions', points)).toBe('7 at the last day');
    // Income net of refunds can go below 0 on a day; the period adds up in cents.
    expect(seriesHeadline('total_income', [{ date: '2025-03-01', value: 0.1 }, { date: '2025-03-02', value: 0.2 }, { date: '2025-03-03', value: -50 }])).toBe('-$49.70 in period');
    expect(seriesHeadline('total_refunds', [{ date: '2025-03-01', value: 10 }])).toBe('$10.00 in period');
    expect(seriesHeadline('total_users', [])).toBeUndefined();
  });
});
