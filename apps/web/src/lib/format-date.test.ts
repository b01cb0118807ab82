import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, formatRelativeTime, setDisplayTimeZone } from './format-date';

afterEach(() => setDisplayTimeZone(undefined));

describe('the display time zone', () => {
  it('shows the same instant in the zone the customer chose', () => {
    setDisplayTimeZone('Asia/Singapore');
    expect(formatDateTime('2025-03-05T14:05:00Z')).toBe('5 Mar 2025, 22:05');
    setDisplayTimeZone('America/Los_Angeles');
    expect(formatDateTime('2025-03-05T14:05:00Z')).toBe('5 Mar 2025, 06:05');
  });
});

describe('relative time', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says how long ago in the largest whole unit, rounded down', () => {
    expect(formatRelativeTime(ago(10), now)).toBe('just now');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(3 * 3600 + 3500), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(9 * 24 * 3600), now)).toBe('9 days ago');
    expect(formatRelativeTime(ago(400 * 24 * 3600), now)).toBe('last year');
  });
  it('says a future moment as one to come, and -- for none', () => {
    expect(formatRelativeTime(ago(-2 * 24 * 3600), now)).toBe('in 2 days');
    expect(formatRelativeTime(null, now)).toBe('--');
    expect(formatRelativeTime('not a date', now)).toBe('--');
  });
});
