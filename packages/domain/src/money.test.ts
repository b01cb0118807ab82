import { describe, expect, it } from 'vitest';

import { formatUsd, fromCents, roundMoney, toCents } from './money';

describe('money', () => {
  it('rounds to cents, halves away from zero', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(2.344)).toBe(2.34);
    expect(roundMoney(1e-7)).toBe(0);
    expect(roundMoney(Number.NaN)).toBe(0);
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
  });

  it('converts cents both ways', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1.005)).toBe(101);
    expect(fromCents(1999)).toBe(19.99);
    expect(fromCents(500)).toBe(5);
  });

  it('formats USD with grouping and 2 decimals', () => {
    expect(formatUsd(1500)).toBe('$1,500.00');
    expect(formatUsd(0.3)).toBe('$0.30');
    expect(formatUsd(1234567.891)).toBe('$1,234,567.89');
    expect(formatUsd(-5)).toBe('-$5.00');
  });
});
