import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, setDisplayTimeZone } from './format-date';

afterEach(() => setDisplayTimeZone(undefined));

describe('the display time zone', () => {
  it('shows the same instant in the zone the customer chose', () => {
    setDisplayTimeZone('Asia/Singapore');
    expect(formatDateTime('2025-03-05T14:05:00Z')).toBe('5 Mar 2025, 22:05');
    setDisplayTimeZone('America/Los_Angeles');
    expect(formatDateTime('2025-03-05T14:05:00Z')).toBe('5 Mar 2025, 06:05');
  });
});
