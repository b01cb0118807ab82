import { describe, expect, it } from 'vitest';
import { formatDate, licenseDuration } from './format';

describe('licenseDuration', () => {
  it('counts the days of the term', () => {
    expect(licenseDuration('2025-01-01T10:00:00Z', '2025-01-02T10:00:00Z')).toBe('1 Day');
    expect(licenseDuration('2025-01-01T10:00:00Z', '2025-01-31T10:00:00Z')).toBe('30 Days');
    expect(licenseDuration('2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBe('365 Days');
  });
  it('says when a key never expires', () => {
    expect(licenseDuration('2025-01-01T00:00:00Z', null)).toBe('No expiry');
  });
});

describe('formatDate', () => {
  it('shows -- for a missing or broken date', () => {
    expect(formatDate(null)).toBe('--');
    expect(formatDate('not a date')).toBe('--');
    expect(formatDate('2025-03-05T12:00:00Z')).toMatch(/Mar 2025/);
  });
});
